extension JSONParser.Reader {
  /// What the reader was looking for when it found something else.
  enum Expectation {
    /// The top-level value.
    case value
    /// An element of the array starting at the position.
    case element(array: JSONPosition)
    /// The value of a key in the object starting at the position.
    case memberValue(for: String, object: JSONPosition)
    /// A key, after `{` or after a comma.
    case key(object: JSONPosition, afterComma: Bool)
    /// The colon after a key.
    case colon(after: String, object: JSONPosition)
    /// A comma or `]` after an array element.
    case commaOrBracket(array: JSONPosition)
    /// A comma or `}` after a member's value.
    case commaOrBrace(after: String, object: JSONPosition)
    /// Nothing but whitespace after the top-level value.
    case endOfDocument

    /// The phrase that starts the message, such as `expected ':' after key 'name'`.
    var phrase: String {
      switch self {
      case .value, .element: "expected a value"
      case .memberValue(let key, _): "expected a value for key \(JSONSyntaxError.quoted(key))"
      case .key(_, let afterComma):
        afterComma ? "expected a key in double quotes" : "expected a key in double quotes or '}'"
      case .colon(let key, _): "expected ':' after key \(JSONSyntaxError.quoted(key))"
      case .commaOrBracket: "expected ',' or ']' after an array element"
      case .commaOrBrace(let key, _):
        "expected ',' or '}' after the value of key \(JSONSyntaxError.quoted(key))"
      case .endOfDocument: "expected the end of the document"
      }
    }

    /// The innermost open container: its kind, its closing bracket and where it starts.
    var container: (name: String, closer: String, position: JSONPosition)? {
      switch self {
      case .value, .endOfDocument: nil
      case .element(let array), .commaOrBracket(let array): ("array", "]", array)
      case .memberValue(_, let object), .key(let object, _), .colon(_, let object),
        .commaOrBrace(_, let object):
        ("object", "}", object)
      }
    }
  }

  /// The error for whatever is at `index` when the reader expected something else.
  ///
  /// Recognizes the usual ways JSON gets written wrong (comments, single quotes, unquoted
  /// keys, capitalized literals, curly quotes, non-breaking spaces, a missing comma) and says
  /// how to fix each.
  func unexpected(expecting expectation: Expectation) -> JSONSyntaxError {
    let here = position(at: index)
    guard index < end else {
      if let container = expectation.container {
        return .unexpectedEnd(
          unclosed: container.name, closer: container.closer, opened: container.position,
          at: here)
      }
      return JSONSyntaxError(message: "unexpected end of input; expected a value", position: here)
    }
    let byte = bytes[index]
    if byte == .slash, bytes[index + 1] == .slash || bytes[index + 1] == .asterisk {
      return .comment(commentText(at: index), at: here)
    }
    guard let scalar = scalar(at: index) else { return invalidUTF8(at: index) }
    if Self.isForeignWhitespace(scalar) {
      return .foreignWhitespace(scalar, at: here)
    }
    let found = describeToken(at: index)

    switch expectation {
    case .endOfDocument:
      return .extraText(found, at: here)
    case .value, .element, .memberValue:
      if byte == .apostrophe, let error = singleQuotes(at: index) { return error }
      if startsWord(scalar) {
        return .unknownWord(word(at: index), expected: expectation.phrase, at: here)
      }
    case .key:
      if byte == .apostrophe, let error = singleQuotes(at: index) { return error }
      if startsWord(scalar) || byte.isDigit || byte == .minus {
        return .unquotedKey(word(at: index), at: here)
      }
    case .colon:
      break
    case .commaOrBracket(let array):
      if byte == .closeBrace { return .mismatchedCloser(found, closing: "array", array, at: here) }
    case .commaOrBrace(_, let object):
      if byte == .closeBracket {
        return .mismatchedCloser(found, closing: "object", object, at: here)
      }
    }
    let hint =
      Self.isCurlyQuote(scalar) ? "; use straight double quotes (\") around strings and keys" : ""
    return JSONSyntaxError(message: "\(expectation.phrase), found \(found)\(hint)", position: here)
  }

  /// The error for bytes at `offset` that do not form valid UTF-8.
  func invalidUTF8(at offset: Int) -> JSONSyntaxError {
    JSONSyntaxError(
      message: "invalid UTF-8 sequence starting with byte 0x"
        + "\(JSONSyntaxError.hex(UInt32(bytes[offset]), digits: 2)); save the document as UTF-8",
      position: position(at: offset))
  }

  /// The scalar encoded at `offset`, or `nil` if the bytes there are not valid UTF-8.
  func scalar(at offset: Int) -> Unicode.Scalar? {
    guard let length = utf8SequenceLength(at: offset) else { return nil }
    let lead = UInt32(bytes[offset])
    var value =
      switch length {
      case 1: lead
      case 2: lead & 0x1F
      case 3: lead & 0x0F
      default: lead & 0x07
      }
    for continuation in offset + 1..<offset + length {
      value = value << 6 | UInt32(bytes[continuation] & 0x3F)
    }
    return Unicode.Scalar(value)
  }

  /// Whether a scalar begins something that looks like a word: a letter, `_` or `$`.
  func startsWord(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII
      ? UInt8(scalar.value).isLetter || scalar == "_" || scalar == "$"
      : scalar.properties.isAlphabetic
  }

  /// The word that starts at `offset`: ASCII letters, digits, `_`, `$`, `+`, `-`, `.` and
  /// non-ASCII letters, shortened for a message if it is long.
  func word(at offset: Int) -> String {
    var stop = offset
    while true {
      if bytes[stop].isNumberByte {
        stop += 1
      } else if bytes[stop] > .delete, let scalar = scalar(at: stop),
        scalar.properties.isAlphabetic
      {
        stop += UTF8.width(scalar)
      } else {
        break
      }
    }
    return excerpt(from: offset, to: stop)
  }

  /// How to show the token at `offset` in a message: quoted text, or a scalar's code and name
  /// when it would be invisible.
  func describeToken(at offset: Int) -> String {
    let byte = bytes[offset]
    if byte == .quote {
      // The string literal, up to its closing quote or the end of the line.
      var stop = offset + 1
      while bytes[stop] >= .space, bytes[stop] != .quote, stop - offset < 200 {
        stop += bytes[stop] == .backslash && bytes[stop + 1] >= .space ? 2 : 1
      }
      if bytes[stop] == .quote { stop += 1 }
      return JSONSyntaxError.quoted(excerpt(from: offset, to: stop))
    }
    guard let scalar = scalar(at: offset) else {
      return "byte 0x\(JSONSyntaxError.hex(UInt32(byte), digits: 2))"
    }
    if byte.isNumberByte || startsWord(scalar) {
      return JSONSyntaxError.quoted(word(at: offset))
    }
    switch scalar.properties.generalCategory {
    case .control, .format, .surrogate, .privateUse, .unassigned, .spaceSeparator,
      .lineSeparator, .paragraphSeparator:
      return JSONSyntaxError.scalarName(scalar.value)
    default:
      return JSONSyntaxError.quoted(String(scalar))
    }
  }

  /// The text of the input from `start` to `stop`, cut to 40 characters with an ellipsis.
  func excerpt(from start: Int, to stop: Int) -> String {
    let text = makeString(from: start, to: stop)
    guard text.unicodeScalars.count > 40 else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.prefix(39))) + "…"
  }

  /// The comment that starts at `offset`: to the end of a line comment, or to the `*/` of a
  /// block comment if it closes on the same line.
  func commentText(at offset: Int) -> String {
    var stop = offset + 2
    while bytes[stop] != .lineFeed, bytes[stop] != .carriageReturn, stop < end {
      if bytes[offset + 1] == .asterisk, bytes[stop] == .asterisk, bytes[stop + 1] == .slash {
        stop += 2
        break
      }
      stop += 1
    }
    return excerpt(from: offset, to: stop)
  }

  /// The error for a single-quoted string at `offset`, or `nil` if it does not close on its line.
  func singleQuotes(at offset: Int) -> JSONSyntaxError? {
    var stop = offset + 1
    while bytes[stop] >= .space, bytes[stop] != .apostrophe, stop - offset < 200 { stop += 1 }
    guard bytes[stop] == .apostrophe else { return nil }
    let content = makeString(from: offset + 1, to: stop)
    let isSimple =
      !content.contains("\"") && !content.contains("\\") && content.unicodeScalars.count <= 40
    let fix = isSimple ? "write \"\(content)\" instead of '\(content)'" : "use double quotes"
    return JSONSyntaxError(
      message: "single quotes are not allowed around strings; \(fix)",
      position: position(at: offset))
  }

  /// Whether a scalar is whitespace in Unicode but not in JSON.
  static func isForeignWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0B, 0x0C, 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000, 0xFEFF:
      true
    default:
      false
    }
  }

  /// Whether a scalar is a typographic quotation mark that editors put in place of `"`.
  static func isCurlyQuote(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2018, 0x2019, 0x201C, 0x201D, 0x201E, 0x00AB, 0x00BB: true
    default: false
    }
  }
}

extension JSONSyntaxError {
  static func comment(_ text: String, at position: JSONPosition) -> Self {
    Self(message: "comments are not allowed in JSON; remove \(quoted(text))", position: position)
  }

  static func foreignWhitespace(_ scalar: Unicode.Scalar, at position: JSONPosition) -> Self {
    Self(
      message: "invalid whitespace \(scalarName(scalar.value)); use spaces, tabs or line breaks",
      position: position)
  }

  static func extraText(_ found: String, at position: JSONPosition) -> Self {
    Self(
      message: "unexpected \(found) after the top-level value; a JSON document holds exactly one "
        + "value",
      position: position)
  }

  static func unquotedKey(_ key: String, at position: JSONPosition) -> Self {
    Self(
      message: "unquoted key \(quoted(key)); put keys in double quotes: \"\(key)\"",
      position: position)
  }

  static func mismatchedCloser(
    _ found: String, closing container: String, _ opened: JSONPosition, at position: JSONPosition
  ) -> Self {
    let closer = container == "array" ? "]" : "}"
    return Self(
      message: "\(found) does not close the \(container) starting at line \(opened.line), "
        + "column \(opened.column); close it with '\(closer)'",
      position: position)
  }

  /// The error for a word where a value was expected, such as `True`, `nul` or `hello`.
  static func unknownWord(
    _ word: String, expected phrase: String, at position: JSONPosition
  ) -> Self {
    if let error = nonFiniteNumber(word, at: position) { return error }
    let literals = ["true", "false", "null"]
    let lowercased = word.lowercased()
    let hint =
      if literals.contains(lowercased) {
        "JSON literals are lowercase: write '\(lowercased)'"
      } else if let literal = literals.first(where: { $0.hasPrefix(word) }) {
        "did you mean '\(literal)'?"
      } else if ["undefined", "none", "nil"].contains(lowercased) {
        "write null"
      } else {
        "put strings in double quotes: \"\(word)\""
      }
    return Self(message: "\(phrase), found \(quoted(word)); \(hint)", position: position)
  }
}
