public import IntentKit

/// `notes.find`: lists notes, pinned first, then newest first.
public struct FindNotes: AppIntent {
  public static let identifier: IntentIdentifier = "notes.find"
  public static let title = "Find Notes"
  public static let description =
    "Returns the notes whose text contains the query (all when empty) and that have the tag "
    + "(any when empty), pinned first, then newest first. A Focus filter (notes.setFilter) "
    + "limits them to its tag."
  public static let parameterSummary: String? = "Find notes matching {query} tagged {tag}"

  @Parameter(title: "Query", description: "Text to look for in notes, ignoring case.")
  public var query: String?

  @Parameter(title: "Tag", description: "Only notes with this tag, ignoring case.")
  public var tag: String?

  @Dependency({ $0.notesStore }) var store: NoteStore

  public init() {}

  public func perform() async throws -> IntentResult<[Note]> {
    let notes = try store.find(query: query, tag: tag)
    let noun = notes.count == 1 ? "note" : "notes"
    return .result(
      value: notes, dialog: "Found \(notes.count) \(noun).",
      snippet: notes.isEmpty
        ? nil
        : notes.map { ($0.isPinned ? "* " : "- ") + $0.title + "  [\($0.tag)]" }
          .joined(separator: "\n"))
  }
}
