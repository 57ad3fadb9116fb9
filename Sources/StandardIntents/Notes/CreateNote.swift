public import IntentKit

/// `notes.create`: saves a note, as the seed's `CreateNoteIntent`.
public struct CreateNote: AppIntent {
  public static let identifier: IntentIdentifier = "notes.create"
  public static let title = "Create Note"
  public static let description = "Saves a new note to your inbox and returns it."
  public static let parameterSummary: String? = "Create a note with {body} tagged {tag}"

  @Parameter(
    title: "Content", description: "The note's text; its first line is the title.",
    requestValueDialog: "What should the note say?", isInput: true)
  public var body: String

  @Parameter(title: "Tag", description: "The note's tag.", default: "Quick")
  public var tag: String

  @Dependency({ $0.notesStore }) var store: NoteStore

  public init() {}

  public func perform() async throws -> IntentResult<Note> {
    let note = try store.create(body: body, tag: tag)
    return .result(value: note, dialog: "Note saved under tag \(tag).")
  }
}
