import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("dict.get, dict.set, dict.keys, dict.values and dict.merge")
struct DictionaryTests {
  let harness = DataHarness()
  let person = Value.dictionary(["name": .text("Ada"), "age": .integer(36), "tags": .texts("x")])

  @Test("get returns the value under a key, typed")
  func get() async throws {
    #expect(
      try await harness.output("dict.get", ["input": person, "key": .text("age")]) == .integer(36))
    #expect(
      try await harness.output("dict.get", ["input": person, "key": .text("tags")]) == .texts("x"))
  }

  @Test("a missing key fails with the keys there are and a suggestion")
  func missingKey() async throws {
    let error = try #require(
      await harness.error("dict.get", ["input": person, "key": .text("nmae")]))
    #expect(error.code == .failed)
    #expect(
      error.message.hasSuffix(
        "the dictionary has no key 'nmae'; did you mean 'name'? (its keys: 'age', 'name', "
          + "'tags'); set 'default' to use a value when the key is missing"))
  }

  @Test("a missing key gives the default when there is one")
  func defaultValue() async throws {
    let output = try await harness.output(
      "dict.get", ["input": person, "key": .text("email"), "default": .text("")])
    #expect(output == .text(""))
  }

  @Test("an entity reads as a dictionary of its properties")
  func entity() async throws {
    let todos = try TodoHarness()
    let todo = try todos.add("Buy milk")
    let output = try await harness.output(
      "dict.get", ["input": .todo(todo), "key": .text("title")])
    #expect(output == .text("Buy milk"))
  }

  @Test("text is not a dictionary")
  func notADictionary() async throws {
    let error = try #require(
      await harness.error("dict.get", ["input": .text("{}"), "key": .text("a")]))
    #expect(error.code == .unsupported)
    #expect(error.message.hasSuffix("text cannot be used as a dictionary"))
  }

  @Test("set returns a new dictionary with the key added or replaced; keys may hold spaces")
  func set() async throws {
    let added = try await harness.output(
      "dict.set", ["input": .dictionary([:]), "key": .text("first name"), "value": .text("Ada")])
    #expect(added == .dictionary(["first name": .text("Ada")]))
    let replaced = try await harness.output(
      "dict.set", ["input": person, "key": .text("age"), "value": .integer(37)])
    #expect(
      replaced == .dictionary(["name": .text("Ada"), "age": .integer(37), "tags": .texts("x")]))
  }

  @Test("keys are sorted, and values follow their keys")
  func keysAndValues() async throws {
    #expect(
      try await harness.output("dict.keys", ["input": person]) == .texts("age", "name", "tags"))
    #expect(
      try await harness.output("dict.values", ["input": person])
        == .list([.integer(36), .text("Ada"), .texts("x")]))
  }

  @Test("merge keeps both, and the values of 'with' win")
  func merge() async throws {
    let output = try await harness.output(
      "dict.merge",
      [
        "input": .dictionary(["a": .integer(1), "b": .integer(2)]),
        "with": .dictionary(["b": .integer(20), "c": .integer(30)]),
      ])
    #expect(output == .dictionary(["a": .integer(1), "b": .integer(20), "c": .integer(30)]))
  }
}
