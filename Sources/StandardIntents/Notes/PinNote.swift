public import IntentKit

/// `notes.pin`: pins a note, as the seed's `PinNoteIntent`; pinned notes are listed first.
public struct PinNote: AppIntent {
  public static let identifier: IntentIdentifier = "notes.pin"
  public static let title = "Pin Note"
  public static let description =
    "Pins a note so that it is listed first. The note may be an entity from an earlier step, "
    + "an id, or text from it."
  public static let parameterSummary: String? = "Pin {note}"

  @Parameter(title: "Note", requestValueDialog: "Which note?", isInput: true)
  public var note: Note

  @Dependency({ $0.notesStore }) var store: NoteStore

  public init() {}

  public func perform() async throws -> IntentResult<Note> {
    guard let pinned = try store.pin(id: note.id) else {
      throw IntentError("the note '\(note.title)' no longer exists; it may have been deleted")
    }
    let dialog = note.isPinned ? "'\(note.title)' was already pinned." : "Pinned '\(note.title)'."
    return .result(value: pinned, dialog: dialog)
  }
}
