/// A place in a workflow file, for diagnostics: `plan.json:5:17`.
///
/// The file is kept as a ``SourceFile`` (a number for its path), so that a location is copied
/// and destroyed without retaining or releasing any text.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// 1-based line.
  public var line: Int
  /// 1-based column, in Unicode scalars.
  public var column: Int
  /// The file, as a number for its path.
  public var sourceFile: SourceFile

  /// The file's path as the user gave it, or `nil` for text without a file.
  public var file: String? {
    get { sourceFile.path }
    set { sourceFile = SourceFile(newValue) }
  }

  /// Creates a location.
  public init(file: String?, line: Int, column: Int) {
    self.init(SourceFile(file), line: line, column: column)
  }

  /// Creates a location in a file already named: the way to make many locations in one file.
  @inlinable
  public init(_ file: SourceFile, line: Int, column: Int) {
    self.line = line
    self.column = column
    sourceFile = file
  }

  /// `FILE:LINE:COL`, or `LINE:COL` without a file.
  public var description: String {
    if let file { return "\(file):\(line):\(column)" }
    return "\(line):\(column)"
  }

  /// By file path, then line, then column.
  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    if lhs.sourceFile != rhs.sourceFile {
      // Different numbers are different paths, except `nil` and "", which order alike.
      let (left, right) = (lhs.file ?? "", rhs.file ?? "")
      if left != right { return left < right }
    }
    return (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}
