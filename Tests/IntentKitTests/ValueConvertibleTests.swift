import Foundation
import Testing

@testable import IntentKit

@Suite("Swift types as engine values")
struct ValueConvertibleTests {
  @Test("each Swift type declares its engine type")
  func valueTypes() {
    #expect(String.valueType == .text)
    #expect(Int.valueType == .integer)
    #expect(Double.valueType == .number)
    #expect(Bool.valueType == .boolean)
    #expect(Date.valueType == .date)
    #expect(Duration.valueType == .duration)
    #expect(URL.valueType == .url)
    #expect(Value.valueType == .any)
    #expect([Int].valueType == .list(.integer))
    #expect([Fruit].valueType == .list(Fruit.valueType))
    #expect([String: Int].valueType == .dictionary)
    #expect(Optional<String>.valueType == .text)
    #expect(NoValue.valueType == .nothing)
    #expect(Fruit.valueType == .entity(EntityType(Fruit.self)))
  }

  @Test("only Optional is optional")
  func optional() {
    #expect(Optional<String>.isOptionalType)
    #expect(Optional<[Int]>.isOptionalType)
    #expect(!String.isOptionalType)
    #expect(![Int].isOptionalType)
    #expect(!Fruit.isOptionalType)
  }

  @Test("scalars go to values and back")
  func scalarsRoundTrip() throws {
    #expect("a".intentValue == .text("a"))
    #expect(try #require(String(intentValue: .text("a"))) == "a")
    #expect(5.intentValue == .integer(5))
    #expect(Int(intentValue: .integer(5)) == 5)
    #expect(2.5.intentValue == .number(2.5))
    #expect(Double(intentValue: .number(2.5)) == 2.5)
    #expect(true.intentValue == .boolean(true))
    #expect(Bool(intentValue: .boolean(true)) == true)
    let date = Date(timeIntervalSince1970: 12)
    #expect(Date(intentValue: date.intentValue) == date)
    #expect(Duration(intentValue: Duration.seconds(3).intentValue) == .seconds(3))
    #expect(URL(intentValue: url("https://a.b").intentValue) == url("https://a.b"))
  }

  @Test("a number parameter takes an integer; other shapes are refused")
  func unwrapping() {
    #expect(Double(intentValue: .integer(2)) == 2)
    #expect(Int(intentValue: .number(2)) == nil)
    #expect(String(intentValue: .integer(2)) == nil)
    #expect(Bool(intentValue: .integer(1)) == nil)
    #expect(Date(intentValue: .text("2026-12-01")) == nil)
  }

  @Test("arrays take lists and single values; one bad item refuses the whole list")
  func arrays() {
    #expect([1, 2].intentValue == .list([.integer(1), .integer(2)]))
    #expect([Int](intentValue: .list([.integer(1), .integer(2)])) == [1, 2])
    #expect([Int](intentValue: .integer(7)) == [7])
    #expect([Int](intentValue: .null) == [])
    #expect([Int](intentValue: .list([.integer(1), .text("2")])) == nil)
  }

  @Test("dictionaries with text keys go both ways; a bad entry refuses the whole")
  func dictionaries() {
    #expect(["a": 1].intentValue == .dictionary(["a": .integer(1)]))
    #expect([String: Int](intentValue: .dictionary(["a": .integer(1)])) == ["a": 1])
    #expect([String: Int](intentValue: .dictionary(["a": .text("1")])) == nil)
    #expect([String: Int](intentValue: .list([])) == nil)
  }

  @Test("optionals: null is none, a value is some, another shape is refused")
  func optionals() {
    #expect(Optional<String>.none.intentValue == .null)
    #expect(Optional<String>.some("a").intentValue == .text("a"))
    #expect(Optional<String>(intentValue: .null) == .some(nil))
    #expect(Optional<String>(intentValue: .text("a")) == .some("a"))
    #expect(Optional<String>(intentValue: .integer(1)) == nil)
  }

  @Test("an engine value is itself; no value is null and cannot be made")
  func valueAndNoValue() {
    #expect(Value(intentValue: .integer(1)) == .integer(1))
    #expect(Value.text("x").intentValue == .text("x"))
    #expect(NoValue(intentValue: .null) == nil)
  }

  @Test("an entity wraps into a value and unwraps only as its own type")
  func entities() {
    let value = Fruits.apple.intentValue
    #expect(value == .entity(AnyEntity(Fruits.apple)))
    #expect(Fruit(intentValue: value) == Fruits.apple)
    #expect(Onion(intentValue: value) == nil)
    #expect(Fruit(intentValue: .text("f-apple")) == nil)
  }
}
