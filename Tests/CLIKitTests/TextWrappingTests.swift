import Testing

@testable import CLIKit

@Suite("Laying out text")
struct TextWrappingTests {
  @Test(
    "text breaks at spaces within the width",
    arguments: [
      ("one two three four", 9, 0, ["one two", "three", "four"]),
      ("one two three four", 9, 2, ["one two", "  three", "  four"]),
      ("  spaced   out  ", 80, 0, ["spaced out"]),
      ("supercalifragilistic word", 5, 0, ["supercalifragilistic", "word"]),
      ("", 10, 0, []),
      ("日本語 テキスト", 7, 0, ["日本語", "テキスト"]),
    ])
  func wrapping(text: String, width: Int, indent: Int, lines: [String]) {
    #expect(text.wrapped(to: width, hangingIndent: indent) == lines)
  }

  @Test(
    "display width counts terminal columns",
    arguments: [("abc", 3), ("née", 3), ("ne\u{301}e", 3), ("日本", 4), ("🥛", 2), ("a\tb", 3)])
  func displayWidth(text: String, width: Int) {
    #expect(text.displayWidth == width)
  }
}
