import IntentKit
import Testing

@testable import WorkflowEngine

@Suite("Workflow sources: lines and columns for diagnostics")
struct WorkflowSourceTests {
  private func source(_ text: String) -> WorkflowSource {
    WorkflowSource(path: "f.json", bytes: Array(text.utf8))
  }

  @Test(
    "lines are found after any kind of line break",
    arguments: ["one\ntwo\nthree", "one\r\ntwo\r\nthree", "one\rtwo\rthree"])
  func lines(text: String) {
    let source = source(text)
    #expect(source.line(1) == "one")
    #expect(source.line(2) == "two")
    #expect(source.line(3) == "three")
    #expect(source.line(4) == nil)
    #expect(source.line(0) == nil)
  }

  @Test("an empty last line and empty lines in between exist")
  func emptyLines() {
    let source = source("a\n\nb\n")
    #expect(source.line(2) == "")
    #expect(source.line(3) == "b")
    #expect(source.line(4) == "")
    #expect(source.line(5) == nil)
  }

  @Test("lines keep their non-ASCII text")
  func unicodeLines() {
    #expect(source("{\n  \"name\": \"Café ☕️\"\n}").line(2) == "  \"name\": \"Café ☕️\"")
  }

  /// The span of a string whose opening quote is at `column` of line 1.
  private func span(in text: String) -> ValueSource.Span {
    let quote = text.utf8.firstIndex(of: UInt8(ascii: "\"")) ?? text.utf8.startIndex
    let offset = text.utf8.distance(from: text.utf8.startIndex, to: quote)
    let column = text[..<quote].unicodeScalars.count + 1
    return ValueSource.Span(
      location: SourceLocation(file: "f.json", line: 1, column: column), stringOffset: offset)
  }

  @Test(
    "a scalar offset in a string's text maps to its column in the file",
    arguments: [
      (#"x: "abcdef""#, 3, 8),
      (#"x: "abcdef""#, 0, 5),
      (#"x: "a\"b""#, 2, 8),
      (#"x: "a\\b""#, 2, 8),
      (#"x: "a\u0041b""#, 2, 12),
      (#"x: "\ud83d\ude00b""#, 1, 17),
      (#"x: "😀b""#, 1, 6),
      (#"é: "ééb""#, 2, 7),
    ])
  func columnsInStrings(text: String, offset: Int, column: Int) {
    let source = source(text)
    #expect(source.location(in: span(in: text), scalarOffset: offset).column == column)
  }

  @Test("walking on from the previous location finds what walking from the start finds")
  func cursors() {
    let text = #"x: "a\n😀 \u00e9\ud83d\ude00 é ${b} \"q\" end""#
    let source = source(text)
    let span = span(in: text)
    var cursor: WorkflowSource.StringCursor?
    for offset in [0, 1, 2, 3, 5, 5, 8, 14, 20, 40] {
      let walked = source.location(in: span, scalarOffset: offset, from: cursor)
      #expect(walked.location == source.location(in: span, scalarOffset: offset), "\(offset)")
      cursor = walked.cursor
    }
    // A cursor past the offset, or in another string, is not used.
    let fourth = source.location(in: span, scalarOffset: 4)
    #expect(fourth.column == 10)
    let later = source.location(in: span, scalarOffset: 12, from: nil).cursor
    #expect(source.location(in: span, scalarOffset: 4, from: later).location == fourth)
    let other = ValueSource.Span(location: span.location, stringOffset: 0)
    let elsewhere = source.location(in: other, scalarOffset: 2, from: nil).cursor
    #expect(source.location(in: span, scalarOffset: 4, from: elsewhere).location == fourth)
  }

  @Test("a value that is not a string has its own location")
  func nonStringSpan() {
    let location = SourceLocation(file: "f.json", line: 2, column: 9)
    let span = ValueSource.Span(location: location, stringOffset: nil)
    #expect(source("{\n  \"a\": 12\n}").location(in: span, scalarOffset: 1) == location)
  }
}
