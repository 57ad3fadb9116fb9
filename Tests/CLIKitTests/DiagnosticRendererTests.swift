import CLIKit
import Testing

@Suite("Rendering diagnostics")
struct DiagnosticRendererTests {
  let renderer = DiagnosticRenderer()

  @Test("location, severity, message, then the source line with a caret under the column")
  func error() {
    let diagnostic = SourceDiagnostic(
      path: "plan.json", line: 5, column: 15, severity: .error,
      message: "unknown intent 'todos.complet'; did you mean 'todos.complete'?",
      sourceLine: #"    "intent": "todos.complet","#)
    #expect(
      renderer.render(diagnostic) == #"""
        plan.json:5:15: error: unknown intent 'todos.complet'; did you mean 'todos.complete'?
            "intent": "todos.complet",
                      ^
        """#)
  }

  @Test("escape sequences in a path, a message, a note or a source line never reach the terminal")
  func hostileText() {
    let diagnostic = SourceDiagnostic(
      path: "evil\u{1B}]0;owned\u{07}.json", line: 1, column: 4, severity: .error,
      message: "unknown intent '\u{1B}[2Jx'\nsecond line",
      sourceLine: "{\u{1B}[31m\u{9B}x", notes: ["see '\u{7F}'"])
    let rendered = renderer.render(diagnostic)
    #expect(
      rendered == """
        evil␛]0;owned␇.json:1:4: error: unknown intent '␛[2Jx'
        second line
        {␛[31m\u{FFFD}x
           ^
        note: see '␡'
        """)
    #expect(!rendered.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" })
  }

  @Test("a URL's credentials are hidden in the message, the source line and the notes")
  func credentials() {
    let diagnostic = SourceDiagnostic(
      path: "up.json", line: 3, column: 44, severity: .error,
      message: "'https://ann:pw@example.com/x' is not reachable",
      sourceLine: #"    "url": "https://ann:pw@example.com/x", "y": 1,"#,
      notes: ["tried 'https://ann:pw@example.com/x'"])
    #expect(
      renderer.render(diagnostic) == #"""
        up.json:3:44: error: 'https://***@example.com/x' is not reachable
            "url": "https://***@example.com/x", "y": 1,
                                                ^
        note: tried 'https://***@example.com/x'
        """#)
  }

  @Test("tabs before the column are copied into the caret's indent")
  func tabs() {
    let diagnostic = SourceDiagnostic(
      path: "plan.json", line: 3, column: 4, message: "expected ':'",
      sourceLine: "\t\t\"id\" 1")
    #expect(
      renderer.render(diagnostic) == "plan.json:3:4: error: expected ':'\n\t\t\"id\" 1\n\t\t ^")
  }

  @Test(
    "columns count Unicode scalars; the caret indent counts display columns",
    arguments: [
      ("\"née\": x", 8, "       ^"),  // é is one scalar, one column
      ("\"ne\u{301}e\": x", 9, "       ^"),  // e + combining acute: two scalars, one column
      ("\"日本\": x", 7, "        ^"),  // wide CJK: two columns each
      ("\"🥛\": x", 6, "      ^"),  // emoji: two columns
      ("\t\"ü\"", 3, "\t ^"),
    ])
  func unicode(source: String, column: Int, caret: String) {
    let diagnostic = SourceDiagnostic(line: 1, column: column, message: "m", sourceLine: source)
    #expect(renderer.render(diagnostic) == "1:\(column): error: m\n\(source)\n\(caret)")
  }

  @Test("a column past the end points just after the last character")
  func pastEnd() {
    let diagnostic = SourceDiagnostic(
      line: 1, column: 99, message: "unexpected end", sourceLine: "{")
    #expect(renderer.render(diagnostic) == "1:99: error: unexpected end\n{\n ^")
  }

  @Test("a length underlines the whole token")
  func underline() {
    let diagnostic = SourceDiagnostic(
      path: "c", line: 1, column: 3, severity: .warning, message: "m", sourceLine: "0 25 * * *",
      length: 2)
    #expect(renderer.render(diagnostic) == "c:1:3: warning: m\n0 25 * * *\n  ^~")
  }

  @Test("notes follow the caret")
  func notes() {
    let diagnostic = SourceDiagnostic(
      path: "plan.json", line: 2, column: 3, message: "duplicate step id 'a'",
      sourceLine: "  {\"id\": \"a\"}\r\n",
      notes: ["the first 'a' is on line 1", "ids must be unique"])
    #expect(
      renderer.render(diagnostic) == """
        plan.json:2:3: error: duplicate step id 'a'
          {"id": "a"}
          ^
        note: the first 'a' is on line 1
        note: ids must be unique
        """)
  }

  @Test(
    "missing parts of the location are left out",
    arguments: [
      (SourceDiagnostic(path: "plan.json", message: "m"), "plan.json: error: m"),
      (SourceDiagnostic(path: "plan.json", line: 4, message: "m"), "plan.json:4: error: m"),
      (SourceDiagnostic(message: "m"), "error: m"),
      (SourceDiagnostic(severity: .note, message: "m"), "note: m"),
      (SourceDiagnostic(path: "p", line: 1, message: "m", sourceLine: "x"), "p:1: error: m\nx"),
    ])
  func partialLocation(diagnostic: SourceDiagnostic, rendered: String) {
    #expect(renderer.render(diagnostic) == rendered)
  }

  @Test("several diagnostics render one after another")
  func several() {
    let diagnostics = [
      SourceDiagnostic(path: "a", line: 1, message: "one"),
      SourceDiagnostic(path: "b", line: 2, severity: .warning, message: "two"),
    ]
    #expect(renderer.render(diagnostics) == "a:1: error: one\nb:2: warning: two")
  }

  @Test("colour: bold location and message, red error, green caret")
  func colour() {
    let styled = DiagnosticRenderer(style: .ansi).render(
      SourceDiagnostic(path: "p", line: 1, column: 1, message: "m", sourceLine: "x", notes: ["n"]))
    let escape = "\u{1B}["
    #expect(
      styled == """
        \(escape)1mp:1:1:\(escape)22m \(escape)1m\(escape)31merror:\(escape)39m\(escape)22m \
        \(escape)1mm\(escape)22m
        x
        \(escape)32m^\(escape)39m
        \(escape)1m\(escape)36mnote:\(escape)39m\(escape)22m n
        """)
  }
}
