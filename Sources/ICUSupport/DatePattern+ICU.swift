#if canImport(_FoundationICU)
  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif
  import _FoundationICU

  extension DatePattern {
    /// A `UDateFormat` set up as swift-corelibs-foundation's CFDateFormatter sets it up for
    /// `DateFormatter`, used in place by one caller at a time and cloned for others, because
    /// ICU formats through a calendar it keeps inside.
    final class Engine: Sendable {
      private let format: ICUCheckout<UnsafeMutablePointer<UDateFormat?>>

      init?(pattern: String, locale: Locale, timeZone: TimeZone) {
        let identifier = locale.identifier
        let localeID =
          identifier + (identifier.contains("@") ? ";" : "@") + DatePattern.calendarKeyword
        let zone = Array(timeZone.identifier.utf16) + [0]
        let pattern = Array(pattern.utf16) + [0]
        var status = U_ZERO_ERROR
        let format = zone.withUnsafeBufferPointer { zone in
          pattern.withUnsafeBufferPointer { pattern in
            swift_udat_open(
              UDAT_PATTERN, UDAT_PATTERN, localeID, zone.baseAddress, Int32(zone.count - 1),
              pattern.baseAddress, Int32(pattern.count - 1), &status)
          }
        }
        guard let format, status.rawValue <= 0 else {
          if let format { swift_udat_close(format) }
          return nil
        }
        swift_udat_setLenient(format, 0)
        // CFDateFormatter replaces the format's calendar by one opened for the locale and
        // zone with the `Calendar`'s week rules and leniency.
        let calendar = zone.withUnsafeBufferPointer {
          swift_ucal_open($0.baseAddress, Int32($0.count - 1), localeID, UCAL_DEFAULT, &status)
        }
        guard let calendar, status.rawValue <= 0 else {
          if let calendar { swift_ucal_close(calendar) }
          swift_udat_close(format)
          return nil
        }
        swift_ucal_setAttribute(calendar, UCAL_LENIENT, 0)
        swift_ucal_setAttribute(calendar, UCAL_FIRST_DAY_OF_WEEK, 2)
        swift_ucal_setAttribute(calendar, UCAL_MINIMAL_DAYS_IN_FIRST_WEEK, 4)
        swift_udat_setCalendar(format, calendar)
        swift_ucal_close(calendar)
        // CFDateFormatter sets this on a copy before every parse; formatting ignores it.
        swift_udat_set2DigitYearStart(format, DatePattern.placeholderYearStart, &status)
        self.format = ICUCheckout(
          format,
          clone: { original in
            var status = U_ZERO_ERROR
            let copy = swift_udat_clone(original, &status)
            guard status.rawValue <= 0 else {
              if let copy { swift_udat_close(copy) }
              return nil
            }
            return copy
          },
          close: { swift_udat_close($0) })
      }

      func string(from date: Date) -> String {
        format.withObject { Self.string(from: date, with: $0) } ?? ""
      }

      private static func string(
        from date: Date, with format: UnsafeMutablePointer<UDateFormat?>
      ) -> String {
        var status = U_ZERO_ERROR
        // Rounded to the millisecond as CFDateFormatter rounds.
        let milliseconds =
          (date.timeIntervalSinceReferenceDate + DatePattern.referenceDateOffset) * 1000 + 0.5
        var buffer = [UInt16](repeating: 0, count: 128)
        var length = swift_udat_format(
          format, milliseconds, &buffer, Int32(buffer.count), nil, &status)
        if status == U_BUFFER_OVERFLOW_ERROR {
          status = U_ZERO_ERROR
          buffer = [UInt16](repeating: 0, count: Int(length) + 1)
          length = swift_udat_format(
            format, milliseconds, &buffer, Int32(buffer.count), nil, &status)
        }
        guard status.rawValue <= 0 else { return "" }
        return String(decoding: buffer.prefix(Int(length)), as: UTF16.self)
      }

      func date(from text: String) -> Date? {
        format.withObject { Self.date(from: text, with: $0) } ?? nil
      }

      private static func date(
        from text: String, with format: UnsafeMutablePointer<UDateFormat?>
      ) -> Date? {
        // As CFDateFormatter, at most the first 1,024 UTF-16 units are read.
        let units = Array(text.utf16.prefix(1024)) + [0]
        var status = U_ZERO_ERROR
        // The calendar parsed into: a copy, cleared, with the placeholder year.
        guard let calendar = swift_ucal_clone(swift_udat_getCalendar(format), &status),
          status.rawValue <= 0
        else { return nil }
        defer { swift_ucal_close(calendar) }
        swift_ucal_clear(calendar)
        swift_ucal_set(calendar, UCAL_YEAR, DatePattern.placeholderYear)
        var position: Int32 = 0
        units.withUnsafeBufferPointer {
          swift_udat_parseCalendar(
            format, calendar, $0.baseAddress, Int32($0.count - 1), &position, &status)
        }
        var milliseconds = swift_ucal_getMillis(calendar, &status)
        guard status.rawValue <= 0 else { return nil }
        // A year of 12000–12099 came from a text with a two-digit year or none: as
        // CFDateFormatter, take it to 1950–2049 (so a missing year is 2000), keeping the rest
        // of the wall-clock time; a 29 February that the new year lacks fails.
        let year = swift_ucal_get(calendar, UCAL_YEAR, &status)
        if (DatePattern.placeholderYear..<DatePattern.placeholderYear + 100).contains(year) {
          let twoDigits = year % 100
          swift_ucal_setMillis(calendar, milliseconds, &status)
          swift_ucal_set(calendar, UCAL_YEAR, (twoDigits < 50 ? 2000 : 1900) + twoDigits)
          milliseconds = swift_ucal_getMillis(calendar, &status)
        }
        guard status.rawValue <= 0, DatePattern.onlySpacing(after: Int(position), in: text)
        else { return nil }
        return Date(
          timeIntervalSinceReferenceDate: milliseconds / 1000 - DatePattern.referenceDateOffset)
      }
    }
  }
#endif
