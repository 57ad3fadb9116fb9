import Foundation
import ICUSupport
import Testing

@Suite("Literal replacement against replacingOccurrences")
struct LiteralReplacementTests {
  @Test(
    "text is replaced as Foundation's replacingOccurrences replaces it",
    arguments: [
      ("straße", "STRASSE Straße STRAẞE strasse"), ("ss", "ß SS ẞ ss"), ("σ", "Σ ς σ"),
      ("i", "I İ ı i"), ("e\u{301}", "e\u{301} é E\u{301} É"), ("é", "e\u{301} é É"),
      ("👍", "👍👍🏽👍"), ("e", "e\u{301} e"), ("ﬁ", "fi FI ﬁ"), ("a", "aAa"), ("aa", "aaa AAAA"),
      ("a.b", "a.b a-b A.B"), ("milk", "Milk MILK milk silk"), ("(x)", "(x) (X) x"),
      ("\\", "a\\b"), ("$1", "$1 $2"), ("x", ""), ("long needle", "short"), ("Ω", "Ω Ω ω"),
      ("🇨🇿", "🇨🇿🇨🇿 🇨🇿"), ("\r\n", "a\r\nb\nc\r\n"), ("\n", "a\r\nb\nc"), (" ", "a  b\tc"),
    ], [true, false])
  func replacement(find: (String, String), caseSensitive: Bool) {
    let (text, input) = find
    for replacement in ["_", "", "[$0]", "\\"] {
      let expected = input.replacingOccurrences(
        of: text, with: replacement, options: caseSensitive ? [] : [.caseInsensitive])
      #expect(
        input.replacing(literal: text, with: replacement, caseSensitive: caseSensitive)
          == expected, "'\(text)' → '\(replacement)' in '\(input)'")
    }
  }
}
