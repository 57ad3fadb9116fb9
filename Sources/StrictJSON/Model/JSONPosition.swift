/// A position in the source text.
///
/// Positions order by their offset; two positions compare equal only when offset, line and
/// column all agree, so compare positions taken from the same document.
public struct JSONPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
  // Three 32-bit fields instead of three `Int`s: a position is in every node of a parsed
  // tree, and 12 bytes instead of 24 shrink a node from 48 to 32 bytes, which is most of the
  // memory an array of small numbers costs. The parser refuses documents of 4 GiB or more, so
  // no offset, line or column of a parsed document overflows.
  private var storedOffset: UInt32
  private var storedLine: UInt32
  private var storedColumn: UInt32

  /// The UTF-8 byte offset from the start of the input, 0-based.
  ///
  /// A leading byte order mark counts towards the offset but not towards the column.
  public var offset: Int {
    get { Int(storedOffset) }
    set { storedOffset = UInt32(clamping: newValue) }
  }

  /// The line number, 1-based.
  ///
  /// A line ends with a line feed, a carriage return, or a carriage return and line feed.
  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = UInt32(clamping: newValue) }
  }

  /// The column, 1-based, counted in Unicode scalars.
  ///
  /// Counting scalars rather than bytes makes a caret printed under the column line up with
  /// the character, also when non-ASCII text comes before it on the line.
  public var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = UInt32(clamping: newValue) }
  }

  /// The largest offset, line or column a position holds; larger values are clamped to it.
  public static let maximum = Int(UInt32.max)

  /// Creates a position from its parts.
  ///
  /// - Parameters:
  ///   - offset: The UTF-8 byte offset from the start, 0-based.
  ///   - line: The line number, 1-based.
  ///   - column: The column in Unicode scalars, 1-based.
  public init(offset: Int, line: Int, column: Int) {
    storedOffset = UInt32(clamping: offset)
    storedLine = UInt32(clamping: line)
    storedColumn = UInt32(clamping: column)
  }

  /// The position as `LINE:COLUMN`, the way compilers print it.
  public var description: String { "\(line):\(column)" }

  /// Orders positions by where they are in the text.
  public static func < (lhs: JSONPosition, rhs: JSONPosition) -> Bool {
    (lhs.offset, lhs.line, lhs.column) < (rhs.offset, rhs.line, rhs.column)
  }
}
