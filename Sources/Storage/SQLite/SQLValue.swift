#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A value stored in or read from an SQLite column: SQLite's five storage classes.
///
/// Dates have no storage class of their own; they are stored as `.real` Unix seconds (see
/// ``date(_:)`` and ``dateValue``), which keeps them readable and comparable in SQL.
public enum SQLValue: Sendable, Hashable {
  /// SQL `NULL`.
  case null
  /// A signed 64-bit integer.
  case integer(Int64)
  /// A 64-bit floating-point number. SQLite stores NaN as `NULL`.
  case real(Double)
  /// UTF-8 text; it may contain NUL characters.
  case text(String)
  /// Bytes, stored as they are.
  case blob([UInt8])
}

extension SQLValue {
  /// A date stored as Unix seconds in a `.real` value.
  ///
  /// A date read back with ``dateValue`` equals the original to within a microsecond; the
  /// conversion to and from Unix seconds may change the last bit of the `Double`.
  /// - Parameter date: The date to store.
  /// - Returns: `.real(date.timeIntervalSince1970)`.
  public static func date(_ date: Date) -> SQLValue {
    .real(date.timeIntervalSince1970)
  }

  /// Wraps an optional date: Unix seconds in a `.real`, or `.null`.
  /// - Parameter date: The date to store, or `nil` for `NULL`.
  public init(_ date: Date?) {
    self = date.map(SQLValue.date) ?? .null
  }

  /// Wraps optional text: `.text`, or `.null`.
  /// - Parameter text: The text to store, or `nil` for `NULL`.
  public init(_ text: String?) {
    self = text.map(SQLValue.text) ?? .null
  }

  /// Wraps an optional integer: `.integer`, or `.null`.
  /// - Parameter integer: The integer to store, or `nil` for `NULL`.
  public init(_ integer: Int64?) {
    self = integer.map(SQLValue.integer) ?? .null
  }

  /// Wraps an optional integer: `.integer`, or `.null`.
  /// - Parameter integer: The integer to store, or `nil` for `NULL`.
  public init(_ integer: Int?) {
    self = integer.map { .integer(Int64($0)) } ?? .null
  }

  /// Wraps an optional 32-bit integer (a process id, say): `.integer`, or `.null`.
  /// - Parameter integer: The integer to store, or `nil` for `NULL`.
  public init(_ integer: Int32?) {
    self = integer.map { .integer(Int64($0)) } ?? .null
  }

  /// Wraps an optional number: `.real`, or `.null`.
  /// - Parameter real: The number to store, or `nil` for `NULL`.
  public init(_ real: Double?) {
    self = real.map(SQLValue.real) ?? .null
  }

  /// Stores a Boolean as SQLite does: the integer 1 or 0.
  /// - Parameter bool: The Boolean to store.
  public init(_ bool: Bool) {
    self = .integer(bool ? 1 : 0)
  }
}

extension SQLValue {
  /// The integer, if the value is `.integer`.
  public var intValue: Int64? {
    if case .integer(let value) = self { value } else { nil }
  }

  /// The number, if the value is `.real` or `.integer` (widened).
  public var doubleValue: Double? {
    switch self {
    case .real(let value): value
    case .integer(let value): Double(value)
    default: nil
    }
  }

  /// The text, if the value is `.text`.
  public var textValue: String? {
    if case .text(let value) = self { value } else { nil }
  }

  /// The bytes, if the value is `.blob`.
  public var blobValue: [UInt8]? {
    if case .blob(let value) = self { value } else { nil }
  }

  /// The date, if the value is a number of Unix seconds (`.real` or `.integer`).
  public var dateValue: Date? {
    doubleValue.map(Date.init(timeIntervalSince1970:))
  }

  /// Whether the value is `.null`.
  public var isNull: Bool {
    self == .null
  }
}

extension SQLValue: ExpressibleByStringLiteral {
  /// Creates `.text` from a string literal, so that bindings read `["todos", 3]`.
  /// - Parameter value: The literal.
  public init(stringLiteral value: String) {
    self = .text(value)
  }
}

extension SQLValue: ExpressibleByIntegerLiteral {
  /// Creates `.integer` from an integer literal.
  /// - Parameter value: The literal.
  public init(integerLiteral value: Int64) {
    self = .integer(value)
  }
}

extension SQLValue: ExpressibleByFloatLiteral {
  /// Creates `.real` from a floating-point literal.
  /// - Parameter value: The literal.
  public init(floatLiteral value: Double) {
    self = .real(value)
  }
}

extension SQLValue: CustomStringConvertible {
  /// The value as SQL would spell it: `NULL`, `42`, `1.5`, `'text'`, `x'0aff'`.
  public var description: String {
    switch self {
    case .null: "NULL"
    case .integer(let value): String(value)
    case .real(let value): String(value)
    case .text(let value):
      // Quote by scalar: a `'` followed by a combining mark is one character but still a quote.
      "'"
        + String(
          String.UnicodeScalarView(value.unicodeScalars.flatMap { $0 == "'" ? ["'", "'"] : [$0] }))
        + "'"
    case .blob(let bytes):
      "x'" + bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined() + "'"
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
