import CivilTime
import Foundation
import Testing

@testable import IntentKit

@Suite("Coercing values along the content graph")
struct ValueCoercionTests {
  // MARK: Anything becomes text

  @Test(
    "scalars become the text a person would write",
    arguments: [
      (Value.integer(42), "42"), (.integer(-7), "-7"), (.number(2.5), "2.5"), (.number(3), "3"),
      (.number(-0.125), "-0.125"), (.boolean(true), "true"), (.boolean(false), "false"),
      (.duration(.seconds(90)), "1m30s"),
      (
        .url(url("https://example.com/a?b=c")),
        "https://example.com/a?b=c"
      ),
    ])
  func scalarToText(value: Value, text: String) throws {
    #expect(try value.coerced(to: .text) == .text(text))
  }

  @Test("a list becomes text with one item a line")
  func listToText() throws {
    let list = Value.list([.text("bread"), .integer(2), .number(1.5), .boolean(true)])
    #expect(try list.coerced(to: .text) == .text("bread\n2\n1.5\ntrue"))
  }

  @Test("an entity becomes its display title, a list of entities one title a line")
  func entityToText() throws {
    #expect(try Value.fruit(Fruits.apple).coerced(to: .text) == .text("Apple"))
    let list = Value.list([.fruit(Fruits.apple), .fruit(Fruits.banana)])
    #expect(try list.coerced(to: .text) == .text("Apple\nBanana"))
  }

  @Test("a dictionary becomes JSON with sorted keys")
  func dictionaryToText() throws {
    let value = Value.dictionary(["b": .text("x"), "a": .integer(1)])
    #expect(try value.coerced(to: .text) == .text(#"{"a":1,"b":"x"}"#))
  }

  @Test("a date becomes ISO 8601 text in the local time zone")
  func dateToText() throws {
    let date = Date(timeIntervalSince1970: 1_780_000_000)
    #expect(
      try Value.date(date).coerced(to: .text) == .text(Timestamp.format(date, in: .current)))
  }

  // MARK: Text becomes what it parses as

  @Test(
    "text that parses becomes a number",
    arguments: [("2.5", 2.5), (" 7 ", 7), ("-1e3", -1000), ("0.1", 0.1), ("42\n", 42)])
  func textToNumber(text: String, number: Double) throws {
    #expect(try Value.text(text).coerced(to: .number) == .number(number))
  }

  @Test("text that is not a number says so", arguments: ["abc", "1,5", "inf", "nan", "", "1 2"])
  func textNotANumber(text: String) {
    #expect(throws: CoercionError(message: "'\(text)' is not a number")) {
      try Value.text(text).coerced(to: .number)
    }
  }

  @Test(
    "text that parses as a whole number becomes an integer",
    arguments: [("42", 42), (" -7 ", -7), ("+5", 5), ("3.0", 3), ("1e3", 1000)])
  func textToInteger(text: String, integer: Int) throws {
    #expect(try Value.text(text).coerced(to: .integer) == .integer(integer))
  }

  @Test(
    "text that is not a whole number says so",
    arguments: ["3.5", "seven", "99999999999999999999", "", "1_000"])
  func textNotAnInteger(text: String) {
    #expect(throws: CoercionError(message: "'\(text)' is not a whole number")) {
      try Value.text(text).coerced(to: .integer)
    }
  }

  @Test(
    "yes, no and their friends become booleans",
    arguments: [
      ("true", true), ("TRUE", true), ("yes", true), ("Yes", true), ("on", true), ("1", true),
      ("false", false), ("no", false), ("OFF", false), ("0", false), (" no ", false),
    ])
  func textToBoolean(text: String, boolean: Bool) throws {
    #expect(try Value.text(text).coerced(to: .boolean) == .boolean(boolean))
  }

  @Test("text that is not a boolean says what to write", arguments: ["maybe", "2", "y", ""])
  func textNotABoolean(text: String) {
    #expect(throws: CoercionError(message: "'\(text)' is not a boolean (use true or false)")) {
      try Value.text(text).coerced(to: .boolean)
    }
  }

  @Test("text with an offset becomes that instant")
  func textToDateWithOffset() throws {
    let value = try Value.text("2026-12-01T09:00:00+01:00").coerced(to: .date)
    #expect(value == .date(Date(timeIntervalSince1970: 1_796_112_000)))
  }

  @Test("text without an offset is local wall-clock time")
  func textToLocalDate() throws {
    let expected = try #require(Timestamp.parse("2026-12-01T09:00", defaultTimeZone: .current))
    #expect(try Value.text(" 2026-12-01T09:00 ").coerced(to: .date) == .date(expected))
  }

  @Test("text that is not a date shows the forms that work", arguments: ["soon", "2026-02-30"])
  func textNotADate(text: String) {
    let message =
      "'\(text)' is not a date (use 2026-12-01, 2026-12-01T09:00 or 2026-12-01T09:00:00+01:00)"
    #expect(throws: CoercionError(message: message)) { try Value.text(text).coerced(to: .date) }
  }

  @Test(
    "text that parses becomes a duration",
    arguments: [("1h30m", 5_400_000), ("250ms", 250), ("PT2M", 120_000), ("90", 90_000)])
  func textToDuration(text: String, milliseconds: Int64) throws {
    #expect(try Value.text(text).coerced(to: .duration) == .duration(.milliseconds(milliseconds)))
  }

  @Test("text that is not a duration shows the forms that work", arguments: ["soon", "-5s"])
  func textNotADuration(text: String) {
    let message = "'\(text)' is not a duration (use 90s, 5m, 1h30m, 250ms or PT1H30M)"
    #expect(throws: CoercionError(message: message)) {
      try Value.text(text).coerced(to: .duration)
    }
  }

  @Test(
    "text with a scheme becomes a URL",
    arguments: ["https://example.com/a?b=c", "mailto:someone@example.com", "file:///tmp/x"])
  func textToURL(text: String) throws {
    #expect(try Value.text(text).coerced(to: .url) == .url(url(text)))
  }

  @Test("text without a scheme is not a URL", arguments: ["example.com", "not a url", "12:30"])
  func textNotAURL(text: String) {
    let message = "'\(text)' is not a URL (include the scheme, as in https://…)"
    #expect(throws: CoercionError(message: message)) { try Value.text(text).coerced(to: .url) }
  }

  @Test("text never becomes a dictionary")
  func textToDictionary() {
    #expect(throws: CoercionError(message: "text cannot be used as a dictionary")) {
      try Value.text("{}").coerced(to: .dictionary)
    }
  }

  @Test("text and integers meant for an entity wait for the entity's query")
  func textToEntity() throws {
    #expect(try Value.text("apple").coerced(to: Fruit.valueType) == .text("apple"))
    #expect(try Value.integer(7).coerced(to: Fruit.valueType) == .integer(7))
  }

  // MARK: Lists

  @Test("a single value becomes a one-item list, coerced to the item type")
  func singleToList() throws {
    #expect(try Value.integer(1).coerced(to: .list(.integer)) == .list([.integer(1)]))
    #expect(try Value.text("5").coerced(to: .list(.integer)) == .list([.integer(5)]))
    #expect(try Value.fruit(Fruits.apple).coerced(to: .list(.any)) == .list([.fruit(Fruits.apple)]))
  }

  @Test("a single value that fails as an item reports the item's problem")
  func singleToListFails() {
    #expect(throws: CoercionError(message: "'x' is not a whole number")) {
      try Value.text("x").coerced(to: .list(.integer))
    }
  }

  @Test("a list is coerced item by item")
  func listToList() throws {
    let value = try Value.list([.text("1"), .integer(2), .number(3)]).coerced(to: .list(.number))
    #expect(value == .list([.number(1), .number(2), .number(3)]))
  }

  @Test("an item that does not convert is named by its position")
  func listItemFails() {
    #expect(throws: CoercionError(message: "item 2 of the list: 'two' is not a whole number")) {
      try Value.list([.text("1"), .text("two"), .text("three")]).coerced(to: .list(.integer))
    }
  }

  @Test("a list of anything stays as it is")
  func listToAnyList() throws {
    let list = Value.list([.text("a"), .integer(1)])
    #expect(try list.coerced(to: .list(.any)) == list)
  }

  @Test("a one-item list becomes its item")
  func oneItemList() throws {
    #expect(try Value.list([.text("5")]).coerced(to: .integer) == .integer(5))
    #expect(
      try Value.list([.fruit(Fruits.apple)]).coerced(to: Fruit.valueType) == .fruit(Fruits.apple))
  }

  @Test("a longer list for one value says how to take one item", arguments: [0, 2, 3])
  func listForOneValue(count: Int) {
    let list = Value.list(Array(repeating: .integer(1), count: count))
    let message =
      "expected one integer but got a list of \(count) items; take one item with [0] or use forEach"
    #expect(throws: CoercionError(message: message)) { try list.coerced(to: .integer) }
  }

  @Test("a list of entities for one entity says how to take one item")
  func listForOneEntity() {
    let list = Value.list([.fruit(Fruits.apple), .fruit(Fruits.banana)])
    let message =
      "expected one Fruit but got a list of 2 items; take one item with [0] or use forEach"
    #expect(throws: CoercionError(message: message)) { try list.coerced(to: Fruit.valueType) }
  }

  // MARK: Entities

  @Test("an entity stays an entity of its own type")
  func entityToSameEntity() throws {
    #expect(try Value.fruit(Fruits.apple).coerced(to: Fruit.valueType) == .fruit(Fruits.apple))
  }

  @Test("an entity of another type is refused, naming both types")
  func entityToOtherEntity() {
    #expect(throws: CoercionError(message: "'Apple' is a Fruit, not an Onion")) {
      try Value.fruit(Fruits.apple).coerced(to: Onion.valueType)
    }
    let onion = Value.entity(AnyEntity(Onion(id: "1")))
    #expect(throws: CoercionError(message: "'onion 1' is an Onion, not a Fruit")) {
      try onion.coerced(to: Fruit.valueType)
    }
  }

  @Test("an entity becomes a dictionary of its id and properties")
  func entityToDictionary() throws {
    let value = try Value.fruit(Fruits.apple).coerced(to: .dictionary)
    #expect(
      value
        == .dictionary([
          "id": .text("f-apple"), "name": .text("Apple"), "grams": .integer(180),
          "ripe": .boolean(true),
        ]))
  }

  @Test("an entity is not a number")
  func entityToInteger() {
    #expect(throws: CoercionError(message: "a Fruit cannot be used as an integer")) {
      try Value.fruit(Fruits.apple).coerced(to: .integer)
    }
  }

  // MARK: Numbers and the rest

  @Test("integers widen to numbers and durations in seconds")
  func integerWidens() throws {
    #expect(try Value.integer(2).coerced(to: .number) == .number(2))
    #expect(try Value.integer(90).coerced(to: .duration) == .duration(.seconds(90)))
    #expect(try Value.number(1.5).coerced(to: .duration) == .duration(.milliseconds(1_500)))
  }

  @Test("a number of seconds too large for a duration is an error, not a trap")
  func hugeDurations() throws {
    let message =
      "1e+300 seconds is too long a duration; durations go up to 9000000000000 seconds "
      + "(about 285,000 years)"
    let error = try #require(throws: CoercionError.self) {
      try Value.number(1e300).coerced(to: .duration)
    }
    #expect(error.message == message)
    #expect(throws: CoercionError.self) { try Value.integer(.max).coerced(to: .duration) }
  }

  @Test("a whole number becomes an integer, a fraction does not")
  func numberToInteger() throws {
    #expect(try Value.number(3).coerced(to: .integer) == .integer(3))
    #expect(throws: CoercionError(message: "2.5 is not a whole number")) {
      try Value.number(2.5).coerced(to: .integer)
    }
    #expect(throws: CoercionError(message: "1e+300 is not a whole number")) {
      try Value.number(1e300).coerced(to: .integer)
    }
  }

  @Test("0 and 1 become booleans, other integers do not")
  func integerToBoolean() throws {
    #expect(try Value.integer(1).coerced(to: .boolean) == .boolean(true))
    #expect(try Value.integer(0).coerced(to: .boolean) == .boolean(false))
    #expect(throws: CoercionError(message: "an integer cannot be used as a boolean")) {
      try Value.integer(2).coerced(to: .boolean)
    }
  }

  @Test(
    "impossible pairs name both types",
    arguments: [
      (Value.boolean(true), ValueType.integer, "a boolean cannot be used as an integer"),
      (.date(Date(timeIntervalSince1970: 0)), .number, "a date cannot be used as a number"),
      (.url(url("https://a.b")), .duration, "a URL cannot be used as a duration"),
      (.dictionary([:]), .integer, "a dictionary cannot be used as an integer"),
      (.number(1), Fruit.valueType, "a number cannot be used as a Fruit"),
    ])
  func impossible(value: Value, type: ValueType, message: String) {
    #expect(throws: CoercionError(message: message)) { try value.coerced(to: type) }
  }

  @Test(
    "null stays null and anything stays itself for any value",
    arguments: [ValueType.text, .integer, .list(.text), Fruit.valueType, .any])
  func nullAndAny(type: ValueType) throws {
    #expect(try Value.null.coerced(to: type) == .null)
    #expect(try Value.integer(5).coerced(to: .any) == .integer(5))
  }

  @Test("a value of the parameter's own type is returned as it is")
  func identity() throws {
    let values: [Value] = [
      .text("a"), .integer(1), .number(1.5), .boolean(false), .date(Date(timeIntervalSince1970: 5)),
      .duration(.seconds(3)), .url(url("https://a.b")), .dictionary(["a": .null]),
    ]
    for value in values {
      #expect(try value.coerced(to: value.valueType) == value)
    }
  }
}

@Suite("Knowing before a run whether a coercion can work")
struct ValueTypeCoercionTests {
  @Test(
    "these pairs always work",
    arguments: [
      (ValueType.text, ValueType.text), (.integer, .text), (.number, .text), (.date, .text),
      (.duration, .text), (.url, .text), (.dictionary, .text), (.list(.integer), .text),
      (Fruit.valueType, .text), (.list(Fruit.valueType), .text), (.boolean, .any),
      (.nothing, .any), (.integer, .number), (.integer, .duration), (.number, .duration),
      (Fruit.valueType, Fruit.valueType), (Fruit.valueType, .dictionary),
      (.integer, .list(.number)), (.list(.integer), .list(.number)), (.text, .list(.text)),
      (.list(.text), .list(.any)),
    ])
  func always(source: ValueType, target: ValueType) {
    #expect(source.coercion(to: target) == .always)
  }

  @Test(
    "these pairs work for some values",
    arguments: [
      (ValueType.text, ValueType.integer), (.text, .number), (.text, .boolean), (.text, .date),
      (.text, .duration), (.text, .url), (.number, .integer), (.integer, .boolean),
      (.text, Fruit.valueType), (.integer, Fruit.valueType), (.any, .integer),
      (.any, Fruit.valueType), (.any, .text), (.list(.text), .list(.integer)),
      (.text, .list(Fruit.valueType)), (.list(.any), .list(.integer)),
    ])
  func sometimes(source: ValueType, target: ValueType) {
    #expect(source.coercion(to: target) == .sometimes)
  }

  @Test(
    "these pairs never work, and the reason says what to do",
    arguments: [
      (ValueType.nothing, ValueType.text, "it produces no value"),
      (
        .list(Fruit.valueType), Fruit.valueType,
        "a list of Fruit cannot be used as one Fruit; take one item with [0] or run the step "
          + "for each item with forEach"
      ),
      (.list(.text), .integer, "a list cannot be used as an integer"),
      (.list(.any), .url, "a list cannot be used as a URL"),
      (Fruit.valueType, Onion.valueType, "Fruit is a different kind of entity from Onion"),
      (
        .list(Fruit.valueType), .list(Onion.valueType),
        "Fruit is a different kind of entity from Onion"
      ),
      (.boolean, .integer, "a boolean cannot be used as an integer"),
      (.date, .number, "a date cannot be used as a number"),
      (.url, Fruit.valueType, "a URL cannot be used as a Fruit"),
      (Fruit.valueType, .integer, "a Fruit cannot be used as an integer"),
      (.dictionary, Onion.valueType, "a dictionary cannot be used as an Onion"),
      (.duration, .date, "a duration cannot be used as a date"),
    ])
  func never(source: ValueType, target: ValueType, reason: String) {
    #expect(source.coercion(to: target) == .never(reason))
  }

  /// Sample values of each type; lists have zero or several items, because a one-item list
  /// converts to its item at run time although a list type cannot promise one item.
  static let samples: [Value] = [
    .text("12"), .text("yes"), .text("2026-12-01"), .text("90s"), .text("https://a.b"),
    .text("Apple"), .text("nonsense"), .integer(0), .integer(1), .integer(7), .number(2),
    .number(2.5), .boolean(true), .date(Date(timeIntervalSince1970: 0)),
    .duration(.seconds(5)), .url(url("https://a.b")), .dictionary(["k": .integer(1)]),
    .fruit(Fruits.apple), .entity(AnyEntity(Onion(id: "o"))), .list([]),
    .list([.text("1"), .text("2")]), .list([.fruit(Fruits.apple), .fruit(Fruits.banana)]),
  ]

  static let types: [ValueType] = [
    .text, .integer, .number, .boolean, .date, .duration, .url, .dictionary, .list(.any),
    .list(.integer), .list(.text), Fruit.valueType, Onion.valueType, .list(Fruit.valueType),
  ]

  @Test("what the static answer promises holds for every sample value")
  func staticAgreesWithRunTime() {
    for value in Self.samples {
      for type in Self.types {
        var failure: CoercionError?
        do { _ = try value.coerced(to: type) } catch { failure = error }
        switch value.valueType.coercion(to: type) {
        case .always:
          #expect(failure == nil, "\(value.valueType) → \(type): \(failure?.message ?? "")")
        case .never:
          #expect(failure != nil, "\(value.valueType) → \(type) converted")
        case .sometimes:
          break
        }
      }
    }
  }
}
