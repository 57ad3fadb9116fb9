/// A position in the source text.
///
/// Positions order by their offset; two positions compare equal only when offset, line and
/// column all agree, so compare positions taken from the same document.
public struct JSONPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The UTF-8 byte offset from the start of the input, 0-based.
  ///
  /// A leading byte order mark counts towards the offset but not towards the column.
  public var offset: Int

  /// The line number, 1-based.
  ///
  /// A line ends with a line feed, a carriage return, or a carriage return and line feed.
  public var line: Int

  /// The column, 1-based, counted in Unicode scalars.
  ///
  /// Counting scalars rather than bytes makes a caret printed under the column line up with
  /// the character, also when non-ASCII text comes before it on the line.
  public var column: Int

  /// Creates a position from its parts.
  ///
  /// - Parameters:
  ///   - offset: The UTF-8 byte offset from the start, 0-based.
  ///   - line: The line number, 1-based.
  ///   - column: The column in Unicode scalars, 1-based.
  public init(offset: Int, line: Int, column: Int) {
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// The position as `LINE:COLUMN`, the way compilers print it.
  public var description: String { "\(line):\(column)" }

  /// Orders positions by where they are in the text.
  public static func < (lhs: JSONPosition, rhs: JSONPosition) -> Bool {
    (lhs.offset, lhs.line, lhs.column) < (rhs.offset, rhs.line, rhs.column)
  }
}
