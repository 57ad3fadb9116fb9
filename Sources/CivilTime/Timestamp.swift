import Suggestions

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// ISO 8601 timestamps with a numeric offset: `2026-03-29T03:00:00+02:00`.
///
/// Formatting always shows seconds and never fractions, and writes UTC as `+00:00` (never
/// `Z`), so every timestamp has the same shape. It uses no locale and no formatter objects.
/// Parsing is more lenient; see `parse(_:defaultTimeZone:)`.
public enum Timestamp {
  /// Formats an instant as the wall-clock time and offset of `timeZone`.
  ///
  /// Fractions of a second are dropped (rounding down). An offset with seconds, which only
  /// historical local mean times have, is written `+00:57:44`.
  ///
  /// - Parameters:
  ///   - date: The instant.
  ///   - timeZone: Whose wall clock and offset to show.
  /// - Returns: Text such as `2026-03-29T03:00:00+02:00`.
  /// - Complexity: O(1): one offset look-up and no allocation beyond the string.
  public static func format(_ date: Date, in timeZone: TimeZone) -> String {
    let offset = timeZone.secondsFromGMT(for: date)
    let local = Int(date.timeIntervalSince1970.rounded(.down)) + offset
    let (dayNumber, secondOfDay) = CivilCalendar.split(seconds: local)
    let (year, month, day) = CivilCalendar.date(dayNumber: dayNumber)
    return format(
      year: year, month: month, day: day, hour: secondOfDay / 3600,
      minute: secondOfDay / 60 % 60, second: secondOfDay % 60, offset: offset)
  }

  /// Parses an ISO 8601 date or date and time.
  ///
  /// Accepted forms:
  /// - `2026-03-29T03:00:00+02:00`, `…+0200`, `…+02`, `…Z` (`t`, `z` and a space instead of
  ///   `T` are accepted too);
  /// - seconds may be omitted (`2026-03-29T03:00`) and may have a fraction (`…:00.250`);
  /// - without an offset, the time is read on the wall clock of `defaultTimeZone`;
  /// - a date alone means midnight in `defaultTimeZone`.
  ///
  /// A wall-clock time that `defaultTimeZone` skips (02:30 on a spring-forward night) is read
  /// with the offset before the change, landing as far after the gap as it was into it
  /// (03:30); a repeated one is read as its first occurrence.
  ///
  /// - Parameters:
  ///   - text: The timestamp; surrounding white space is ignored.
  ///   - defaultTimeZone: The zone for text without an offset.
  /// - Returns: The instant, or `nil` if the text is not such a timestamp or names a date or
  ///   time that does not exist (`2026-02-30`, `24:00`).
  public static func parse(_ text: String, defaultTimeZone: TimeZone) -> Date? {
    var reader = Reader(text.trimming(.whitespaces))
    guard let year = reader.digits(4), reader.skip("-"), let month = reader.digits(2),
      reader.skip("-"), let day = reader.digits(2), (1...12).contains(month), day >= 1,
      day <= CivilCalendar.daysInMonth(year: year, month: month)
    else { return nil }
    let dayStart = CivilCalendar.dayNumber(year: year, month: month, day: day) * 86_400
    if reader.isAtEnd {
      return Date(timeIntervalSince1970: Double(defaultTimeZone.instant(forLocal: dayStart)))
    }
    guard reader.skip("T") || reader.skip("t") || reader.skip(" "),
      let hour = reader.digits(2), reader.skip(":"), let minute = reader.digits(2),
      hour < 24, minute < 60
    else { return nil }
    var second = 0
    var fraction = 0.0
    if reader.skip(":") {
      guard let value = reader.digits(2), value < 60 else { return nil }
      second = value
      if reader.skip(".") || reader.skip(",") {
        guard let digits = reader.digitText(), let value = Double("0." + digits) else {
          return nil
        }
        fraction = value
      }
    }
    let local = dayStart + hour * 3600 + minute * 60 + second
    let instant: Int
    if reader.isAtEnd {
      instant = defaultTimeZone.instant(forLocal: local)
    } else if reader.skip("Z") || reader.skip("z") {
      guard reader.isAtEnd else { return nil }
      instant = local
    } else {
      guard let offset = reader.offset(), reader.isAtEnd else { return nil }
      instant = local - offset
    }
    return Date(timeIntervalSince1970: Double(instant) + fraction)
  }

  /// `2026-03-29T03:00:00` followed by the offset, if any.
  package static func format(
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int?
  ) -> String {
    // One allocation: the digits are written straight into the string's storage.
    String(unsafeUninitializedCapacity: 64) { buffer in
      var writer = Writer(buffer: buffer)
      writer.append(year, width: 4)
      writer.append("-")
      writer.append(month, width: 2)
      writer.append("-")
      writer.append(day, width: 2)
      writer.append("T")
      writer.append(hour, width: 2)
      writer.append(":")
      writer.append(minute, width: 2)
      writer.append(":")
      writer.append(second, width: 2)
      if let offset {
        writer.append(offset < 0 ? "-" : "+")
        let magnitude = abs(offset)
        writer.append(magnitude / 3600, width: 2)
        writer.append(":")
        writer.append(magnitude / 60 % 60, width: 2)
        if magnitude % 60 != 0 {
          writer.append(":")
          writer.append(magnitude % 60, width: 2)
        }
      }
      return writer.count
    }
  }

  /// Writes ASCII into a buffer large enough for any timestamp (64 bytes).
  private struct Writer {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    mutating func append(_ character: Unicode.Scalar) {
      buffer[count] = UInt8(ascii: character)
      count += 1
    }

    /// The decimal digits of `value`, zero-padded to `width`, after a `-` if negative.
    mutating func append(_ value: Int, width: Int) {
      if value < 0 { append("-") }
      var magnitude = value.magnitude
      var digitCount = 1
      var rest = magnitude / 10
      while rest > 0 {
        digitCount += 1
        rest /= 10
      }
      let end = count + max(width, digitCount)
      var index = end - 1
      while index >= count {
        buffer[index] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
        magnitude /= 10
        index -= 1
      }
      count = end
    }
  }

  /// A cursor over the bytes of a timestamp.
  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    init(_ text: String) {
      bytes = Array(text.utf8)
    }

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
      guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
      index += 1
      return true
    }

    /// Exactly `count` ASCII digits.
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

    /// One or more ASCII digits, as text.
    mutating func digitText() -> String? {
      let start = index
      while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
      return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    /// `+02:00`, `+0200` or `+02`, in seconds east of UTC.
    mutating func offset() -> Int? {
      let sign: Int
      if skip("+") {
        sign = 1
      } else if skip("-") {
        sign = -1
      } else {
        return nil
      }
      guard let hours = digits(2), hours < 24 else { return nil }
      var minutes = 0
      if !isAtEnd {
        _ = skip(":")
        guard let value = digits(2), value < 60 else { return nil }
        minutes = value
      }
      return sign * (hours * 3600 + minutes * 60)
    }
  }
}
