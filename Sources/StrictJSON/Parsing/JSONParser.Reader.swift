extension JSONParser {
  /// The parsing engine: one pass over the bytes, with an explicit stack instead of recursion.
  ///
  /// Containers being filled live on a stack of frames, so a document nested a million levels
  /// deep costs heap, not call stack, and the depth limit is checked before a frame is pushed.
  /// The loop reads a value; a scalar is complete at once, while `[` and `{` push a frame and go
  /// back for their first element. A complete value is appended to the frame on top, and the
  /// loop then reads `,` (go back for the next value) or the closing bracket (pop the frame; the
  /// container is now the complete value).
  ///
  /// Lines and columns are tracked as the text is read: line breaks can occur only in
  /// whitespace, and non-ASCII bytes only in strings, where each multi-byte sequence adds to
  /// `continuationBytes`, so a column is the byte distance from the line start minus the
  /// continuation bytes in between.
  struct Reader {
    /// The input followed by one NUL byte, at offset `end`.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The length of the input, which is the offset of the NUL sentinel.
    let end: Int
    let maximumDepth: Int
    let maximumValues: Int
    let valueLimitRemedy: String
    /// How many values have started so far.
    var valueCount = 0

    /// The offset of the next byte to read.
    var index = 0
    var line = 1
    /// The offset of the first byte of the current line.
    var lineStart = 0
    /// The number of UTF-8 continuation bytes between `lineStart` and `index`.
    var continuationBytes = 0
    /// A reusable buffer for strings that contain escapes.
    var scratch: [UInt8] = []

    init(
      bytes: UnsafeBufferPointer<UInt8>, end: Int, maximumDepth: Int, maximumValues: Int,
      valueLimitRemedy: String
    ) {
      self.bytes = bytes
      self.end = end
      self.maximumDepth = maximumDepth
      self.maximumValues = maximumValues
      self.valueLimitRemedy = valueLimitRemedy
    }

    /// An array or object being read.
    struct Frame {
      var isObject: Bool
      /// Where the opening bracket or brace is.
      var position: JSONPosition
      var elements: [JSONNode] = []
      var members: [JSONObject.Member] = []
      /// The key whose value is being read, in an object.
      var key = ""
      var keyPosition: JSONPosition
      /// Member indices by key, built only once an object is large enough to need it.
      var keyIndices: [String: Int] = [:]
      /// Whether every key so far was ASCII (see ``JSONObject/member(_:)``).
      var keysAreASCII = true
    }

    /// Objects with fewer members than this find duplicate keys by a linear search, which beats
    /// hashing for the small objects that make up most documents.
    static let linearKeySearchLimit = 12

    /// The position of a byte on the current line, at or after the last non-ASCII character.
    func position(at offset: Int) -> JSONPosition {
      JSONPosition(offset: offset, line: line, column: offset - lineStart - continuationBytes + 1)
    }

    /// Reads the whole document.
    mutating func readDocument() throws(JSONSyntaxError) -> JSONNode {
      if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
        index = 3
        lineStart = 3
      }
      skipWhitespace()
      var stack: [Frame] = []
      var node: JSONNode
      reading: while true {
        // A value starts here.
        let start = index
        valueCount += 1
        if valueCount > maximumValues {
          throw JSONSyntaxError(
            message: "the document holds more than \(maximumValues) values; \(valueLimitRemedy)",
            position: position(at: start))
        }
        switch bytes[index] {
        case .openBrace:
          try checkDepth(stack.count)
          let position = position(at: start)
          index += 1
          skipWhitespace()
          if bytes[index] == .closeBrace {
            index += 1
            node = JSONNode(kind: .object(JSONObject()), position: position)
          } else {
            stack.append(Frame(isObject: true, position: position, keyPosition: position))
            try readKey(into: &stack)
            continue reading
          }
        case .openBracket:
          try checkDepth(stack.count)
          let position = position(at: start)
          index += 1
          skipWhitespace()
          if bytes[index] == .closeBracket {
            index += 1
            node = JSONNode(kind: .array([]), position: position)
          } else {
            stack.append(Frame(isObject: false, position: position, keyPosition: position))
            continue reading
          }
        case .quote:
          let position = position(at: start)
          node = JSONNode(kind: .string(try readString()), position: position)
        case .minus, .digit0 ... .digit9:
          let position = position(at: start)
          node = JSONNode(kind: try readNumber(), position: position)
        default:
          let position = position(at: start)
          guard let kind = try readLiteral() else {
            throw unexpected(expecting: valueExpectation(in: stack))
          }
          node = JSONNode(kind: kind, position: position)
        }

        // A value is complete: add it to its container and close the containers that end.
        while let top = stack.indices.last {
          skipWhitespace()
          let byte = bytes[index]
          if stack[top].isObject {
            stack[top].members.append(
              JSONObject.Member(
                key: stack[top].key, keyPosition: stack[top].keyPosition, value: node))
            if byte == .comma {
              let comma = position(at: index)
              index += 1
              skipWhitespace()
              if bytes[index] == .closeBrace {
                throw .trailingComma(before: "}", at: comma)
              }
              try readKey(into: &stack)
              continue reading
            }
            guard byte == .closeBrace else {
              throw unexpected(
                expecting: .commaOrBrace(after: stack[top].key, object: stack[top].position))
            }
            index += 1
            let frame = stack.removeLast()
            node = JSONNode(
              kind: .object(JSONObject(members: frame.members, keysAreASCII: frame.keysAreASCII)),
              position: frame.position)
          } else {
            stack[top].elements.append(node)
            if byte == .comma {
              let comma = position(at: index)
              index += 1
              skipWhitespace()
              if bytes[index] == .closeBracket {
                throw .trailingComma(before: "]", at: comma)
              }
              continue reading
            }
            guard byte == .closeBracket else {
              throw unexpected(expecting: .commaOrBracket(array: stack[top].position))
            }
            index += 1
            let frame = stack.removeLast()
            node = JSONNode(kind: .array(frame.elements), position: frame.position)
          }
        }
        break reading
      }
      skipWhitespace()
      guard index == end else {
        throw unexpected(expecting: .endOfDocument)
      }
      return node
    }

    /// Throws when opening one more container would nest deeper than allowed.
    func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
      guard depth < maximumDepth else {
        throw .tooDeep(limit: maximumDepth, at: position(at: index))
      }
    }

    /// Reads an object's key, its colon and the whitespace after it, for the frame on top.
    ///
    /// Expects `index` at the key's opening quote.
    mutating func readKey(into stack: inout [Frame]) throws(JSONSyntaxError) {
      let top = stack.count - 1
      guard bytes[index] == .quote else {
        let afterComma = !stack[top].members.isEmpty
        throw unexpected(expecting: .key(object: stack[top].position, afterComma: afterComma))
      }
      let keyPosition = position(at: index)
      let quote = index
      let continuations = continuationBytes
      let key = try readString()
      // No escape (the key is as long as its bytes) and no multi-byte character: ASCII.
      if continuationBytes != continuations || key.utf8.count != index - quote - 2 {
        stack[top].keysAreASCII = false
      }
      if let earlier = stack[top].recordKey(key) {
        throw .duplicateKey(key, first: stack[top].members[earlier].keyPosition, at: keyPosition)
      }
      skipWhitespace()
      guard bytes[index] == .colon else {
        throw unexpected(expecting: .colon(after: key, object: stack[top].position))
      }
      index += 1
      skipWhitespace()
      stack[top].key = key
      stack[top].keyPosition = keyPosition
    }

    /// What the reader needs when a value is missing, given the containers open around it.
    func valueExpectation(in stack: [Frame]) -> Expectation {
      guard let frame = stack.last else { return .value }
      return frame.isObject
        ? .memberValue(for: frame.key, object: frame.position) : .element(array: frame.position)
    }

    /// Skips spaces, tabs and line breaks, counting lines.
    @inline(__always)
    mutating func skipWhitespace() {
      while true {
        let byte = bytes[index]
        if byte > .space {
          return
        } else if byte == .space || byte == .tab {
          index += 1
        } else if byte == .lineFeed {
          index += 1
          startLine()
        } else if byte == .carriageReturn {
          index += 1
          // A carriage return and line feed end one line, at the line feed.
          if bytes[index] != .lineFeed { startLine() }
        } else {
          return
        }
      }
    }

    /// Notes that a new line starts at `index`.
    mutating func startLine() {
      line += 1
      lineStart = index
      continuationBytes = 0
    }

    /// Reads `true`, `false` or `null`, or returns `nil` when no value starts at `index`.
    ///
    /// - Throws: An error for a word that is not one of the three, or for a number that begins
    ///   with `+` or `.`.
    mutating func readLiteral() throws(JSONSyntaxError) -> JSONNode.Kind? {
      let byte = bytes[index]
      if byte == .letterT, bytes[index + 1] == .letterR, bytes[index + 2] == .letterU,
        bytes[index + 3] == .letterE, !bytes[index + 4].isWordByte
      {
        index += 4
        return .bool(true)
      }
      if byte == .letterF, bytes[index + 1] == .letterA, bytes[index + 2] == .letterL,
        bytes[index + 3] == .letterS, bytes[index + 4] == .letterE, !bytes[index + 5].isWordByte
      {
        index += 5
        return .bool(false)
      }
      if byte == .letterN, bytes[index + 1] == .letterU, bytes[index + 2] == .letterL,
        bytes[index + 3] == .letterL, !bytes[index + 4].isWordByte
      {
        index += 4
        return .null
      }
      if byte == .plus || byte == .period {
        throw invalidNumber(at: index)
      }
      return nil
    }
  }
}

extension JSONParser.Reader.Frame {
  /// Records the key about to be read in an object, or finds the member that has it already.
  ///
  /// - Returns: The index of the earlier member with the same key, or `nil` if it is new.
  mutating func recordKey(_ key: String) -> Int? {
    if members.count < JSONParser.Reader.linearKeySearchLimit {
      return members.firstIndex { $0.key == key }
    }
    if keyIndices.isEmpty {
      keyIndices.reserveCapacity(members.count * 2)
      for (offset, member) in members.enumerated() {
        keyIndices[member.key] = offset
      }
    }
    if let earlier = keyIndices[key] { return earlier }
    keyIndices[key] = members.count
    return nil
  }
}

extension JSONSyntaxError {
  static func trailingComma(before closer: String, at position: JSONPosition) -> Self {
    Self(message: "trailing comma before '\(closer)'; remove it", position: position)
  }

  static func duplicateKey(
    _ key: String, first: JSONPosition, at position: JSONPosition
  ) -> Self {
    Self(
      message:
        "duplicate key \(quoted(key)) (first at line \(first.line), column \(first.column))",
      position: position)
  }

  static func tooDeep(limit: Int, at position: JSONPosition) -> Self {
    Self(message: "nesting is deeper than \(limit) levels", position: position)
  }
}
