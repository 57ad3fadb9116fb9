import Foundation
import Suggestions
import Testing

@Suite("Trimming agrees with Foundation's trimmingCharacters(in:)")
struct TrimmingTests {
  /// Every scalar of the Basic Multilingual Plane that is not a surrogate, and a few beyond.
  static let scalars: [Unicode.Scalar] =
    (0...0xFFFF).compactMap(Unicode.Scalar.init) + [
      "\u{1F600}", "\u{E0020}", "\u{10FFFF}",
    ]

  @Test("one scalar on either side of the text, for every scalar")
  func everyScalar() {
    for scalar in Self.scalars {
      let text = String(scalar) + "a b" + String(scalar)
      #expect(
        text.trimming(.whitespaces) == text.trimmingCharacters(in: .whitespaces),
        "U+\(String(scalar.value, radix: 16))")
      #expect(
        text.trimming(.whitespacesAndNewlines)
          == text.trimmingCharacters(in: .whitespacesAndNewlines),
        "U+\(String(scalar.value, radix: 16))")
    }
  }

  @Test(
    "whole texts and substrings",
    arguments: ["", " ", " \t\n ", "  a  ", "\u{3000}名前\u{2028}", " e\u{301} ", "\r\nx\r\n"])
  func texts(text: String) {
    #expect(text.trimming(.whitespaces) == text.trimmingCharacters(in: .whitespaces))
    #expect(
      text.trimming(.whitespacesAndNewlines)
        == text.trimmingCharacters(in: .whitespacesAndNewlines))
    let inner = text.dropFirst()
    #expect(inner.trimming(.whitespaces) == inner.trimmingCharacters(in: .whitespaces))
  }
}
