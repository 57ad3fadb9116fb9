import StrictJSON
import Testing

@Suite("Nodes")
struct JSONNodeTests {
  @Test("the plain value drops positions and keeps everything else, in order")
  func plainValue() throws {
    let text = #"{"z": [1, -2.5, "s", true, null, {}], "a": {"k": []}}"#
    let expected: JSONValue = ["z": [1, -2.5, "s", true, .null, [:]], "a": ["k": []]]
    #expect(try JSONParser.parse(text).plainValue == expected)
  }

  @Test("nodes with the same value at different positions differ")
  func positionsMatter() throws {
    let first = try JSONParser.parse("[1]")
    let second = try JSONParser.parse(" [1]")
    #expect(first != second)
    #expect(first.plainValue == second.plainValue)
  }
}
