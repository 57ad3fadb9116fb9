public import IntentKit

/// `notes.delete`: deletes a note after the user confirms.
public struct DeleteNote: AppIntent {
  public static let identifier: IntentIdentifier = "notes.delete"
  public static let title = "Delete Note"
  public static let description = "Deletes a note for good. Asks for confirmation first."
  public static let parameterSummary: String? = "Delete {note}"

  @Parameter(title: "Note", requestValueDialog: "Which note should be deleted?", isInput: true)
  public var note: Note

  @Dependency({ $0.notesStore }) var store: NoteStore

  public init() {}

  public func confirm() async throws -> ConfirmationResult {
    .needsUserConfirmation(prompt: "Delete the note '\(note.title)'?")
  }

  public func perform() async throws -> IntentResult<Note> {
    guard let deleted = try store.delete(id: note.id) else {
      throw IntentError("the note '\(note.title)' no longer exists; it may have been deleted")
    }
    return .result(value: deleted, dialog: "Deleted '\(deleted.title)'.")
  }
}
