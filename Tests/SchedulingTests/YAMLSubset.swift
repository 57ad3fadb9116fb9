/// A reader for the regular YAML subset the Kubernetes export writes (block mappings and
/// sequences, two spaces a level, double-quoted text, integers, booleans, `{}`), so that
/// tests check the structure, not the text. Anything outside the subset is an error.
indirect enum YAMLNode: Equatable, CustomStringConvertible {
  case text(String)
  case integer(Int)
  case boolean(Bool)
  case mapping([(String, YAMLNode)])
  case sequence([YAMLNode])

  static func == (lhs: YAMLNode, rhs: YAMLNode) -> Bool { lhs.description == rhs.description }

  var description: String {
    switch self {
    case .text(let text): "\"\(text)\""
    case .integer(let value): "\(value)"
    case .boolean(let value): "\(value)"
    case .mapping(let pairs): "{" + pairs.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
    case .sequence(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
    }
  }

  subscript(_ key: String) -> YAMLNode? {
    guard case .mapping(let pairs) = self else { return nil }
    return pairs.first { $0.0 == key }?.1
  }
  subscript(_ index: Int) -> YAMLNode? {
    guard case .sequence(let items) = self, items.indices.contains(index) else { return nil }
    return items[index]
  }
  var text: String? { if case .text(let text) = self { text } else { nil } }
  var integer: Int? { if case .integer(let value) = self { value } else { nil } }
  var items: [YAMLNode] { if case .sequence(let items) = self { items } else { [] } }
  var keys: [String] { if case .mapping(let pairs) = self { pairs.map(\.0) } else { [] } }
}

struct YAMLSubsetError: Error, CustomStringConvertible {
  var description: String
}

enum YAMLSubset {
  /// The documents of a stream (separated by `---` lines; `#` comment lines ignored).
  static func documents(_ text: String) throws -> [YAMLNode] {
    var documents: [[(indent: Int, text: String)]] = [[]]
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "---" {
        documents.append([])
        continue
      }
      if line.isEmpty || line.hasPrefix("#") { continue }
      let indent = line.prefix { $0 == " " }.count
      guard indent % 2 == 0 else { throw YAMLSubsetError(description: "odd indent: \(line)") }
      documents[documents.count - 1].append((indent, String(line.dropFirst(indent))))
    }
    return try documents.map { lines in
      var index = 0
      let node = try block(lines, &index, indent: 0)
      guard index == lines.count else {
        throw YAMLSubsetError(description: "left over: \(lines[index].text)")
      }
      return node
    }
  }

  static func block(_ lines: [(indent: Int, text: String)], _ index: inout Int, indent: Int)
    throws -> YAMLNode
  {
    guard index < lines.count, lines[index].indent == indent else {
      throw YAMLSubsetError(description: "expected a block at indent \(indent)")
    }
    if lines[index].text.hasPrefix("- ") {
      var items: [YAMLNode] = []
      while index < lines.count, lines[index].indent == indent, lines[index].text.hasPrefix("- ") {
        // `- key: value` opens a mapping whose other keys sit two columns further in.
        var item = lines
        item[index] = (indent + 2, String(lines[index].text.dropFirst(2)))
        if try isEntry(item[index].text) {
          var cursor = index
          items.append(try block(item, &cursor, indent: indent + 2))
          index = cursor
        } else {
          items.append(try scalar(item[index].text))
          index += 1
        }
      }
      return .sequence(items)
    }
    var pairs: [(String, YAMLNode)] = []
    while index < lines.count, lines[index].indent == indent, !lines[index].text.hasPrefix("- ") {
      let (key, rest) = try entry(lines[index].text)
      guard !pairs.contains(where: { $0.0 == key }) else {
        throw YAMLSubsetError(description: "duplicate key \(key)")
      }
      index += 1
      if rest.isEmpty {
        // A sequence may sit at the key's own indent, as block sequences in mappings may.
        let nested =
          index < lines.count && lines[index].indent == indent && lines[index].text.hasPrefix("- ")
          ? indent : indent + 2
        pairs.append((key, try block(lines, &index, indent: nested)))
      } else {
        pairs.append((key, try scalar(rest)))
      }
    }
    return .mapping(pairs)
  }

  static func isEntry(_ text: String) throws -> Bool {
    (try? entry(text)) != nil
  }

  /// `key: rest` where key is plain (letters, digits, `_`) or double-quoted.
  static func entry(_ text: String) throws -> (String, String) {
    var rest = Substring(text)
    let key: String
    if rest.first == "\"" {
      let (value, after) = try quoted(rest)
      key = value
      rest = after
    } else {
      let plain = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      guard !plain.isEmpty else { throw YAMLSubsetError(description: "no key: \(text)") }
      key = String(plain)
      rest = rest.dropFirst(plain.count)
    }
    guard rest.hasPrefix(":") else { throw YAMLSubsetError(description: "no colon: \(text)") }
    rest = rest.dropFirst()
    if rest.isEmpty { return (key, "") }
    guard rest.hasPrefix(" ") else { throw YAMLSubsetError(description: "bad entry: \(text)") }
    return (key, String(rest.dropFirst()))
  }

  static func scalar(_ text: String) throws -> YAMLNode {
    if text == "{}" { return .mapping([]) }
    if text == "true" { return .boolean(true) }
    if text == "false" { return .boolean(false) }
    if let value = Int(text) { return .integer(value) }
    guard text.first == "\"" else { throw YAMLSubsetError(description: "unquoted: \(text)") }
    let (value, rest) = try quoted(Substring(text))
    guard rest.isEmpty else { throw YAMLSubsetError(description: "after quote: \(text)") }
    return .text(value)
  }

  /// A double-quoted scalar at the start of `text`, and what follows it.
  static func quoted(_ text: Substring) throws -> (String, Substring) {
    var scalars = Array(text.unicodeScalars.dropFirst())[...]
    var result = String.UnicodeScalarView()
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "\"":
        return (String(result), Substring(String(String.UnicodeScalarView(scalars))))
      case "\\":
        guard let escape = scalars.popFirst() else { break }
        switch escape {
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "r": result.append("\r")
        case "\"", "\\", "/": result.append(escape)
        case "u", "U":
          let count = escape == "u" ? 4 : 8
          let hex = String(String.UnicodeScalarView(scalars.prefix(count)))
          scalars = scalars.dropFirst(count)
          guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
            throw YAMLSubsetError(description: "bad escape \\\(escape)\(hex)")
          }
          result.append(decoded)
        default: throw YAMLSubsetError(description: "unknown escape \\\(escape)")
        }
      default:
        guard scalar.value >= 0x20, scalar.value != 0x7F, scalar.value != 0x2028,
          scalar.value != 0x2029, scalar.value != 0x85, scalar.value != 0xFEFF
        else { throw YAMLSubsetError(description: "unescaped control \(scalar.value)") }
        result.append(scalar)
      }
    }
    throw YAMLSubsetError(description: "unterminated quote")
  }
}
