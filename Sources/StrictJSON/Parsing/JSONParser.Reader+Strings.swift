extension JSONParser.Reader {
  /// Reads a string whose opening quote is at `index`, leaving `index` after the closing quote.
  ///
  /// Printable ASCII without escapes, the common case, takes a tight loop and becomes a string
  /// straight from the input bytes. Anything else continues in `readStringSlowly`.
  mutating func readString() throws(JSONSyntaxError) -> String {
    let quote = index
    index += 1
    while true {
      let byte = bytes[index]
      if byte == .quote {
        let string = makeString(from: quote + 1, to: index)
        index += 1
        return string
      }
      if byte == .backslash || byte < .space || byte > .delete { break }
      index += 1
    }
    return try readStringSlowly(openingQuote: quote)
  }

  /// Continues reading a string at its first escape, control character or non-ASCII byte.
  ///
  /// Escapes are decoded into `scratch`, together with the plain runs between them; a string
  /// without escapes is still taken straight from the input. Non-ASCII bytes are validated as
  /// UTF-8 here, which is also where their continuation bytes are counted for columns.
  mutating func readStringSlowly(openingQuote: Int) throws(JSONSyntaxError) -> String {
    // Taken now, before non-ASCII text after the quote changes `continuationBytes`.
    let opened = position(at: openingQuote)
    let contentStart = openingQuote + 1
    var isEscaped = false
    var runStart = contentStart
    while true {
      let byte = bytes[index]
      if byte == .quote {
        let string: String
        if isEscaped {
          appendToScratch(from: runStart, to: index)
          string = String(decoding: scratch, as: UTF8.self)
        } else {
          string = makeString(from: contentStart, to: index)
        }
        index += 1
        return string
      } else if byte == .backslash {
        if !isEscaped {
          isEscaped = true
          scratch.removeAll(keepingCapacity: true)
        }
        appendToScratch(from: runStart, to: index)
        try readEscape(inStringAt: opened)
        runStart = index
      } else if byte < .space {
        guard index < end else {
          throw .unexpectedEnd(
            unclosed: "string", closer: "\"", opened: opened,
            at: position(at: end))
        }
        throw .unescapedControlCharacter(byte, at: position(at: index))
      } else if byte > .delete {
        guard let length = utf8SequenceLength(at: index) else {
          throw invalidUTF8(at: index)
        }
        continuationBytes += length - 1
        index += length
      } else {
        index += 1
      }
    }
  }

  /// Reads the escape sequence at `index` and appends its UTF-8 to `scratch`.
  mutating func readEscape(inStringAt opened: JSONPosition) throws(JSONSyntaxError) {
    let backslash = index
    let decoded: UInt8
    switch bytes[index + 1] {
    case .quote, .backslash, .slash: decoded = bytes[index + 1]
    case .letterB: decoded = 0x08
    case .letterF: decoded = 0x0C
    case .letterN: decoded = .lineFeed
    case .letterR: decoded = .carriageReturn
    case .letterT: decoded = .tab
    case .letterU:
      try readUnicodeEscape()
      return
    default:
      guard backslash + 1 < end else {
        throw .unexpectedEnd(
          unclosed: "string", closer: "\"", opened: opened,
          at: position(at: end))
      }
      if bytes[backslash + 1] > .delete, utf8SequenceLength(at: backslash + 1) == nil {
        throw invalidUTF8(at: backslash + 1)
      }
      throw .invalidEscape(describeEscape(at: backslash), at: position(at: backslash))
    }
    scratch.append(decoded)
    index += 2
  }

  /// Reads a `\uXXXX` escape, or a surrogate pair of two, and appends the scalar's UTF-8.
  mutating func readUnicodeEscape() throws(JSONSyntaxError) {
    let first = index
    guard let unit = hexQuad(at: first + 2) else {
      throw .invalidUnicodeEscape(describeEscape(at: first), at: position(at: first))
    }
    index += 6
    var scalar = unit
    if (0xD800...0xDBFF).contains(unit) {
      guard bytes[index] == .backslash, bytes[index + 1] == .letterU else {
        throw .loneSurrogate(describeEscape(at: first), isHigh: true, at: position(at: first))
      }
      guard let low = hexQuad(at: index + 2) else {
        throw .invalidUnicodeEscape(describeEscape(at: index), at: position(at: index))
      }
      guard (0xDC00...0xDFFF).contains(low) else {
        throw .mismatchedSurrogate(
          describeEscape(at: first), followedBy: describeEscape(at: index), at: position(at: first)
        )
      }
      scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
      index += 6
    } else if (0xDC00...0xDFFF).contains(unit) {
      throw .loneSurrogate(describeEscape(at: first), isHigh: false, at: position(at: first))
    }
    appendUTF8(scalar)
  }

  /// The value of four hex digits at `offset`, or `nil` if they are not all hex digits.
  func hexQuad(at offset: Int) -> UInt32? {
    var value: UInt32 = 0
    // Stops at the first non-hex byte, so it never reads past the NUL sentinel.
    for position in offset..<offset + 4 {
      let byte = bytes[position]
      let digit: UInt8
      if byte.isDigit {
        digit = byte &- .digit0
      } else if (byte | 0x20) &- .letterA < 6 {
        digit = (byte | 0x20) &- .letterA &+ 10
      } else {
        return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// Appends the UTF-8 encoding of a scalar value (not a surrogate) to `scratch`.
  mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      scratch.append(UInt8(scalar))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | scalar >> 6))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | scalar >> 12))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | scalar >> 18))
      scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  /// The length of the valid UTF-8 sequence that starts at `offset`, or `nil` if it is invalid.
  ///
  /// Rejects what RFC 3629 rejects: stray continuation bytes, overlong forms, encoded
  /// surrogates, values above U+10FFFF and truncated sequences. A continuation byte is checked
  /// before the byte after it is read, so this never reads past the NUL sentinel.
  func utf8SequenceLength(at offset: Int) -> Int? {
    let lead = bytes[offset]
    let second = bytes[offset + 1]
    switch lead {
    case 0x00..<0x80:
      return 1
    case 0xC2...0xDF:
      return second.isContinuation ? 2 : nil
    case 0xE0...0xEF:
      let secondIsValid =
        switch lead {
        case 0xE0: second >= 0xA0 && second <= 0xBF
        case 0xED: second >= 0x80 && second <= 0x9F
        default: second.isContinuation
        }
      return secondIsValid && bytes[offset + 2].isContinuation ? 3 : nil
    case 0xF0...0xF4:
      let secondIsValid =
        switch lead {
        case 0xF0: second >= 0x90 && second <= 0xBF
        case 0xF4: second >= 0x80 && second <= 0x8F
        default: second.isContinuation
        }
      return secondIsValid && bytes[offset + 2].isContinuation
        && bytes[offset + 3].isContinuation ? 4 : nil
    default:
      return nil
    }
  }

  /// A string made from input bytes that hold valid UTF-8 without escapes.
  func makeString(from start: Int, to end: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }

  /// Appends input bytes to `scratch`.
  mutating func appendToScratch(from start: Int, to end: Int) {
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
  }

  /// The text of the escape at `offset` as written, for messages: the backslash and the
  /// character after it, or for `\u` up to four more printable characters.
  func describeEscape(at offset: Int) -> String {
    var length = 2
    if bytes[offset + 1] == .letterU {
      while length < 6 {
        let byte = bytes[offset + length]
        guard byte > .space, byte < .delete, byte != .quote, byte != .backslash else { break }
        length += 1
      }
    } else if bytes[offset + 1] > .delete, let sequence = utf8SequenceLength(at: offset + 1) {
      length = 1 + sequence
    } else if bytes[offset + 1] <= .space || bytes[offset + 1] >= .delete {
      return "\\"
    }
    return makeString(from: offset, to: offset + length)
  }
}

extension JSONSyntaxError {
  static func unescapedControlCharacter(_ byte: UInt8, at position: JSONPosition) -> Self {
    let message =
      switch byte {
      case .lineFeed, .carriageReturn:
        "unescaped line break in string; end the string with '\"' or write '\\n'"
      case .tab:
        "unescaped tab in string; write '\\t'"
      default:
        "unescaped control character \(scalarName(UInt32(byte))) in string; write "
          + "'\\u\(hex(UInt32(byte), digits: 4))'"
      }
    return Self(message: message, position: position)
  }

  static func invalidEscape(_ escape: String, at position: JSONPosition) -> Self {
    let found = escape == "\\" ? "'\\' followed by a space or control character" : quoted(escape)
    return Self(
      message: "invalid escape \(found); write '\\\\' for a backslash "
        + "(valid escapes: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
      position: position)
  }

  static func invalidUnicodeEscape(_ escape: String, at position: JSONPosition) -> Self {
    Self(
      message: "invalid unicode escape \(quoted(escape)); write '\\u' and four hex digits, "
        + "as in '\\u00E9'",
      position: position)
  }

  static func loneSurrogate(_ escape: String, isHigh: Bool, at position: JSONPosition) -> Self {
    let rule =
      isHigh
      ? "a high surrogate must be followed by a low surrogate escape '\\uDC00' to '\\uDFFF'"
      : "a low surrogate must follow a high surrogate escape '\\uD800' to '\\uDBFF'"
    return Self(message: "lone surrogate \(quoted(escape)); \(rule)", position: position)
  }

  static func mismatchedSurrogate(
    _ escape: String, followedBy next: String, at position: JSONPosition
  ) -> Self {
    Self(
      message: "high surrogate \(quoted(escape)) is followed by \(quoted(next)); it must be "
        + "followed by a low surrogate escape '\\uDC00' to '\\uDFFF'",
      position: position)
  }
}
