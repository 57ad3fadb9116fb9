public import IntentKit

/// The text of a workflow file, kept for diagnostics: source lines for carets, and columns
/// inside JSON strings.
public struct WorkflowSource: Sendable {
  /// The path as the user gave it (diagnostics print it this way).
  public var path: String
  /// The file's bytes.
  public var bytes: [UInt8]
  /// The byte ranges of values that quoted lines show as `***`: the defaults of secret
  /// inputs, so that a diagnostic quoting their line does not print them.
  public private(set) var hidden: [Range<Int>] = []

  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }

  /// The text of a 1-based line, without its line break. Lines end as the JSON parser's
  /// positions count them: at a line feed, a carriage return, or both.
  public func line(_ number: Int) -> String? {
    guard number >= 1 else { return nil }
    var line = 1
    var start = 0
    var index = 0
    while index < bytes.count, line < number {
      let byte = bytes[index]
      index += 1
      if byte == 0x0A || byte == 0x0D {
        if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
        line += 1
        start = index
      }
    }
    guard line == number, start <= bytes.count else { return nil }
    var end = start
    while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
    guard hidden.contains(where: { $0.overlaps(start..<end) }) else {
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }
    var shown: [UInt8] = []
    var next = start
    for range in hidden where range.overlaps(start..<end) {
      let from = max(range.lowerBound, start)
      if from >= next {
        shown += bytes[next..<from]
        shown += Array(SecretValues.mask.utf8)
      }
      next = max(next, min(range.upperBound, end))
    }
    shown += bytes[next..<end]
    return String(decoding: shown, as: UTF8.self)
  }

  /// Shows the JSON value that starts at byte `offset` as `***` in quoted lines.
  mutating func hideValue(at offset: Int) {
    guard offset < bytes.count else { return }
    var end = offset
    switch bytes[offset] {
    case UInt8(ascii: "\""):
      end = Self.endOfString(bytes, from: offset)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      while end < bytes.count {
        switch bytes[end] {
        case UInt8(ascii: "\""):
          end = Self.endOfString(bytes, from: end)
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
        default: break
        }
        end += 1
        if depth == 0 { break }
      }
    default:
      let delimiters = Set(",}] \t\r\n".utf8)
      while end < bytes.count, !delimiters.contains(bytes[end]) { end += 1 }
    }
    if end > offset { hidden.append(offset..<end) }
  }

  /// The offset just past the string whose opening quote is at `quote`.
  private static func endOfString(_ bytes: [UInt8], from quote: Int) -> Int {
    var index = quote + 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\\"): index += 2
      case UInt8(ascii: "\""): return index + 1
      default: index += 1
      }
    }
    return bytes.count
  }

  /// The location of the `offset`-th Unicode scalar of a JSON string's decoded text, given
  /// where the string's opening quote is. Escapes count as the characters they stand for.
  public func location(in span: ValueSource.Span, scalarOffset: Int) -> SourceLocation {
    location(in: span, scalarOffset: scalarOffset, from: nil).location
  }

  /// A place in a string's text, where a walk to a scalar offset stopped, so that the next
  /// walk in the same string can go on from there.
  struct StringCursor {
    var quote: Int
    var scalarOffset: Int
    var index: Int
    var column: Int
  }

  /// ``location(in:scalarOffset:)``, starting from `start` when it is in the same string and
  /// not past `scalarOffset`: finding the many references of one string in order then walks
  /// the string once instead of once per reference.
  func location(in span: ValueSource.Span, scalarOffset: Int, from start: StringCursor?)
    -> (location: SourceLocation, cursor: StringCursor?)
  {
    guard let quote = span.stringOffset, quote < bytes.count else { return (span.location, nil) }
    var column = span.location.column + 1
    var index = quote + 1
    var decoded = 0
    if let start, start.quote == quote, start.scalarOffset <= scalarOffset {
      (column, index, decoded) = (start.column, start.index, start.scalarOffset)
    }
    while index < bytes.count, decoded < scalarOffset {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        let isUnicode = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "u")
        var width = isUnicode ? 6 : 2
        // A surrogate pair is one scalar written as two escapes.
        if isUnicode, index + 11 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
          bytes[index + 7] == UInt8(ascii: "u"),
          let high = UInt32(
            String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self),
            radix: 16), (0xD800...0xDBFF).contains(high)
        {
          width = 12
        }
        index += width
        column += width
      } else {
        index += 1
        if byte & 0xC0 != 0x80 { column += 1 }
        while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
      }
      decoded += 1
    }
    var location = span.location
    location.column = column
    return (
      location,
      StringCursor(quote: quote, scalarOffset: decoded, index: index, column: column)
    )
  }
}
