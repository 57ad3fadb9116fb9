/// An open document's text as the editor last sent it, with the index that turns LSP
/// positions (lines and UTF-16 code units, as LSP 3.17 counts them by default) into byte
/// offsets and back.
///
/// Lines end as the JSON parser counts them: at a line feed, a carriage return, or both.
struct TextDocument: Sendable {
  /// The document's URI, as the editor names it.
  var uri: String
  /// The version the editor gave with the latest text.
  var version: Int
  /// The text in UTF-8.
  private(set) var bytes: [UInt8]
  /// The byte offset where each line starts; the first is 0.
  private(set) var lineStarts: [Int]

  init(uri: String, version: Int, text: String) {
    self.uri = uri
    self.version = version
    bytes = Array(text.utf8)
    lineStarts = Self.lineStarts(of: bytes)
  }

  /// The text as a string.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Replaces the whole text.
  mutating func replace(with text: String) {
    bytes = Array(text.utf8)
    lineStarts = Self.lineStarts(of: bytes)
  }

  /// Replaces the text between two positions, as an incremental change says.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  mutating func replace(_ range: TextRange, with text: String) {
    let start = offset(of: range.start)
    let end = max(start, offset(of: range.end))
    bytes.replaceSubrange(start..<end, with: Array(text.utf8))
    lineStarts = Self.lineStarts(of: bytes)
  }

  private static func lineStarts(of bytes: [UInt8]) -> [Int] {
    var starts = [0]
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
      if byte == 0x0A || byte == 0x0D { starts.append(index) }
    }
    return starts
  }

  /// Where a line's text ends: before its line break, or at the end of the text.
  private func lineEnd(_ line: Int) -> Int {
    var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
    while end > lineStarts[line], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
    return end
  }

  // MARK: - Positions

  /// The byte offset of an LSP position; a position past the end of its line is the line's
  /// end, and one past the last line the end of the text.
  func offset(of position: TextPosition) -> Int {
    guard position.line >= 0 else { return 0 }
    guard position.line < lineStarts.count else { return bytes.count }
    let end = lineEnd(position.line)
    var index = lineStarts[position.line]
    var units = 0
    while index < end, units < position.character {
      let (scalar, length) = Self.scalar(in: bytes, at: index)
      units += scalar >= 0x10000 ? 2 : 1
      index += length
    }
    return index
  }

  /// The LSP position of a byte offset.
  func position(of offset: Int) -> TextPosition {
    let offset = min(max(offset, 0), bytes.count)
    // The last line that starts at or before the offset.
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    var index = lineStarts[low]
    var units = 0
    while index < offset {
      let (scalar, length) = Self.scalar(in: bytes, at: index)
      units += scalar >= 0x10000 ? 2 : 1
      index += length
    }
    return TextPosition(line: low, character: units)
  }

  /// The byte offset of a 1-based line and a 1-based column counted in Unicode scalars, as
  /// the engine's diagnostics give them.
  func offset(line: Int, column: Int) -> Int {
    guard line >= 1, line - 1 < lineStarts.count else { return bytes.count }
    let end = lineEnd(line - 1)
    var index = lineStarts[line - 1]
    var scalars = 1
    while index < end, scalars < column {
      index += Self.scalar(in: bytes, at: index).length
      scalars += 1
    }
    return index
  }

  /// The range of bytes between two offsets, as LSP positions.
  func range(_ bytes: Range<Int>) -> TextRange {
    TextRange(start: position(of: bytes.lowerBound), end: position(of: bytes.upperBound))
  }

  /// The Unicode scalar that starts at `index` and its length in bytes; a malformed byte is
  /// one replacement character.
  static func scalar(in bytes: [UInt8], at index: Int) -> (value: UInt32, length: Int) {
    let lead = bytes[index]
    let length: Int
    var value: UInt32
    switch lead {
    case 0..<0x80: return (UInt32(lead), 1)
    case 0xC0..<0xE0: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0..<0xF0: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0..<0xF8: (length, value) = (4, UInt32(lead & 0x07))
    default: return (0xFFFD, 1)
    }
    guard index + length <= bytes.count else { return (0xFFFD, 1) }
    for next in (index + 1)..<(index + length) {
      guard bytes[next] & 0xC0 == 0x80 else { return (0xFFFD, 1) }
      value = value << 6 | UInt32(bytes[next] & 0x3F)
    }
    return (value, length)
  }
}

/// A place in a document as LSP gives it: a 0-based line and a 0-based offset in UTF-16
/// code units.
struct TextPosition: Sendable, Hashable, Comparable {
  var line: Int
  var character: Int

  static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
    (lhs.line, lhs.character) < (rhs.line, rhs.character)
  }
}

/// A span of a document between two positions, the end excluded.
struct TextRange: Sendable, Hashable {
  var start: TextPosition
  var end: TextPosition
}
