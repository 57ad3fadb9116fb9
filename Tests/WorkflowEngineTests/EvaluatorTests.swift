import CivilTime
import Foundation
import IntentKit
import Testing

@testable import WorkflowEngine

private let milk = Value.entity(AnyEntity(Item.all[0]))
private let powder = Value.entity(AnyEntity(Item.all[1]))
private let mom = Value.entity(AnyEntity(Item.all[2]))

/// A slot reference with a path, as the planner compiles `${…}`.
private func slot(_ index: Int, _ path: PathComponent..., text: String = "x")
  -> CompiledExpression
{
  .slot(index, path: path, text: text, location: SourceLocation(file: "t.json", line: 2, column: 7))
}

private func member(_ value: Value, _ components: PathComponent...) throws -> Value {
  var result = value
  for component in components { result = try Evaluator.member(of: result, component) }
  return result
}

private func memberError(_ value: Value, _ component: PathComponent) -> String? {
  do {
    _ = try Evaluator.member(of: value, component)
    return nil
  } catch {
    return error.message
  }
}

private func date(_ text: String) -> Date {
  Timestamp.parse(text, defaultTimeZone: TimeZone(identifier: "UTC") ?? .current)
    ?? Date(timeIntervalSince1970: 0)
}

@Suite("Evaluating expressions")
struct EvaluatorTests {
  // MARK: Equality

  @Test(
    "equality across numbers and text compares numbers",
    arguments: [
      (Value.integer(3), Value.number(3.0), true), (.text("3"), .integer(3), true),
      (.integer(3), .text(" 3.0 "), true), (.text("3"), .number(3.5), false),
      (.text("3"), .text("3.0"), false), (.text("abc"), .integer(0), false),
      (.number(0.1 + 0.2), .number(0.3), false), (.integer(-1), .text("-1"), true),
    ])
  func numericEquality(lhs: Value, rhs: Value, equal: Bool) throws {
    #expect(try Evaluator.compare(lhs, .equal, rhs) == equal)
    #expect(try Evaluator.compare(rhs, .equal, lhs) == equal)
    #expect(try Evaluator.compare(lhs, .notEqual, rhs) == !equal)
  }

  @Test(
    "equality of other values",
    arguments: [
      (Value.text("abc"), Value.text("abc"), true), (.text("abc"), .text("ABC"), false),
      (.null, .null, true), (.null, .text(""), false), (.null, .integer(0), false),
      (.boolean(true), .text("TRUE"), true), (.text("false"), .boolean(false), true),
      (.boolean(true), .text("yes"), false), (.boolean(true), .boolean(true), true),
      (milk, milk, true), (milk, powder, false), (milk, .text("Buy milk"), true),
      (.list([.integer(1), .text("2")]), .list([.number(1), .integer(2)]), true),
      (.list([.integer(1)]), .list([.integer(1), .integer(2)]), false),
      (.date(date("2026-01-01")), .date(date("2026-01-01T00:00:00Z")), true),
      (.duration(.seconds(60)), .duration(.milliseconds(60_000)), true),
    ])
  func equality(lhs: Value, rhs: Value, equal: Bool) throws {
    #expect(try Evaluator.compare(lhs, .equal, rhs) == equal)
    #expect(try Evaluator.compare(rhs, .equal, lhs) == equal)
  }

  // MARK: Ordering

  @Test(
    "ordering of numbers, numeric text, text, dates and durations",
    arguments: [
      (Value.integer(2), ComparisonOperator.less, Value.integer(10), true),
      (.text("2"), .less, .text("10"), true),
      (.number(2.5), .greater, .integer(2), true),
      (.integer(3), .lessOrEqual, .number(3), true),
      (.integer(3), .greaterOrEqual, .integer(4), false),
      (.text("apple"), .less, .text("banana"), true),
      (.text("Zebra"), .less, .text("apple"), true),
      (.date(date("2026-01-01")), .less, .date(date("2026-06-01")), true),
      (.date(date("2026-01-01T00:00:00Z")), .greater, .text("2025-12-31T23:00:00Z"), true),
      (.text("2025-12-31T23:00:00Z"), .greater, .date(date("2026-01-01T00:00:00Z")), false),
      (.duration(.seconds(90)), .greater, .duration(.seconds(60)), true),
    ])
  func ordering(lhs: Value, op: ComparisonOperator, rhs: Value, expected: Bool) throws {
    #expect(try Evaluator.compare(lhs, op, rhs) == expected)
  }

  @Test(
    "values that have no order cannot be compared with < or >",
    arguments: [
      (Value.boolean(true), Value.integer(1), "cannot order boolean 'true' and integer '1'"),
      (milk, .integer(1), "cannot order Item 'Buy milk' and integer '1'"),
      (.null, .integer(1), "cannot order nothing '' and integer '1'"),
      (
        .date(date("2026-01-01")), .text("soon"),
        "cannot order date '"
          + Timestamp.format(date("2026-01-01"), in: .current) + "' and text 'soon'"
      ),
    ])
  func unordered(lhs: Value, rhs: Value, message: String) {
    #expect(throws: EvaluationError.self) { try Evaluator.compare(lhs, .less, rhs) }
    do {
      _ = try Evaluator.compare(lhs, .less, rhs)
    } catch {
      #expect(error.message == message)
    }
  }

  // MARK: Truth

  @Test(
    "truth in conditions",
    arguments: [
      (Value.null, false), (.boolean(false), false), (.boolean(true), true), (.integer(0), false),
      (.integer(-2), true), (.number(0), false), (.number(0.5), true), (.text(""), false),
      (.text("  "), false), (.text("false"), false), (.text("No"), false), (.text(" 0 "), false),
      (.text("true"), true), (.text("off"), true), (.text("x"), true), (.list([]), false),
      (.list([.null]), true), (.dictionary([:]), false), (.dictionary(["a": .null]), true),
      (.duration(.zero), false), (.duration(.seconds(1)), true),
      (.date(Date(timeIntervalSince1970: 0)), true), (milk, true),
      (.url(URL(string: "https://example.com") ?? URL(fileURLWithPath: "/")), true),
    ])
  func truth(value: Value, expected: Bool) {
    #expect(Evaluator.isTrue(value) == expected)
  }

  // MARK: Paths

  @Test(".count counts list items, characters of text and dictionary entries")
  func count() throws {
    #expect(try member(.list([.integer(1), .null]), .property("count")) == .integer(2))
    #expect(try member(.text("čaj 👨‍👩‍👧"), .property("count")) == .integer(5))
    #expect(try member(.text(""), .property("count")) == .integer(0))
    #expect(try member(.dictionary(["a": .null, "b": .null]), .property("count")) == .integer(2))
    #expect(try member(.dictionary(["count": .text("own")]), .property("count")) == .text("own"))
  }

  @Test("indexes count from the start, or from the end when negative")
  func indexes() throws {
    let list = Value.list([.text("a"), .text("b"), .text("c")])
    #expect(try member(list, .index(0)) == .text("a"))
    #expect(try member(list, .index(2)) == .text("c"))
    #expect(try member(list, .index(-1)) == .text("c"))
    #expect(try member(list, .index(-3)) == .text("a"))
  }

  @Test(
    "an index out of range says how long the list is",
    arguments: [
      (3, 3, "index 3 is out of range; the list has 3 items"),
      (-4, 3, "index -4 is out of range; the list has 3 items"),
      (1, 1, "index 1 is out of range; the list has 1 item"),
      (0, 0, "index 0 is out of range; the list has 0 items"),
    ])
  func indexOutOfRange(index: Int, count: Int, message: String) {
    let list = Value.list(Array(repeating: .integer(7), count: count))
    #expect(memberError(list, .index(index)) == message)
  }

  @Test("properties of entities, dictionaries and ids")
  func properties() throws {
    #expect(try member(milk, .property("title")) == .text("Buy milk"))
    #expect(try member(milk, .property("price")) == .integer(2))
    #expect(try member(milk, .property("id")) == .text("i1"))
    #expect(try member(milk, .property("tags"), .index(0)) == .text("dairy"))
    #expect(try member(.dictionary(["a": .integer(1)]), .property("a")) == .integer(1))
    #expect(try member(.dictionary(["a": .integer(1)]), .property("b")) == .null)
  }

  @Test("a property of a list is that property of every item")
  func propertiesOverLists() throws {
    let items = Value.list([milk, powder, mom])
    #expect(
      try member(items, .property("title"))
        == .list([.text("Buy milk"), .text("Buy milk powder"), .text("Call mom")]))
    #expect(
      try member(items, .property("price")) == .list([.integer(2), .integer(9), .integer(0)]))
    let nested = Value.list([.dictionary(["n": .integer(1)]), .dictionary(["n": .integer(2)])])
    #expect(try member(nested, .property("n")) == .list([.integer(1), .integer(2)]))
    #expect(try member(items, .property("count")) == .integer(3))
  }

  @Test("null propagates through paths: a skipped step's output has every property null")
  func nullPropagation() throws {
    #expect(try member(.null, .property("title")) == .null)
    #expect(try member(.null, .index(3), .property("count")) == .null)
    #expect(
      try member(.list([.null, milk]), .property("title")) == .list([.null, .text("Buy milk")]))
  }

  @Test(
    "reading what a value does not have says so",
    arguments: [
      (milk, PathComponent.property("colour"), "Item has no property 'colour'"),
      (.text("abc"), .index(0), "text cannot be indexed; only lists can"),
      (.integer(3), .property("title"), "integer has no property 'title'"),
      (.boolean(true), .property("count"), "boolean has no property 'count'"),
      (milk, .index(0), "Item cannot be indexed; only lists can"),
    ])
  func missingMembers(value: Value, component: PathComponent, message: String) {
    #expect(memberError(value, component) == message)
  }

  // MARK: contains

  @Test(
    "contains looks in lists, dictionary keys and text",
    arguments: [
      (Value.list([.integer(1), .integer(3)]), Value.text("3"), true),
      (.list([.text("a")]), .text("A"), false),
      (.list([milk, powder]), mom, false), (.list([milk, powder]), powder, true),
      (.dictionary(["key": .null]), .text("key"), true),
      (.dictionary(["key": .text("value")]), .text("value"), false),
      (.text("Hello World"), .text("WORLD"), true), (.text("Hello"), .text("bye"), false),
      (.text("anything"), .text(""), true), (.integer(12_345), .integer(234), true),
      (.null, .text(""), false), (milk, .text("MILK"), true),
    ])
  func contains(container: Value, element: Value, expected: Bool) {
    #expect(Evaluator.contains(container, element) == expected)
  }

  // MARK: Expressions

  @Test("&& and || evaluate their right side only when needed")
  func shortCircuit() throws {
    let failing = slot(0, .index(5), text: "list[5]")
    let slots = [Value.list([])]
    #expect(
      try Evaluator.evaluate(.and(.literal(.boolean(false)), failing), slots) == .boolean(false))
    #expect(try Evaluator.evaluate(.or(.literal(.text("yes")), failing), slots) == .boolean(true))
    #expect(throws: EvaluationError.self) {
      try Evaluator.evaluate(.and(.literal(.boolean(true)), failing), slots)
    }
  }

  @Test("a failing path names the reference and where it is written")
  func pathErrors() {
    do {
      _ = try Evaluator.evaluate(slot(0, .index(5), text: "found[5]"), [.list([milk, powder])])
      Issue.record("an index out of range evaluated")
    } catch {
      #expect(error.message == "'found[5]': index 5 is out of range; the list has 2 items")
      #expect(error.location == SourceLocation(file: "t.json", line: 2, column: 7))
    }
  }

  @Test("logical operators give booleans, comparisons and contains too")
  func operators() throws {
    let slots: [Value] = [.integer(3), .list([.text("a"), .text("b")])]
    #expect(try Evaluator.evaluate(.not(slot(0)), slots) == .boolean(false))
    #expect(try Evaluator.evaluate(.and(slot(0), slot(1)), slots) == .boolean(true))
    #expect(
      try Evaluator.evaluate(.or(.literal(.null), .literal(.integer(0))), slots) == .boolean(false))
    #expect(
      try Evaluator.evaluate(
        .compare(slot(1, .property("count")), .equal, .literal(.text("2"))), slots)
        == .boolean(true))
    #expect(
      try Evaluator.evaluate(.contains(slot(1), .literal(.text("b"))), slots) == .boolean(true))
  }

  @Test("${inputs} is a dictionary of every input")
  func inputsDictionary() throws {
    let value = try Evaluator.evaluate(.inputs([("a", 0), ("b", 1)]), [.integer(1), .text("x")])
    #expect(value == .dictionary(["a": .integer(1), "b": .text("x")]))
  }

  @Test("text with expressions renders each value as text: lists one item a line, null as nothing")
  func interpolation() throws {
    let value = CompiledValue.interpolation([
      .text("["), .expression(slot(0)), .text("] ["), .expression(slot(1)), .text("] ["),
      .expression(slot(2)), .text("] "), .expression(slot(3)),
    ])
    let slots: [Value] = [.list([.text("a"), .integer(2)]), milk, .null, .number(2.50)]
    #expect(try Evaluator.value(value, slots) == .text("[a\n2] [Buy milk] [] 2.5"))
  }

  @Test("lists and dictionaries of values evaluate each member")
  func structuredValues() throws {
    let value = CompiledValue.dictionary([
      ("list", .list([.literal(.integer(1)), .expression(slot(0))])), ("one", .expression(slot(0))),
    ])
    #expect(
      try Evaluator.value(value, [milk])
        == .dictionary(["list": .list([.integer(1), milk]), "one": milk]))
  }
}
