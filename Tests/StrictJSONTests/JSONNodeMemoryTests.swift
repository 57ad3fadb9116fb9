import Testing

@testable import StrictJSON

/// Issue 7: a parsed tree costs a small constant per value, so that a hostile 16 MB file
/// cannot take gigabytes.
@Suite("The memory a parsed tree costs")
struct JSONNodeMemoryTests {
  @Test("a position takes 12 bytes and a node 32, so an array of n numbers costs 32n")
  func compactLayout() {
    #expect(MemoryLayout<JSONPosition>.size == 12)
    #expect(MemoryLayout<JSONNode>.stride == 32)
    #expect(MemoryLayout<JSONObject.Member>.stride <= 64)
  }

  @Test("positions keep their parts, and clamp what does not fit in 32 bits")
  func positions() {
    var position = JSONPosition(offset: 4_000_000_000, line: 70_000, column: 3)
    #expect(position.offset == 4_000_000_000)
    #expect(position.line == 70_000)
    position.column = -1
    #expect(position.column == 0)
    position.offset = Int.max
    #expect(position.offset == JSONPosition.maximum)
  }
}

@Suite("Limiting the number of values")
struct JSONValueLimitTests {
  @Test("a document with more values than allowed is refused at the first value too many")
  func tooManyValues() throws {
    let options = JSONParser.Options(maximumValues: 3, remedy: "split it")
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("[1, 2, 3]", options: options) }
    do {
      _ = try JSONParser.parse("[1, 2, 3]", options: options)
    } catch {
      #expect(error.message == "the document holds more than 3 values; split it")
      #expect(error.position.column == 8)
    }
    #expect(try JSONParser.parse("[1, 2]", options: options).plainValue == [1, 2])
  }
}
