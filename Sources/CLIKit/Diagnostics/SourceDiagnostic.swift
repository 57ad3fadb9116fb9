/// A problem found in a file or a command-line value, with where it is, ready to render like
/// compiler output (see ``DiagnosticRenderer``).
public struct SourceDiagnostic: Sendable, Hashable {
  /// The file the problem is in, as the user named it; `nil` for none.
  public var path: String?
  /// The one-based line number, if known.
  public var line: Int?
  /// The one-based column, counted in Unicode scalars, if known.
  public var column: Int?
  /// How serious the problem is.
  public var severity: Severity
  /// What is wrong, lower case, quoting the offending text and saying what to do.
  public var message: String
  /// The text of the line the problem is on (without its line ending), shown with a caret
  /// under ``column``; `nil` to show no source.
  public var sourceLine: String?
  /// How many Unicode scalars from ``column`` to underline: 1 draws `^`, more draw `^~~~`.
  public var length: Int
  /// Further remarks, each rendered as a `note:` line after the source.
  public var notes: [String]

  /// Creates a diagnostic.
  ///
  /// - Parameters:
  ///   - path: The file the problem is in.
  ///   - line: The one-based line number.
  ///   - column: The one-based column, in Unicode scalars.
  ///   - severity: How serious the problem is.
  ///   - message: What is wrong.
  ///   - sourceLine: The text of the line, for the caret.
  ///   - length: How many scalars to underline.
  ///   - notes: Further remarks.
  public init(
    path: String? = nil, line: Int? = nil, column: Int? = nil, severity: Severity = .error,
    message: String, sourceLine: String? = nil, length: Int = 1, notes: [String] = []
  ) {
    self.path = path
    self.line = line
    self.column = column
    self.severity = severity
    self.message = message
    self.sourceLine = sourceLine
    self.length = length
    self.notes = notes
  }
}
