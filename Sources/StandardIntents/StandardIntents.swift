public import IntentKit

/// The built-in intents. A new intent is one file and one line here.
public enum StandardIntents {
  /// Every built-in intent type.
  public static let all: [any AppIntent.Type] =
    [
      AddTodo.self, FindTodos.self, CompleteTodo.self, DeleteTodo.self,
      CreateNote.self, FindNotes.self, PinNote.self, DeleteNote.self, SetNotesFilter.self,
      FindPhotos.self, TagPhotos.self, UploadPhoto.self, ShowPhotos.self,
      Uppercase.self,
      CountList.self,
      Wait.self,
    ] + dataIntents + systemIntents

  /// A registry holding the built-in intents.
  public static var registry: IntentRegistry { IntentRegistry(all) }
}
