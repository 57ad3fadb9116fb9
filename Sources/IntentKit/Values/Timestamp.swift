public import Foundation

/// ISO 8601 timestamps with a numeric UTC offset: `2026-03-29T03:00:00+02:00`.
///
/// Hand-written because Foundation's ISO 8601 parser on Linux silently drops fractional
/// seconds and rejects date-only text; and because formatting runs for every date a
/// workflow prints, it avoids `Calendar` entirely (civil-date arithmetic on the offset).
public enum Timestamp {
  /// Formats `date` in `timeZone` with seconds and a `±HH:MM` offset (UTC prints `+00:00`).
  ///
  /// - Complexity: O(1); no allocation beyond the result.
  public static func format(_ date: Date, in timeZone: TimeZone) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let offset = timeZone.secondsFromGMT(for: date)
    let local = seconds + offset
    let days = local.floorDiv(86_400)
    let secondOfDay = local - days * 86_400
    let (year, month, day) = civil(fromDays: days)
    let sign = offset < 0 ? "-" : "+"
    let offsetMinutes = abs(offset) / 60
    return "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(secondOfDay / 3600)):"
      + "\(pad(secondOfDay / 60 % 60)):\(pad(secondOfDay % 60))"
      + "\(sign)\(pad(offsetMinutes / 60)):\(pad(offsetMinutes % 60))"
  }

  /// Parses `2026-12-01`, `2026-12-01T09:00`, `2026-12-01 09:00:30.25`, and any of those
  /// with `Z`, `+02:00` or `+0200`. Text without an offset is wall-clock time in
  /// `defaultTimeZone` (a time skipped by a daylight-saving change moves forward by the gap; a
  /// time that happens twice means its first occurrence).
  ///
  /// - Returns: the instant, or `nil` when the text is not such a timestamp.
  public static func parse(_ text: String, defaultTimeZone: TimeZone) -> Date? {
    var scanner = Scanner(Array(text.utf8))
    guard let year = scanner.digits(4), scanner.take(UInt8(ascii: "-")),
      let month = scanner.digits(2), scanner.take(UInt8(ascii: "-")),
      let day = scanner.digits(2), (1...12).contains(month),
      (1...daysIn(month: month, year: year)).contains(day)
    else { return nil }
    var secondOfDay = 0.0
    if scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: "t"))
      || scanner.take(UInt8(ascii: " "))
    {
      guard let hour = scanner.digits(2), scanner.take(UInt8(ascii: ":")),
        let minute = scanner.digits(2), hour < 24, minute < 60
      else { return nil }
      var second = 0.0
      if scanner.take(UInt8(ascii: ":")) {
        guard let whole = scanner.digits(2), whole < 60 else { return nil }
        second = Double(whole)
        if scanner.take(UInt8(ascii: ".")) || scanner.take(UInt8(ascii: ",")) {
          guard let fraction = scanner.fraction() else { return nil }
          second += fraction
        }
      }
      secondOfDay = Double(hour * 3600 + minute * 60) + second
    }
    let days = Self.days(fromCivil: year, month, day)
    let local = Double(days * 86_400) + secondOfDay
    var offset: Int?
    if scanner.take(UInt8(ascii: "Z")) || scanner.take(UInt8(ascii: "z")) {
      offset = 0
    } else if let sign = scanner.peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      scanner.index += 1
      guard let hours = scanner.digits(2), hours < 24 else { return nil }
      // `+02`, `+0200` or `+02:00`: a colon must be followed by the minutes.
      let colon = scanner.take(UInt8(ascii: ":"))
      let digits = scanner.digits(2)
      guard digits != nil || !colon else { return nil }
      let minutes = digits ?? 0
      guard minutes < 60 else { return nil }
      offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
    }
    guard scanner.isAtEnd else { return nil }
    if let offset { return Date(timeIntervalSince1970: local - Double(offset)) }
    return wallClock(local, in: defaultTimeZone)
  }

  /// The instant at which clocks in `timeZone` show `local` (seconds since 1970 in wall time).
  ///
  /// A wall time that happens twice (clocks falling back) means its first occurrence; one that
  /// never happens (clocks springing forward) moves forward by the gap.
  static func wallClock(_ local: Double, in timeZone: TimeZone) -> Date {
    // The offsets a day before and a day after are the two sides of any transition near this
    // wall time (zones change offset a few times a year at most).
    let before = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local - 86_400))
    let after = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local + 86_400))
    // An offset names a real instant when the zone has that offset at that instant; when both
    // do, the larger offset gives the earlier instant.
    let valid = [before, after].filter { offset in
      timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local - Double(offset))) == offset
    }
    if let offset = valid.max() { return Date(timeIntervalSince1970: local - Double(offset)) }
    // In a spring-forward gap: read the time with the offset from before the gap.
    return Date(timeIntervalSince1970: local - Double(min(before, after)))
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = y.floorDiv(400)
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date of a day count since 1970-01-01.
  static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = z.floorDiv(146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func pad(_ value: Int, _ width: Int = 2) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }

  private struct Scanner {
    let bytes: [UInt8]
    var index = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    var isAtEnd: Bool { index == bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }
    mutating func take(_ byte: UInt8) -> Bool {
      guard peek == byte else { return false }
      index += 1
      return true
    }
    mutating func digits(_ count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + count] {
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      index += count
      return value
    }
    mutating func fraction() -> Double? {
      var scale = 0.1
      var value = 0.0
      let start = index
      while let byte = peek, (48...57).contains(byte) {
        value += Double(byte - 48) * scale
        scale /= 10
        index += 1
      }
      return index > start ? value : nil
    }
  }
}

extension Int {
  /// Division rounding toward negative infinity.
  func floorDiv(_ divisor: Int) -> Int {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
