#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Arithmetic on whole numbers, durations and dates that reports a result out of range
/// instead of trapping or wrapping: the one place the engine, the date intents and duration
/// parsing compute values that data can push past their limits.
///
/// Swift traps on an `Int` overflow (and on `Int.min / -1`), on a `Duration` built from a
/// `Double` it cannot hold, and Foundation's calendar gives back nonsense for dates many
/// millennia away. Each function here either returns a value in range or throws
/// ``Overflow``, whose message names the operation and its values.
public enum CheckedArithmetic {
  /// A result that does not fit: the message names the operation and the values.
  public struct Overflow: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was computed and the range it left, lowercase, for a step's error.
    public var description: String

    /// Creates an overflow with its message.
    public init(_ description: String) { self.description = description }
  }

  /// The longest duration in either direction: 9,000,000,000,000 seconds (about 285,000
  /// years), the most milliseconds an `Int64` holds with room to add two.
  public static let maximumDurationSeconds: Double = 9e12

  /// The dates a value may hold: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z, the years an
  /// ISO 8601 timestamp can write.
  public static let dates: ClosedRange<Date> =
    Date(timeIntervalSince1970: -62_135_596_800)...Date(timeIntervalSince1970: 253_402_300_799)

  private static let wholeRange = "whole numbers go from \(Int.min) to \(Int.max)"

  /// `a + b`, `a - b`, `a * b`, `a / b` (exact: the caller handles a remainder) or `a % b`.
  ///
  /// - Throws: ``Overflow`` when the result is not an `Int` (`Int.max + 1`, `Int.min / -1`).
  ///   Division by zero is the caller's to report.
  public static func whole(_ a: Int, _ symbol: Character, _ b: Int) throws(Overflow) -> Int {
    let (result, overflow): (Int, Bool)
    switch symbol {
    case "+": (result, overflow) = a.addingReportingOverflow(b)
    case "-": (result, overflow) = a.subtractingReportingOverflow(b)
    case "*": (result, overflow) = a.multipliedReportingOverflow(by: b)
    case "/": (result, overflow) = a.dividedReportingOverflow(by: b)
    default: (result, overflow) = a.remainderReportingOverflow(dividingBy: b)
    }
    // `Int.min % -1` is 0 mathematically, but Swift reports it as an overflow: keep the 0.
    if overflow, symbol == "%", b == -1 { return 0 }
    guard !overflow else {
      throw Overflow("the result of '\(a) \(symbol) \(b)' is too large; \(wholeRange)")
    }
    return result
  }

  /// `-a`.
  ///
  /// - Throws: ``Overflow`` for `Int.min`, whose negation is one more than `Int.max`.
  public static func negated(_ a: Int) throws(Overflow) -> Int {
    guard a != .min else { throw Overflow("the result of '-(\(a))' is too large; \(wholeRange)") }
    return -a
  }

  /// A duration of `seconds` (fractions kept to the millisecond).
  ///
  /// - Parameter what: The operation or text that gave `seconds`, for the message.
  /// - Throws: ``Overflow`` when `seconds` is not finite or longer than
  ///   ``maximumDurationSeconds`` either way.
  public static func duration(seconds: Double, from what: @autoclosure () -> String)
    throws(Overflow) -> Duration
  {
    guard seconds.isFinite, seconds.magnitude <= maximumDurationSeconds else {
      throw Overflow(
        "\(what()) is too long a duration; durations go up to \(Int(maximumDurationSeconds)) "
          + "seconds (about 285,000 years)")
    }
    return .milliseconds(Int64((seconds * 1000).rounded()))
  }

  /// `date` moved by `seconds`.
  ///
  /// - Throws: ``Overflow`` when the result is outside ``dates``.
  public static func date(
    _ date: Date, adding seconds: Double, from what: @autoclosure () -> String
  )
    throws(Overflow) -> Date
  {
    guard seconds.isFinite, seconds.magnitude <= maximumDurationSeconds else {
      throw outOfRange(what())
    }
    return try checked(date.addingTimeInterval(seconds), from: what())
  }

  /// The date `seconds` after 1970-01-01T00:00:00Z.
  ///
  /// - Throws: ``Overflow`` when the result is outside ``dates``.
  public static func date(unixSeconds seconds: Double, from what: @autoclosure () -> String)
    throws(Overflow) -> Date
  {
    guard seconds.isFinite, seconds.magnitude <= maximumDurationSeconds else {
      throw outOfRange(what())
    }
    return try checked(Date(timeIntervalSince1970: seconds), from: what())
  }

  /// `date`, checked to be within ``dates``.
  ///
  /// - Throws: ``Overflow`` when it is not.
  public static func checked(_ date: Date, from what: @autoclosure () -> String)
    throws(Overflow) -> Date
  {
    guard dates.contains(date) else { throw outOfRange(what()) }
    return date
  }

  private static func outOfRange(_ what: String) -> Overflow {
    Overflow("\(what) is out of the range of dates (the years 1 to 9999)")
  }
}
