#if !canImport(_FoundationICU)
  import Foundation

  extension DatePattern {
    /// Where there is no `_FoundationICU` (macOS), Foundation's `DateFormatter`, set up the
    /// way the ICU engine copies.
    ///
    /// `@unchecked Sendable`: `DateFormatter` is thread-safe since macOS 10.9 and is not
    /// changed after `init`.
    final class Engine: @unchecked Sendable {
      private let formatter = DateFormatter()

      init?(pattern: String, locale: Locale, timeZone: TimeZone) {
        formatter.locale = locale
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        formatter.calendar = calendar
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        formatter.isLenient = false
      }

      func string(from date: Date) -> String { formatter.string(from: date) }

      func date(from text: String) -> Date? { formatter.date(from: text) }
    }
  }
#endif
