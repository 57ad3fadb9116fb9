import Testing

@testable import IntentKit

@Suite("The intent registry")
struct IntentRegistryTests {
  @Test("intents are found by identifier")
  func lookup() {
    let registry = TestIntents.registry
    #expect(registry.intent("test.greet")?.title == "Greet Someone")
    #expect(registry.intent("test.pick")?.identifier == "test.pick")
    #expect(registry.intent("test.nope") == nil)
  }

  @Test("every intent is listed once, sorted by identifier")
  func listing() {
    let identifiers = TestIntents.registry.intents.map(\.identifier.rawValue)
    #expect(identifiers == identifiers.sorted())
    #expect(identifiers.count == TestIntents.all.count)
    #expect(Set(identifiers).count == identifiers.count)
  }

  @Test("an empty registry knows nothing")
  func empty() {
    let registry = IntentRegistry()
    #expect(registry.intents.isEmpty)
    #expect(registry.intent("test.greet") == nil)
    #expect(registry.entityTypes.isEmpty)
    #expect(registry.suggestion(for: "test.greet") == nil)
  }

  @Test("registering adds one intent")
  func register() {
    var registry = IntentRegistry([Greet.self])
    registry.register(Bare.self)
    #expect(registry.intents.map(\.identifier) == ["test.bare", "test.greet"])
  }

  @Test("merging adds another registry's intents")
  func merge() {
    var registry = IntentRegistry([Greet.self])
    registry.merge(IntentRegistry([Bare.self, Hum.self]))
    #expect(registry.intents.map(\.identifier) == ["test.bare", "test.greet", "test.hum"])
  }

  @Test(
    "a misspelt identifier gets the nearest one",
    arguments: [("test.gret", "test.greet"), ("test.pik", "test.pick"), ("TEST.BAKE", "test.bake")])
  func suggestion(name: String, expected: IntentIdentifier) {
    #expect(TestIntents.registry.suggestion(for: name) == expected)
  }

  @Test("a name far from every identifier gets no suggestion")
  func noSuggestion() {
    #expect(TestIntents.registry.suggestion(for: "calendar.create") == nil)
  }

  @Test("entity types taken or returned are listed once each, sorted by name")
  func entityTypes() {
    let registry = TestIntents.registry
    #expect(registry.entityTypes.map(\.name) == ["Fruit"])
    let more = IntentRegistry([PackFruit.self, TakeOnion.self])
    #expect(more.entityTypes.map(\.name) == ["Fruit", "Onion"])
    #expect(IntentRegistry([Greet.self]).entityTypes.isEmpty)
  }
}

/// Returns a list of onions: its entity type is found through the list.
struct TakeOnion: AppIntent {
  static let identifier: IntentIdentifier = "test.onion"
  static let title = "Take Onions"

  func perform() async throws -> IntentResult<[Onion]> { .result(value: []) }
}

@Suite("Intent identifiers")
struct IntentIdentifierTests {
  @Test("identifiers are written as literals, compare by text and print as text")
  func basics() {
    let literal: IntentIdentifier = "todos.add"
    #expect(literal == IntentIdentifier("todos.add"))
    #expect(literal == IntentIdentifier(rawValue: "todos.add"))
    #expect(literal.description == "todos.add")
    #expect(IntentIdentifier("a.b") < IntentIdentifier("a.c"))
    #expect(["b", "a"].map { IntentIdentifier($0) }.sorted() == ["a", "b"])
  }
}
