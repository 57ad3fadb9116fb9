/// A place in a workflow file, for diagnostics: `plan.json:5:17`.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The file's path as the user gave it, or `nil` for text without a file.
  public var file: String?
  /// 1-based line.
  public var line: Int
  /// 1-based column, in Unicode scalars.
  public var column: Int

  /// Creates a location.
  public init(file: String?, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `FILE:LINE:COL`, or `LINE:COL` without a file.
  public var description: String {
    if let file { return "\(file):\(line):\(column)" }
    return "\(line):\(column)"
  }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.file ?? "", lhs.line, lhs.column) < (rhs.file ?? "", rhs.line, rhs.column)
  }
}
