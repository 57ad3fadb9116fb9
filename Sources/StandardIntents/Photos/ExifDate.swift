#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// When a JPEG photo was taken, from its EXIF `DateTimeOriginal` (tag 0x9003), read with a
/// small parser that checks every offset and length against the bytes it has: a damaged or
/// hostile file gives `nil` (the library then uses the file's modification time), never a
/// crash or a read past the end.
///
/// EXIF keeps the camera's local time without a zone; `OffsetTimeOriginal` (0x9011, such as
/// `+02:00`) gives the zone when present, else `timeZone` is used.
public enum ExifDate {
  /// The date the photo in `bytes` (a whole JPEG file, or at least its start) was taken.
  public static func taken(in bytes: [UInt8], timeZone: TimeZone = .current) -> Date? {
    guard let tiff = exifSegment(in: bytes) else { return nil }
    return tiff.dateTaken(timeZone: timeZone)
  }

  /// The TIFF structure inside the JPEG's `APP1` segment that starts with `Exif\0\0`.
  private static func exifSegment(in bytes: [UInt8]) -> TIFF? {
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
    var position = 2
    while position + 4 <= bytes.count {
      guard bytes[position] == 0xFF else { return nil }
      let marker = bytes[position + 1]
      switch marker {
      case 0xFF:  // fill byte before a marker
        position += 1
        continue
      case 0x01, 0xD0...0xD7:  // markers without a length
        position += 2
        continue
      case 0xD9, 0xDA:  // end of image, start of scan: no EXIF comes after
        return nil
      default: break
      }
      let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
      let start = position + 4
      let end = position + 2 + length
      guard length >= 2, end <= bytes.count else { return nil }
      let header: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
      if marker == 0xE1, end - start >= header.count + 8,
        Array(bytes[start..<start + header.count]) == header
      {
        return TIFF(bytes: Array(bytes[(start + header.count)..<end]))
      }
      position = end
    }
    return nil
  }

  /// A TIFF structure: a byte order, then directories of 12-byte entries.
  private struct TIFF {
    let bytes: [UInt8]
    let littleEndian: Bool

    init?(bytes: [UInt8]) {
      guard bytes.count >= 8 else { return nil }
      switch (bytes[0], bytes[1]) {
      case (0x49, 0x49): littleEndian = true  // "II"
      case (0x4D, 0x4D): littleEndian = false  // "MM"
      default: return nil
      }
      self.bytes = bytes
      guard uint16(at: 2) == 42 else { return nil }
    }

    func dateTaken(timeZone: TimeZone) -> Date? {
      guard let first = uint32(at: 4),
        let exifOffset = entry(0x8769, inDirectoryAt: Int(first)).flatMap(longValue),
        let original = entry(0x9003, inDirectoryAt: Int(exifOffset)).flatMap(text)
      else { return nil }
      let offset = entry(0x9011, inDirectoryAt: Int(exifOffset)).flatMap(text).flatMap(
        Self.timeZone)
      return Self.date(original, timeZone: offset ?? timeZone)
    }

    /// An entry of a directory: its type, count, and the 4 bytes of its value or offset.
    struct Entry {
      var type: Int
      var count: Int
      var valueOffset: Int
    }

    private func entry(_ tag: Int, inDirectoryAt offset: Int) -> Entry? {
      guard let count = uint16(at: offset), count <= 1000 else { return nil }
      for index in 0..<count {
        let at = offset + 2 + index * 12
        guard let found = uint16(at: at), let type = uint16(at: at + 2),
          let number = uint32(at: at + 4)
        else { return nil }
        if found == tag { return Entry(type: type, count: Int(number), valueOffset: at + 8) }
      }
      return nil
    }

    /// A LONG (type 4) or SHORT (type 3) value.
    private func longValue(_ entry: Entry) -> UInt32? {
      switch entry.type {
      case 4: uint32(at: entry.valueOffset)
      case 3: uint16(at: entry.valueOffset).map(UInt32.init)
      default: nil
      }
    }

    /// An ASCII (type 2) value, up to its first NUL; values over 4 bytes live at an offset.
    private func text(_ entry: Entry) -> String? {
      guard entry.type == 2, entry.count > 0, entry.count <= 256 else { return nil }
      var start = entry.valueOffset
      if entry.count > 4 {
        guard let offset = uint32(at: entry.valueOffset) else { return nil }
        start = Int(offset)
      }
      guard start >= 0, start + entry.count <= bytes.count else { return nil }
      let value = bytes[start..<start + entry.count].prefix { $0 != 0 }
      return String(decoding: value, as: UTF8.self)
    }

    private func uint16(at offset: Int) -> Int? {
      guard offset >= 0, offset + 2 <= bytes.count else { return nil }
      let (a, b) = (Int(bytes[offset]), Int(bytes[offset + 1]))
      return littleEndian ? b << 8 | a : a << 8 | b
    }

    private func uint32(at offset: Int) -> UInt32? {
      guard let first = uint16(at: offset), let second = uint16(at: offset + 2) else {
        return nil
      }
      let value = littleEndian ? second << 16 | first : first << 16 | second
      return UInt32(value)
    }

    /// `YYYY:MM:DD HH:MM:SS` in `timeZone`; `nil` for a blank or impossible date.
    static func date(_ text: String, timeZone: TimeZone) -> Date? {
      let parts = text.split { $0 == ":" || $0 == " " }.map { Int($0) }
      guard parts.count == 6, let year = parts[0], let month = parts[1], let day = parts[2],
        let hour = parts[3], let minute = parts[4], let second = parts[5],
        (1..<10000).contains(year), (1...12).contains(month), (1...31).contains(day),
        (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
      else { return nil }
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone
      let components = DateComponents(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second)
      guard let date = calendar.date(from: components),
        calendar.component(.day, from: date) == day
      else { return nil }
      return date
    }

    /// `+02:00` or `-05:30` as a fixed zone.
    static func timeZone(_ text: String) -> TimeZone? {
      let characters = Array(text)
      guard characters.count == 6, characters[0] == "+" || characters[0] == "-",
        characters[3] == ":", let hours = Int(String(characters[1...2])),
        let minutes = Int(String(characters[4...5])), hours <= 14, minutes < 60
      else { return nil }
      let seconds = (hours * 60 + minutes) * 60
      return TimeZone(secondsFromGMT: characters[0] == "-" ? -seconds : seconds)
    }
  }
}
