public import IntentKit

extension IntentDomain {
  /// The seeds' notes app: notes in `notes.sqlite` in the home.
  public static let notes = IntentDomain(
    name: "Notes", prefixes: ["notes"],
    intents: [
      CreateNote.self, FindNotes.self, PinNote.self, DeleteNote.self, SetNotesFilter.self,
    ]
  ) { dependencies, live in
    dependencies.notesStore = NoteStore.live(
      environment: live.environment, runEnvironment: live.runEnvironment)
  }
}
