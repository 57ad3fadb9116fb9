public import IntentKit
import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `notes.setFilter`: the Focus filter, as the seed's `NotesFocusFilterIntent`. While a tag is
/// set, the notes query, its suggestions and `notes.find` see only notes with that tag.
public struct SetNotesFilter: AppIntent {
  public static let identifier: IntentIdentifier = "notes.setFilter"
  public static let title = "Notes Filter"
  public static let description =
    "Shows only the notes with a tag, for every later run, until it is cleared; without a "
    + "tag, clears the filter."
  public static let parameterSummary: String? = "Show only notes tagged {tag}"

  @Parameter(title: "Show tag", description: "The tag to show; none clears the filter.")
  public var tag: String?

  @Dependency({ $0.notesStore }) var store: NoteStore

  public init() {}

  public func perform() async throws -> IntentResult<String?> {
    let tag = tag?.trimming(.whitespaces)
    let wanted = tag?.isEmpty == false ? tag : nil
    try store.setFilter(wanted)
    let dialog = wanted.map { "Showing only notes tagged \($0)." } ?? "Showing all notes."
    return .result(value: wanted, dialog: dialog)
  }
}
