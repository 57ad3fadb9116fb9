public import IntentKit

/// `intentflow say "create a note buy bread"`, as the seed's `NotesShortcuts`.
extension CreateNote: PhraseProvidingIntent {
  public static var phrases: [String] {
    ["Create a note ${body}", "Add a note ${body}", "Note ${body}"]
  }
}
