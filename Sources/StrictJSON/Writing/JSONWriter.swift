/// Appends JSON text for values to a byte buffer.
struct JSONWriter {
  /// Whether to indent by two spaces per level and put a space after colons.
  let pretty: Bool
  /// The UTF-8 text written so far.
  var output: [UInt8] = []

  init(pretty: Bool) {
    self.pretty = pretty
  }

  /// Appends a value nested `depth` levels deep.
  mutating func write(_ value: JSONValue, depth: Int = 0) {
    switch value {
    case .null:
      output.append(contentsOf: "null".utf8)
    case .bool(let value):
      output.append(contentsOf: (value ? "true" : "false").utf8)
    case .integer(let value):
      output.append(contentsOf: String(value).utf8)
    case .number(let value):
      // `description` gives the shortest text that reads back exactly, in a form that is valid
      // JSON for finite values ("1.0", "1e-05", "1e+20", "-0.0").
      output.append(contentsOf: (value.isFinite ? value.description : "null").utf8)
    case .string(let string):
      write(string)
    case .array(let elements):
      guard !elements.isEmpty else {
        output.append(contentsOf: "[]".utf8)
        return
      }
      output.append(.openBracket)
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(.comma) }
        newline(depth: depth + 1)
        write(element, depth: depth + 1)
      }
      newline(depth: depth)
      output.append(.closeBracket)
    case .object(let members):
      guard !members.isEmpty else {
        output.append(contentsOf: "{}".utf8)
        return
      }
      output.append(.openBrace)
      for (index, member) in members.enumerated() {
        if index > 0 { output.append(.comma) }
        newline(depth: depth + 1)
        write(member.key)
        output.append(.colon)
        if pretty { output.append(.space) }
        write(member.value, depth: depth + 1)
      }
      newline(depth: depth)
      output.append(.closeBrace)
    }
  }

  /// Starts a new line indented for `depth`, in the pretty form only.
  mutating func newline(depth: Int) {
    guard pretty else { return }
    output.append(.lineFeed)
    for _ in 0..<depth { output.append(contentsOf: Self.indentation) }
  }

  /// Appends a string literal, escaping what JSON requires and nothing else.
  mutating func write(_ string: String) {
    output.append(.quote)
    var string = string
    string.withUTF8 { utf8 in
      var runStart = 0
      for (index, byte) in utf8.enumerated()
      where byte < .space || byte == .quote || byte == .backslash || byte == 0xF4 {
        if byte == 0xF4 {
          // A byte of a file name that is not UTF-8 (U+10FF80…U+10FFFF, see the Suggestions
          // module's `FileSystemPath`) is escaped, so that the JSON stays UTF-8 and a reader
          // gets the same scalar back. Its other three bytes never match the `where`.
          guard let raw = Self.rawByte(utf8, at: index) else { continue }
          output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
          output.append(contentsOf: "\\uDBFF\\uDF".utf8)
          output.append(Self.hexDigits[Int(raw >> 4)])
          output.append(Self.hexDigits[Int(raw & 0x0F)])
          runStart = index + 4
          continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        output.append(.backslash)
        switch byte {
        case .quote, .backslash: output.append(byte)
        case .lineFeed: output.append(.letterN)
        case .carriageReturn: output.append(.letterR)
        case .tab: output.append(.letterT)
        case 0x08: output.append(.letterB)
        case 0x0C: output.append(.letterF)
        default:
          output.append(contentsOf: "u00".utf8)
          output.append(Self.hexDigits[Int(byte >> 4)])
          output.append(Self.hexDigits[Int(byte & 0x0F)])
        }
        runStart = index + 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    output.append(.quote)
  }

  /// The byte that the raw-byte scalar at `index` stands for (`F4 8F BE|BF xx`: U+10FF80 to
  /// U+10FFFF), or `nil` when none starts there.
  static func rawByte(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt8? {
    guard index + 3 < utf8.count, utf8[index + 1] == 0x8F, utf8[index + 2] >= 0xBE else {
      return nil
    }
    return (utf8[index + 2] & 0x03) << 6 | (utf8[index + 3] & 0x3F)
  }

  static let hexDigits = Array("0123456789ABCDEF".utf8)
  static let indentation = Array("  ".utf8)
}
