import StrictJSON
import TestSupport
import Testing

/// Cases in the spirit of the JSONTestSuite's `y_` (must accept) and `n_` (must reject)
/// categories, written for this project.
@Suite("Conformance with RFC 8259")
struct ConformanceTests {
  @Test(
    "documents that RFC 8259 allows are accepted",
    arguments: [
      "[]", "{}", "[[]]", "[{}]", "[null]", "[true]", "[false]", "0", "-0", "1", "-1", "1.5",
      "1e5", "1E5", "1e+5", "1e-5", "1.5e5", "-1.5E-5", "0.0", "0e0", "0E+0", "1e00",
      "123456789012345678901234567890", "\"\"", "\" \"", "\"\\u0000\"",
      "\"\\uD834\\uDD1E\"", "\"\u{7F}\"", "\"\u{10FFFF}\"", "\"\\/\"", "[1,2,3]", "[ 1 , 2 ]",
      " [] ", "\t[]\t", "\n[]\n", "\r[]\r", "{\"\":0}", "{\"a\":null}", "{\"a\":{\"a\":{}}}",
      "{\"a\":1,\"b\":2}", "[\"a\",\"b\"]", "[-0.0]", "[1e-400]", "{\"\\u0061\":1,\"b\":2}",
      "[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"]", "{ \"key\" : \"value\" }", "[[[[[[[[[[1]]]]]]]]]]",
    ])
  func accepted(text: String) {
    #expect(syntaxError(text) == nil)
  }

  @Test(
    "documents that RFC 8259 forbids are rejected",
    arguments: [
      // Structure.
      "", " ", "[", "]", "{", "}", "[}", "{]", "[1", "[1,", "[,]", "[,1]", "[1,]", "[1,,2]",
      "[1 2]", "{,}", "{\"a\"}", "{\"a\":}", "{\"a\" 1}", "{\"a\":1,}", "{\"a\":1 \"b\":2}",
      "{1:1}", "{null:1}", "{\"a\":1,\"a\":1}", "[]]", "[][]", "{}{}", "1 1", "[1]x", "\"a\"\"b\"",
      "{\"a\"::1}", "[:]", "[\"a\":1]", "{[]:1}", "{{}:1}",
      // Literals.
      "nul", "tru", "fals", "True", "FALSE", "Null", "nulll", "truefalse", "undefined", "NaN",
      "-NaN", "Infinity", "-Infinity", "+Infinity", "[n]", "[t]",
      // Numbers.
      "01", "-01", "00", "+1", "+0", ".5", "-.5", "1.", "-1.", "1.e1", "1e", "1e+", "1e-", "1E",
      "-", "--1", "+-1", "1..2", "1.2.3", "0x1", "0x", "1_0", "1e1.5", "1e1e1", "- 1", "1f",
      "2.e3", "[1.]", "[.1]", "[-]", "1e400", "0.1e", "\u{FF11}",
      // Strings.
      "\"", "\"abc", "'a'", "[\"a\\\"]", "\"\\\"", "\"\\x\"", "\"\\a\"", "\"\\'\"", "\"\\u\"",
      "\"\\u00\"", "\"\\u00G0\"", "\"\\uD800\"", "\"\\uDC00\"", "\"\\uD800\\uD800\"",
      "\"\\uD800\\u0041\"", "\"\\uD800x\"", "\"\\U0041\"", "\"\\ \"", "\"\n\"", "\"\r\"",
      "\"\t\"", "\"\u{01}\"", "\"\u{1F}\"", "[\"a\nb\"]",
      // Comments and whitespace.
      "//\n1", "/* */1", "1//", "1/**/", "#\n1", "[1,\u{0C}2]", "\u{A0}1", "1\u{0B}", "\u{2028}1",
      "[\u{FEFF}]", "1\u{FEFF}",
      // Quotes.
      "{'a':1}", "['a']", "{a:1}", "[“a”]",
    ])
  func rejected(text: String) {
    #expect(syntaxError(text) != nil)
  }

  @Test(
    "byte sequences that are not UTF-8 are rejected inside and outside strings",
    arguments: [
      [0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
      [0x22, 0xE2, 0x82, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0x80, 0x22],
      [0x5B, 0xFF, 0x5D], [0xEF, 0xBB], [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x31],
      [0xFE, 0xFF, 0x00, 0x31], [0x00, 0x31], [0x31, 0x00], [0x22, 0x00, 0x22],
    ] as [[UInt8]])
  func rejectedBytes(bytes: [UInt8]) {
    #expect(syntaxError(bytes: bytes) != nil)
  }

  @Test("every rejection points inside the input or at its end", .tags(.heavy))
  func positionsStayInBounds() async throws {
    // CPU work: off the cooperative pool; what is out of bounds comes back to the test.
    let outOfBounds = try await HeavyWork.run { Self.rejectionsOutOfBounds() }
    #expect(outOfBounds == [])
  }

  /// The random inputs whose rejection points outside them or reads badly.
  private static func rejectionsOutOfBounds() -> [[UInt8]] {
    var found: [[UInt8]] = []
    var generator = SeededRandomNumberGenerator(seed: 77)
    let alphabet =
      Array("[]{}:,\"\\ \n\r\tatrufalsen0123456789.-+eEu'/*".utf8) + [0x00, 0xC3, 0xA9, 0xFF]
    for _ in 0..<20_000 {
      let bytes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
      }
      guard let error = syntaxError(bytes: bytes) else { continue }
      if !(0...bytes.count).contains(error.position.offset)
        || error.position.line < 1 || error.position.column < 1
        || error.message.isEmpty || error.message.first?.isUppercase == true
      {
        found.append(bytes)
      }
    }
    return found
  }
}
