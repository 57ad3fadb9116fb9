import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("App Schemas")
struct AppSchemaTests {
  let registry = StandardIntents.registry

  @Test("todos.add, notes.create and photos.tag implement the catalog's schemas, and fit them")
  func implementations() {
    #expect(registry.intents(implementing: "tasks.create").map(\.identifier) == ["todos.add"])
    #expect(registry.intents(implementing: "notes.create").map(\.identifier) == ["notes.create"])
    #expect(registry.intents(implementing: "photos.tag").map(\.identifier) == ["photos.tag"])
    #expect(registry.schemaProblems.isEmpty)
  }

  @Test("an intent that claims a schema it does not fit is explained")
  func misfit() throws {
    let uppercase = try #require(registry.intent("text.uppercase"))
    #expect(
      AppSchema.notesCreate.problems(in: uppercase)
        == ["'text.uppercase' implements 'notes.create' but has no parameter 'body'"])
    let find = try #require(registry.intent("notes.find"))
    #expect(
      AppSchema.photosTag.problems(in: find)
        == ["'notes.find' implements 'photos.tag' but has no parameter 'photos'"])
    let count = try #require(registry.intent("list.count"))
    #expect(
      AppSchema.tasksCreate.problems(in: count)
        == ["'list.count' implements 'tasks.create' but has no parameter 'title'"])
  }
}
