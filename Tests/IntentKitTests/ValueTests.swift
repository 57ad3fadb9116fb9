import Foundation
import Testing

@testable import IntentKit

@Suite("Values")
struct ValueTests {
  @Test(
    "a value stays as small as an entity's existential, since a list of a million is a million of them"
  )
  func size() {
    // The entity case is the largest: `any AppEntity` (40 bytes) and the case's tag. A stored
    // field in `AnyEntity` once tripled this, and with it the memory of every large list.
    #expect(MemoryLayout<AnyEntity>.size == MemoryLayout<any AppEntity>.size)
    #expect(MemoryLayout<Value>.stride <= 48)
  }

  @Test(
    "null, blank text and an empty list are missing for a single value",
    arguments: [Value.null, .text(""), .text("   "), .text("\n\t"), .list([])])
  func missingForSingle(value: Value) {
    #expect(value.isMissing(for: .text))
    #expect(value.isMissing(for: .integer))
    #expect(value.isMissing(for: Fruit.valueType))
  }

  @Test(
    "real values are not missing",
    arguments: [
      Value.text(" a "), .integer(0), .boolean(false), .list([.null]), .fruit(Fruits.apple),
    ])
  func notMissing(value: Value) {
    #expect(!value.isMissing(for: .text))
  }

  @Test(
    "whitespace of any script is blank, and any other character is not",
    arguments: [
      ("\u{00A0}", true), (" \u{2003}\r\n", true), ("\u{0085}", true), (" é", false),
      ("日本", false), ("\u{1F600}", false), ("\u{000B}\u{000C}", true), ("\u{001F}", false),
    ])
  func blankText(text: String, isBlank: Bool) {
    #expect(Value.text(text).isMissing(for: .text) == isBlank)
  }

  @Test("for a list parameter only null is missing; an empty list is a value")
  func missingForList() {
    #expect(Value.null.isMissing(for: .list(.text)))
    #expect(!Value.list([]).isMissing(for: .list(.text)))
    #expect(!Value.text("").isMissing(for: .list(.text)))
  }

  @Test("for a parameter of any type only null is missing")
  func missingForAny() {
    #expect(Value.null.isMissing(for: .any))
    #expect(!Value.text("").isMissing(for: .any))
    #expect(!Value.list([]).isMissing(for: .any))
  }

  @Test("an entity value gives its entity; others give none")
  func entity() {
    #expect(Value.fruit(Fruits.apple).entity == AnyEntity(Fruits.apple))
    #expect(Value.text("Apple").entity == nil)
  }

  @Test("list items: a list's items, a single value as one item, none for null")
  func listItems() {
    #expect(Value.list([.integer(1), .integer(2)]).listItems == [.integer(1), .integer(2)])
    #expect(Value.text("a").listItems == [.text("a")])
    #expect(Value.list([]).listItems == [])
    #expect(Value.null.listItems == [])
  }

  @Test(
    "the dynamic type of each kind of value",
    arguments: [
      (Value.null, ValueType.nothing), (.text("a"), .text), (.integer(1), .integer),
      (.number(1), .number), (.boolean(true), .boolean),
      (.date(Date(timeIntervalSince1970: 0)), .date), (.duration(.seconds(1)), .duration),
      (.url(url("https://a.b")), .url), (.dictionary([:]), .dictionary),
      (.fruit(Fruits.apple), Fruit.valueType),
    ])
  func valueType(value: Value, type: ValueType) {
    #expect(value.valueType == type)
  }

  @Test("a list's type is its items' type when they agree, else a list of anything")
  func listType() {
    #expect(Value.list([.integer(1), .integer(2)]).valueType == .list(.integer))
    #expect(
      Value.list([.fruit(Fruits.apple), .fruit(Fruits.banana)]).valueType
        == .list(Fruit.valueType))
    #expect(Value.list([.integer(1), .text("2")]).valueType == .list(.any))
    #expect(Value.list([]).valueType == .list(.any))
    #expect(
      Value.list([.list([.integer(1)]), .list([.integer(2)])]).valueType == .list(.list(.integer)))
  }

  @Test("values compare by content; entities by type and id")
  func equality() {
    #expect(Value.text("a") == .text("a"))
    #expect(Value.integer(1) != .number(1))
    var renamed = Fruits.apple
    renamed.name = "Renamed"
    #expect(Value.fruit(renamed) == .fruit(Fruits.apple))
    #expect(Value.fruit(Fruits.apple) != .fruit(Fruits.banana))
  }
}

@Suite("Value types")
struct ValueTypeTests {
  @Test(
    "types read as words in messages",
    arguments: [
      (ValueType.any, "any value"), (.nothing, "nothing"), (.text, "text"),
      (.integer, "integer"), (.number, "number"), (.boolean, "boolean"), (.date, "date"),
      (.duration, "duration"), (.url, "URL"), (.list(.any), "list"),
      (.list(.integer), "list of integer"), (.list(.list(.text)), "list of list of text"),
      (.dictionary, "dictionary"), (Fruit.valueType, "Fruit"),
      (.list(Fruit.valueType), "list of Fruit"),
    ])
  func description(type: ValueType, text: String) {
    #expect(type.description == text)
  }

  @Test(
    "keywords name types in workflow files",
    arguments: [
      (ValueType.any, "any"), (.nothing, "nothing"), (.text, "text"), (.integer, "integer"),
      (.number, "number"), (.boolean, "boolean"), (.date, "date"), (.duration, "duration"),
      (.url, "url"), (.list(.integer), "list"), (.dictionary, "dictionary"),
      (Fruit.valueType, "Fruit"),
    ])
  func keyword(type: ValueType, keyword: String) {
    #expect(type.keyword == keyword)
  }

  @Test(
    "input types are found by name and by their JSON Schema synonyms",
    arguments: [
      ("any", ValueType.any), ("text", .text), ("string", .text), ("integer", .integer),
      ("int", .integer), ("number", .number), ("double", .number), ("boolean", .boolean),
      ("bool", .boolean), ("date", .date), ("duration", .duration), ("url", .url),
      ("list", .list(.any)), ("array", .list(.any)), ("dictionary", .dictionary),
      ("object", .dictionary),
    ])
  func named(keyword: String, type: ValueType) {
    #expect(ValueType.named(keyword) == type)
  }

  @Test(
    "unknown and differently cased names are not types", arguments: ["Text", "str", "", "Todo"])
  func unknownName(keyword: String) {
    #expect(ValueType.named(keyword) == nil)
  }

  @Test("every advertised keyword is a type")
  func keywords() {
    for keyword in ValueType.keywords {
      #expect(ValueType.named(keyword) != nil, "\(keyword)")
    }
    #expect(Set(ValueType.keywords).count == ValueType.keywords.count)
  }

  @Test("element and entity types are taken apart")
  func parts() {
    #expect(ValueType.list(.text).elementType == .text)
    #expect(ValueType.text.elementType == nil)
    #expect(Fruit.valueType.entityType == Fruit.entityType)
    #expect(ValueType.list(Fruit.valueType).entityType == nil)
  }

  @Test(
    "the article before a type's name",
    arguments: [
      (ValueType.integer, "an"), (.any, "an"), (.text, "a"), (.url, "a"), (.list(.text), "a"),
      (Fruit.valueType, "a"), (Onion.valueType, "an"),
    ])
  func article(type: ValueType, article: String) {
    #expect(type.article == article)
  }
}
