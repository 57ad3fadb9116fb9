import StrictJSON
import Testing

@Suite("Syntax errors")
struct JSONSyntaxErrorTests {
  @Test("an error prints as line, column and message")
  func description() {
    let error = JSONSyntaxError(
      message: "trailing comma before ']'; remove it", position: position(3, 14, offset: 40))
    #expect(error.description == "3:14: trailing comma before ']'; remove it")
  }

  @Test("an error can be caught as JSONSyntaxError through any Error")
  func typedThrows() {
    let error: (any Error)? = {
      do {
        _ = try JSONParser.parse("[1,]")
        return nil
      } catch {
        return error as any Error
      }
    }()
    #expect(error is JSONSyntaxError)
  }

  /// One document per kind of error, for the catalogue in `Fixtures/diagnostics.txt`.
  static let catalogue: [(title: String, text: String)] = [
    ("empty document", ""),
    ("unclosed array", "{\n  \"steps\": [\n    {\"id\": 1}\n"),
    ("unclosed string", "{\"name\": \"Café"),
    ("trailing comma in an array", "{\"étapes\": [1, 2,]}"),
    ("trailing comma in an object", "{\n  \"a\": 1,\n}"),
    ("duplicate key", "{\n  \"name\": \"a\",\n  \"steps\": [],\n  \"name\": \"b\"\n}"),
    ("missing colon", "{\"name\" \"Morning\"}"),
    ("missing comma between members", "{\"name\": \"Morning\"\n \"enabled\": true}"),
    ("missing comma between elements", "[1 2]"),
    ("mismatched bracket", "{\"tags\": [\"a\", \"b\"}"),
    ("single quotes", "{'name': 'Morning'}"),
    ("line comment", "{\n  // the name\n  \"name\": \"Morning\"\n}"),
    ("block comment", "[1, /* two */ 2]"),
    ("unquoted key", "{name: \"Morning\"}"),
    ("capitalized literal", "{\"enabled\": True}"),
    ("misspelt literal", "[nul]"),
    ("unquoted string", "{\"intent\": todos.add}"),
    ("curly quotes", "{“name”: 1}"),
    ("leading zero", "{\"hour\": 07}"),
    ("plus sign", "[+1]"),
    ("missing integer part", "[.5]"),
    ("missing fraction digits", "[1.]"),
    ("missing exponent digits", "[1e]"),
    ("not a number", "[NaN, Infinity]"),
    ("number out of range", "[1e999]"),
    ("invalid escape", "{\"path\": \"C:\\Users\"}"),
    ("invalid unicode escape", "\"\\u00G9\""),
    ("lone high surrogate", "\"\\uD83D\""),
    ("mismatched surrogates", "\"\\uD83D\\u0041\""),
    ("lone low surrogate", "\"\\uDE00\""),
    ("line break in a string", "{\"name\": \"Morning\n routine\"}"),
    ("control character in a string", "\"bell\u{07}\""),
    ("non-breaking space", "{\"a\":\u{A0}1}"),
    ("text after the value", "{\"a\": 1}\n{\"b\": 2}"),
    ("too deep", String(repeating: "[\n", count: 600)),
    ("non-ASCII before the error", "{\"名前\": \"朝のルーチン\", \"有効\": tru}"),
  ]

  @Test("every kind of error renders as in the golden catalogue")
  func catalogueMatchesGolden() throws {
    var rendered = ""
    for (title, text) in Self.catalogue {
      guard let error = syntaxError(text) else {
        Issue.record("'\(title)' parsed")
        continue
      }
      rendered += "## \(title)\n" + render(error, in: text) + "\n"
    }
    rendered +=
      "## invalid UTF-8\n" + "1:3: "
      + (syntaxError(bytes: [0x22, 0x61, 0xC3, 0x28, 0x22])?.message ?? "parsed") + "\n"
    try Fixture.recordIfRequested(rendered, as: "diagnostics.txt")
    #expect(rendered == (try Fixture.text("diagnostics.txt")))
  }

  /// Renders an error like a compiler: the message, the source line and a caret under the column.
  private func render(_ error: JSONSyntaxError, in text: String) -> String {
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    let line = error.position.line <= lines.count ? String(lines[error.position.line - 1]) : ""
    // Control characters show as their Control Pictures (U+2400 and up), one column each.
    let shown = String(
      String.UnicodeScalarView(
        line.unicodeScalars.map { $0.value < 0x20 ? Unicode.Scalar($0.value + 0x2400) ?? $0 : $0 }
      ))
    let caret = String(repeating: " ", count: error.position.column - 1) + "^"
    return "\(error)\n    \(shown)\n    \(caret)\n"
  }
}
