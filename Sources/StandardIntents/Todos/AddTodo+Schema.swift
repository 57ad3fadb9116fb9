public import IntentKit

/// Implements the App Schema `tasks.create`, so tools that know the schema can use it.
extension AddTodo: SchemaConformingIntent {
  public static var schema: AppSchema { .tasksCreate }
}
