#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// One row of a query's result, read by column name or position.
///
/// Rows of one query share their column names, so a row costs little more than its values.
public struct Row: Sendable, Equatable {
  let columns: ColumnIndex
  /// The row's values, in the order of ``columnNames``.
  public let values: [SQLValue]

  init(columns: ColumnIndex, values: [SQLValue]) {
    self.columns = columns
    self.values = values
  }

  /// The names of the result's columns, as SQLite reports them (an `AS` alias where given).
  public var columnNames: [String] {
    columns.names
  }

  /// The value of a column, or `.null` when the row has no such column.
  ///
  /// Names match exactly first, then ignoring case, as SQL does; with two columns of one name,
  /// the first wins.
  /// - Complexity: O(1) for an exact match.
  public subscript(_ column: String) -> SQLValue {
    columns.position(of: column).map { values[$0] } ?? .null
  }

  /// The value at a position, or `.null` when the position is out of range.
  public subscript(_ position: Int) -> SQLValue {
    values.indices.contains(position) ? values[position] : .null
  }

  /// The column's integer, or `nil` when it is `NULL`, absent or not an integer.
  /// - Parameter column: The column's name.
  public func int(_ column: String) -> Int64? {
    self[column].intValue
  }

  /// The column's text, or `nil` when it is `NULL`, absent or not text.
  /// - Parameter column: The column's name.
  public func text(_ column: String) -> String? {
    self[column].textValue
  }

  /// The column's number (an integer widened), or `nil` when it is `NULL`, absent or not a
  /// number.
  /// - Parameter column: The column's name.
  public func double(_ column: String) -> Double? {
    self[column].doubleValue
  }

  /// The column's date, stored as Unix seconds, or `nil` when it is `NULL`, absent or not a
  /// number.
  /// - Parameter column: The column's name.
  public func date(_ column: String) -> Date? {
    self[column].dateValue
  }

  /// The column's bytes, or `nil` when it is `NULL`, absent or not a blob.
  /// - Parameter column: The column's name.
  public func blob(_ column: String) -> [UInt8]? {
    self[column].blobValue
  }

  /// Whether two rows have the same column names and values.
  public static func == (lhs: Row, rhs: Row) -> Bool {
    lhs.values == rhs.values && lhs.columns.names == rhs.columns.names
  }
}

extension Row: CustomStringConvertible {
  /// The row as `name: value` pairs, for logs and test failures.
  public var description: String {
    "(" + zip(columns.names, values).map { "\($0): \($1)" }.joined(separator: ", ") + ")"
  }
}

/// The column names of one statement's result, and where each name is.
final class ColumnIndex: Sendable {
  let names: [String]
  private let positions: [String: Int]

  init(names: [String]) {
    self.names = names
    var positions: [String: Int] = [:]
    for (position, name) in names.enumerated() where positions[name] == nil {
      positions[name] = position
    }
    self.positions = positions
  }

  func position(of name: String) -> Int? {
    if let position = positions[name] { return position }
    let lowered = name.lowercased()
    return names.firstIndex { $0.lowercased() == lowered }
  }
}
