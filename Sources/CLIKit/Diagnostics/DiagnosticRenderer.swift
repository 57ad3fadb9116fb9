import Suggestions

/// Renders diagnostics as compilers do:
///
/// ```
/// plan.json:5:17: error: unknown intent 'todos.complet'; did you mean 'todos.complete'?
///     "intent": "todos.complet",
///               ^
/// note: intents are listed by 'intentflow intents'
/// ```
///
/// The source line is shown as written, except that control characters are shown as visible
/// symbols and a URL's user name and password as `***` (``URLCredentials``). The caret's
/// indent copies its tabs and gives every other scalar before the column its display width
/// (none for combining marks, two for wide CJK and emoji), so the caret lands under the
/// column on a terminal.
public struct DiagnosticRenderer: Sendable {
  /// The styling: bold location and message, coloured severity, green caret.
  public var style: Style

  /// Creates a renderer.
  ///
  /// - Parameter style: The styling, usually ``Terminal/errorStyle``.
  public init(style: Style = .plain) {
    self.style = style
  }

  /// Renders one diagnostic.
  ///
  /// - Parameter diagnostic: The diagnostic.
  /// - Returns: Its lines, without a final newline.
  /// - Complexity: O(*n*) in the length of the source line.
  public func render(_ diagnostic: SourceDiagnostic) -> String {
    var lines = [header(diagnostic)]
    if let line = diagnostic.sourceLine {
      // A URL written with its credentials is shown without them, the caret kept in place.
      let (whole, wholeColumn) = URLCredentials.masked(
        UnsafeText.shown(Self.withoutLineEnding(line), keeping: ["\t"]),
        column: diagnostic.column)
      let (source, column) = Self.excerpt(whole, column: wholeColumn)
      lines.append(source)
      if let column {
        let (indent, marker) = Self.caret(under: source, column: column, length: diagnostic.length)
        lines.append(indent + style.green(marker))
      }
    }
    for note in diagnostic.notes {
      let shown = URLCredentials.masked(UnsafeText.shown(note, keeping: ["\n"]))
      lines.append("\(label(.note)) \(shown)")
    }
    return lines.joined(separator: "\n")
  }

  /// The longest source line shown whole; longer lines (a minified workflow) are cut to a
  /// window around the column, marked with `…` at the cut ends.
  public static let maximumExcerpt = 120

  /// A window of `line` around `column`, and the column within it.
  static func excerpt(_ line: String, column: Int?) -> (String, Int?) {
    let scalars = Array(line.unicodeScalars)
    guard scalars.count > maximumExcerpt else { return (line, column) }
    let target = min(max((column ?? 1) - 1, 0), scalars.count)
    let half = maximumExcerpt / 2
    let start = max(0, min(target - half, scalars.count - maximumExcerpt))
    let end = min(scalars.count, start + maximumExcerpt)
    var text = String(String.UnicodeScalarView(scalars[start..<end]))
    var shifted = column.map { $0 - start }
    if start > 0 {
      text = "…" + text
      shifted = shifted.map { $0 + 1 }
    }
    if end < scalars.count { text += "…" }
    return (text, shifted)
  }

  /// Renders several diagnostics one after another.
  ///
  /// - Parameter diagnostics: The diagnostics, in the order to show them.
  /// - Returns: Their lines, without a final newline.
  public func render(_ diagnostics: [SourceDiagnostic]) -> String {
    diagnostics.map(render).joined(separator: "\n")
  }

  private func header(_ diagnostic: SourceDiagnostic) -> String {
    // Paths and messages quote file names and workflow text, which may hold escape
    // sequences; shown, they must not reach the terminal as commands.
    var location = diagnostic.path.map { [UnsafeText.shown($0)] } ?? []
    if let line = diagnostic.line {
      location.append(String(line))
      if let column = diagnostic.column { location.append(String(column)) }
    }
    let prefix = location.isEmpty ? "" : style.bold(location.joined(separator: ":") + ":") + " "
    let message = URLCredentials.masked(UnsafeText.shown(diagnostic.message, keeping: ["\n"]))
    return prefix + label(diagnostic.severity) + " " + style.bold(message)
  }

  private func label(_ severity: SourceDiagnostic.Severity) -> String {
    let text = severity.rawValue + ":"
    switch severity {
    case .error: return style.bold(style.red(text))
    case .warning: return style.bold(style.yellow(text))
    case .note: return style.bold(style.cyan(text))
    }
  }

  /// The indent and marker that put a caret under `column` (one-based, in scalars) of
  /// `source`; a column past the end points just after the last scalar.
  static func caret(under source: String, column: Int, length: Int) -> (String, String) {
    let scalars = Array(source.unicodeScalars)
    let start = min(max(column, 1), scalars.count + 1) - 1
    var indent = ""
    for scalar in scalars[..<start] {
      indent += scalar == "\t" ? "\t" : String(repeating: " ", count: scalar.displayWidth)
    }
    let end = min(start + max(length, 1), scalars.count)
    let underlined = scalars[start..<max(start, end)].displayWidth
    return (indent, "^" + String(repeating: "~", count: max(0, underlined - 1)))
  }

  private static func withoutLineEnding(_ line: String) -> String {
    var line = Substring(line)
    while let last = line.unicodeScalars.last, last == "\n" || last == "\r" {
      line = Substring(line.unicodeScalars.dropLast())
    }
    return String(line)
  }
}
