import CivilTime
import Foundation
import StrictJSON
import Testing

@testable import IntentKit

@Suite("Values as JSON")
struct ValueJSONTests {
  @Test(
    "scalars map to their JSON kinds",
    arguments: [
      (Value.null, JSONValue.null), (.text("a"), .string("a")), (.integer(-3), .integer(-3)),
      (.number(2.5), .number(2.5)), (.boolean(true), .bool(true)),
      (.url(url("https://a.b/c")), .string("https://a.b/c")),
    ])
  func scalars(value: Value, json: JSONValue) {
    #expect(value.jsonValue == json)
  }

  @Test("durations are seconds: whole ones integers, others numbers")
  func durations() {
    #expect(Value.duration(.seconds(90)).jsonValue == .integer(90))
    #expect(Value.duration(.milliseconds(1_500)).jsonValue == .number(1.5))
    #expect(Value.duration(.milliseconds(-250)).jsonValue == .number(-0.25))
  }

  @Test("a date is ISO 8601 text with the local offset")
  func date() {
    let date = Date(timeIntervalSince1970: 0)
    #expect(Value.date(date).jsonValue == .string(Timestamp.format(date, in: .current)))
  }

  @Test("lists are arrays and dictionaries objects with sorted keys")
  func containers() {
    let value = Value.dictionary(["b": .list([.integer(1), .null]), "a": .dictionary([:])])
    #expect(value.jsonValue == ["a": [:], "b": [1, .null]])
    #expect(value.jsonValue.serialized() == #"{"a":{},"b":[1,null]}"#)
  }

  @Test("an entity is its type, id, display title and properties in declaration order")
  func entity() {
    #expect(
      Value.fruit(Fruits.apple).jsonValue
        == [
          "type": "Fruit", "id": "f-apple", "display": "Apple",
          "properties": ["name": "Apple", "grams": 180, "ripe": true],
        ])
    #expect(
      Value.fruit(Fruits.pineapple).jsonValue.serialized()
        == #"{"type":"Fruit","id":"f-pineapple","display":"Pineapple","#
        + #""properties":{"name":"Pineapple","grams":1200,"ripe":null}}"#)
  }

  @Test("an entity without properties has an empty properties object")
  func bareEntity() {
    #expect(
      Value.entity(AnyEntity(Onion(id: "7"))).jsonValue
        == ["type": "Onion", "id": "7", "display": "onion 7", "properties": [:]])
  }

  @Test("JSON becomes values: objects dictionaries, arrays lists, numbers kept apart")
  func fromJSON() {
    let json: JSONValue = [
      "name": "Morning", "count": 3, "ratio": 0.5, "on": false, "tags": ["a", .null],
      "nested": ["x": 1],
    ]
    #expect(
      Value(json: json)
        == .dictionary([
          "name": .text("Morning"), "count": .integer(3), "ratio": .number(0.5),
          "on": .boolean(false), "tags": .list([.text("a"), .null]),
          "nested": .dictionary(["x": .integer(1)]),
        ]))
  }

  @Test("JSON text that looks like a date stays text")
  func noDatesFromJSON() {
    #expect(Value(json: "2026-12-01") == .text("2026-12-01"))
  }

  @Test("values made from JSON go back to the same JSON")
  func roundTrip() {
    let json: JSONValue = ["a": [1, 2.5, "x", true, .null], "b": ["c": [:]]]
    #expect(Value(json: json).jsonValue == json)
  }
}
