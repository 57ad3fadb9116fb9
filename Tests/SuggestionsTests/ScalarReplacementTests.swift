import Suggestions
import Testing

@Suite("Replacing text scalar by scalar")
struct ScalarReplacementTests {
  @Test(
    "every occurrence is replaced, even inside a character",
    arguments: [
      ("it's", "'", "'\\''", "it'\\''s"),
      ("a'\u{301}b", "'", "''", "a''\u{301}b"),
      ("one\r\ntwo\nthree", "\n", " ", "one\r two three"),
      ("aaaa", "aa", "b", "bb"),
      ("x", "", "y", "x"),
      ("", "a", "b", ""),
      ("naïve ünï", "ï", "i", "naive üni"),
      ("😀👍🏽😀", "👍", "+", "😀+\u{1F3FD}😀"),
      ("no match", "zz", "y", "no match"),
    ])
  func replaces(text: String, target: String, replacement: String, expected: String) {
    #expect(text.replacingEvery(target, with: replacement) == expected)
    #expect(text[...].replacingEvery(target, with: replacement) == expected)
  }
}
