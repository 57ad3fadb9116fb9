#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// One row of a query's result, read by column name or position. Reading a column the
/// result does not have throws.
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

  /// The value of a column.
  ///
  /// Names match exactly first, then ignoring case, as SQL does; with two columns of one name,
  /// the first wins.
  /// - Parameter column: The column's name.
  /// - Throws: ``StorageError`` when the result has no such column: a misspelt name fails
  ///   the first time it is read instead of reading as `NULL`.
  /// - Complexity: O(1) for an exact match.
  public func value(_ column: String) throws(StorageError) -> SQLValue {
    guard let position = columns.position(of: column) else {
      throw StorageError(
        code: StorageError.Code.error,
        message: "the result has no column '\(column)'; its columns are "
          + columns.names.map { "'\($0)'" }.joined(separator: ", "),
        path: nil, action: "cannot read a row")
    }
    return values[position]
  }

  /// The value at a position, or `.null` when the position is out of range.
  public subscript(_ position: Int) -> SQLValue {
    values.indices.contains(position) ? values[position] : .null
  }

  /// The column's integer, or `nil` when it is `NULL` or not an integer.
  /// - Parameter column: The column's name.
  /// - Throws: ``StorageError`` when the result has no such column.
  public func int(_ column: String) throws(StorageError) -> Int64? {
    try value(column).intValue
  }

  /// The column's text, or `nil` when it is `NULL` or not text.
  /// - Parameter column: The column's name.
  /// - Throws: ``StorageError`` when the result has no such column.
  public func text(_ column: String) throws(StorageError) -> String? {
    try value(column).textValue
  }

  /// The column's number (an integer widened), or `nil` when it is `NULL` or not a number.
  /// - Parameter column: The column's name.
  /// - Throws: ``StorageError`` when the result has no such column.
  public func double(_ column: String) throws(StorageError) -> Double? {
    try value(column).doubleValue
  }

  /// The column's date, stored as Unix seconds, or `nil` when it is `NULL` or not a number.
  /// - Parameter column: The column's name.
  /// - Throws: ``StorageError`` when the result has no such column.
  public func date(_ column: String) throws(StorageError) -> Date? {
    try value(column).dateValue
  }

  /// The column's bytes, or `nil` when it is `NULL` or not a blob.
  /// - Parameter column: The column's name.
  /// - Throws: ``StorageError`` when the result has no such column.
  public func blob(_ column: String) throws(StorageError) -> [UInt8]? {
    try value(column).blobValue
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
