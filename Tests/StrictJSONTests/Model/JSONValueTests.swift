import StrictJSON
import Testing

@Suite("Values")
struct JSONValueTests {
  @Test("object members compare in order")
  func memberOrder() {
    let ab: JSONValue = ["a": 1, "b": 2]
    let ba: JSONValue = ["b": 2, "a": 1]
    #expect(ab != ba)
    #expect(ab == .object([(key: "a", value: 1), (key: "b", value: 2)]))
    #expect(ab != ["a": 1])
    #expect(ab != ["a": 1, "b": 3])
  }

  @Test("integers and doubles are different values, as they print differently")
  func integersAndDoubles() {
    #expect(JSONValue.integer(1) != .number(1))
    #expect(JSONValue.number(0) == .number(-0.0))
    #expect(JSONValue.number(.nan) != .number(.nan))
  }

  @Test(
    "equal values hash equally",
    arguments: [
      JSONValue.null, true, 1, 1.5, "s", [1, "a", [:]], ["a": [1, 2], "b": ["c": .null]],
    ])
  func hashing(value: JSONValue) throws {
    let copy = try JSONParser.parse(value.serialized()).plainValue
    #expect(copy == value)
    #expect(copy.hashValue == value.hashValue)
    #expect(Set([value, copy]).count == 1)
  }

  @Test(
    "values of different kinds are not equal",
    arguments: [JSONValue.null, false, 0, 0.0, "", [], [:]])
  func kinds(value: JSONValue) {
    let all: [JSONValue] = [.null, false, 0, 0.0, "", [], [:]]
    #expect(all.filter { $0 == value }.count == 1)
  }

  @Test("literals build the matching cases")
  func literals() {
    let value: JSONValue = ["flag": true, "count": 3, "ratio": 0.5, "name": "x", "list": [.null]]
    #expect(
      value
        == .object([
          (key: "flag", value: .bool(true)), (key: "count", value: .integer(3)),
          (key: "ratio", value: .number(0.5)), (key: "name", value: .string("x")),
          (key: "list", value: .array([.null])),
        ]))
  }
}
