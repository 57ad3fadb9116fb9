public import IntentKit

/// Implements the App Schema `notes.create`, so tools that know the schema can use it.
extension CreateNote: SchemaConformingIntent {
  public static var schema: AppSchema { .notesCreate }
}
