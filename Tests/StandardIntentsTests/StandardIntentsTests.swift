import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("The standard intents")
struct StandardIntentsTests {
  let registry = StandardIntents.registry

  @Test("the registry lists every built-in intent once, by its documented identifier")
  func identifiers() {
    let identifiers = Set(registry.intents.map(\.identifier))
    #expect(
      identifiers.isSuperset(of: [
        "flow.wait", "list.count", "text.uppercase", "todos.add", "todos.complete",
        "todos.delete", "todos.find",
      ]))
    #expect(StandardIntents.all.count == registry.intents.count)
  }

  @Test(
    "each intent has its title, summary, input and output",
    arguments: [
      ("todos.add", "Add Todo", "Add Title due Due date", "title", "Todo"),
      ("todos.find", "Find Todos", "Find todos matching Query", nil, "list of Todo"),
      ("todos.complete", "Complete Todo", "Complete Todo", "todo", "Todo"),
      ("todos.delete", "Delete Todo", "Delete Todo", "todo", "Todo"),
      ("text.uppercase", "Change Case to Uppercase", "Uppercase Text", "input", "text"),
      ("list.count", "Count Items", "Count List", "input", "integer"),
    ] as [(IntentIdentifier, String, String, String?, String)])
  func metadata(
    identifier: IntentIdentifier, title: String, summary: String, input: String?, output: String
  ) throws {
    let intent = try #require(registry.intent(identifier))
    #expect(intent.title == title)
    #expect(intent.summary() == summary)
    #expect(intent.inputParameter?.name == input)
    #expect(intent.outputType.description == output)
    #expect(!intent.description.isEmpty)
    #expect(!intent.isLongRunning)
  }

  @Test("the parameters are declared as documented")
  func parameters() throws {
    let add = try #require(registry.intent("todos.add"))
    #expect(add.parameters.map(\.name) == ["title", "due"])
    #expect(add.parameters.map(\.type) == [.text, .date])
    #expect(add.parameters.map(\.isRequired) == [true, false])
    #expect(add.parameter(named: "title")?.question == "What's the title?")
    let find = try #require(registry.intent("todos.find"))
    #expect(find.parameters.map(\.name) == ["query", "includeDone"])
    #expect(find.parameter(named: "includeDone")?.defaultValue == .boolean(false))
    #expect(find.parameters.allSatisfy { !$0.isRequired })
    #expect(registry.intent("todos.complete")?.parameter(named: "todo")?.question == "Which todo?")
    #expect(
      registry.intent("todos.delete")?.parameter(named: "todo")?.question
        == "Which todo should be deleted?")
    #expect(registry.intent("list.count")?.parameter(named: "input")?.type == .list(.any))
  }

  @Test("the entity types and the records of the standard library")
  func entityTypes() {
    #expect(
      registry.entityTypes.map(\.name)
        == ["File", "HTTPResponse", "Note", "Photo", "PhotoContent", "ShellResult", "Todo"])
    #expect(
      registry.entityTypes.filter(\.isRecord).map(\.name)
        == ["HTTPResponse", "PhotoContent", "ShellResult"])
  }

  @Test("misspelt identifiers get a suggestion")
  func suggestions() {
    #expect(registry.suggestion(for: "todos.complet") == "todos.complete")
    #expect(registry.suggestion(for: "text.upper") == "text.uppercase")
    #expect(registry.suggestion(for: "list.cnt") == "list.count")
  }
}
