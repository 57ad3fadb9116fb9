#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A Unicode (ICU) date pattern such as `yyyy-MM-dd HH:mm`, on the ISO 8601 calendar (weeks
/// start on Monday; week 1 holds the year's first Thursday), with the output and the strict
/// parsing of a Foundation `DateFormatter` set up with that calendar, `isLenient = false`,
/// the locale and the time zone.
///
/// The value is immutable and `Sendable`: it can be shared by tasks that format concurrently.
public struct DatePattern: Sendable {
  /// The pattern as given.
  public let pattern: String
  /// The locale of month and weekday names.
  public let locale: Locale
  /// The zone whose wall clock the text shows.
  public let timeZone: TimeZone
  private let engine: Engine?

  /// A pattern read in `locale` on the wall clock of `timeZone`.
  ///
  /// - Parameters:
  ///   - pattern: Unicode date pattern letters; text in single quotes is literal. As with
  ///     `DateFormatter`, a pattern longer than 1,024 UTF-16 units is ignored (it formats as
  ///     the empty text).
  ///   - locale: The locale; `en_US_POSIX`, the default, is the one that never changes.
  ///   - timeZone: The zone.
  public init(
    _ pattern: String, locale: Locale = Locale(identifier: "en_US_POSIX"), timeZone: TimeZone
  ) {
    self.pattern = pattern
    self.locale = locale
    self.timeZone = timeZone
    engine = Engine(
      pattern: pattern.utf16.count <= 1024 ? pattern : "", locale: locale, timeZone: timeZone)
  }

  /// `date` as text.
  public func string(from date: Date) -> String { engine?.string(from: date) ?? "" }

  /// The date that `text` shows, or `nil` when it does not follow the pattern; spacing after
  /// the date is allowed. Fields the pattern lacks are taken from the start of 2000 on the
  /// zone's wall clock, and a two-digit year is one of 1950–2049, as `DateFormatter` does.
  public func date(from text: String) -> Date? { engine?.date(from: text) }
}

extension DatePattern {
  /// The ICU calendar keyword of Foundation's ISO 8601 calendar.
  static let calendarKeyword = "calendar=iso8601"

  /// The year CFDateFormatter parses into when a pattern has no year, and its start for
  /// two-digit years: 12000, which no text means, so that both can be told apart after.
  static let placeholderYear: Int32 = 12000
  /// The first moment of ``placeholderYear`` in milliseconds since 1970.
  static let placeholderYearStart = 316_516_204_800.0 * 1000

  /// The seconds from 1970 to 2001, the epoch of `Date`'s reference date.
  static let referenceDateOffset = 978_307_200.0

  /// Whether `text` after `offset` (UTF-16 units) is only spacing (`CharacterSet.whitespaces`:
  /// tab and the space separators), which `DateFormatter` allows after a date.
  static func onlySpacing(after offset: Int, in text: String) -> Bool {
    let utf16 = text.utf16
    guard let start = utf16.index(utf16.startIndex, offsetBy: offset, limitedBy: utf16.endIndex)
    else { return false }
    return text.unicodeScalars[start...].allSatisfy {
      $0 == "\t" || $0.properties.generalCategory == .spaceSeparator
    }
  }
}
