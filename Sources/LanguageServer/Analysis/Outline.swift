/// A tolerant reading of a JSON document's shape, with the byte range of every key and
/// value, for a document being typed: an unclosed string ends at its line's end, an unclosed
/// object or array at the end of the text, and stray characters are skipped.
///
/// The strict parser (StrictJSON) gives the diagnostics; this gives completion, hover,
/// definitions and symbols a structure to stand on while the text is still broken.
struct Outline: Sendable {
  /// One value of the document.
  struct Node: Sendable {
    enum Kind: Sendable { case object, array, string, scalar }

    var kind: Kind
    /// The value's bytes, its quotes or brackets included; an unclosed value runs to where
    /// the reading stopped.
    var range: Range<Int>
    /// Whether its closing quote or bracket is there.
    var isClosed: Bool
    /// A string's text with its escapes decoded, or a scalar's spelling.
    var text = ""
    var members: [Member] = []
    var elements: [Node] = []

    /// The bytes of a string's text, between its quotes.
    var contentRange: Range<Int> {
      guard kind == .string else { return range }
      let end = isClosed ? range.upperBound - 1 : range.upperBound
      return (range.lowerBound + 1)..<max(range.lowerBound + 1, end)
    }

    /// The value of member `key`.
    subscript(key: String) -> Node? { members.first { $0.key == key }?.value }

    /// A string member's text.
    func string(_ key: String) -> String? {
      guard let node = self[key], node.kind == .string else { return nil }
      return node.text
    }

    /// Whether `offset` is inside the value (between its delimiters, for strings and
    /// containers); an unclosed value takes its end too.
    func contains(_ offset: Int) -> Bool {
      switch kind {
      case .scalar: return range.contains(offset) || offset == range.upperBound
      case .string, .object, .array:
        return offset > range.lowerBound
          && (offset < range.upperBound || (!isClosed && offset == range.upperBound))
      }
    }
  }

  /// One member of an object.
  struct Member: Sendable {
    var key: String
    /// The key's string, quotes included.
    var keyNode: Node
    /// Where the colon is, if there is one.
    var colon: Int?
    var value: Node?
  }

  /// The document's value, `nil` for a text with none.
  var root: Node?

  /// How deep containers may nest before the reading stops.
  static let maximumDepth = 256

  /// Reads `bytes`.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  init(_ bytes: [UInt8]) {
    var reader = Reader(bytes: bytes)
    reader.skipSpace()
    root = reader.value(depth: 0)
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) -> Node? {
      guard index < bytes.count, depth < Outline.maximumDepth else { return nil }
      switch bytes[index] {
      case UInt8(ascii: "{"): return object(depth: depth)
      case UInt8(ascii: "["): return array(depth: depth)
      case UInt8(ascii: "\""): return string()
      default:
        let start = index
        while index < bytes.count, !Self.delimiters.contains(bytes[index]) { index += 1 }
        guard index > start else { return nil }
        return Node(
          kind: .scalar, range: start..<index, isClosed: true,
          text: String(decoding: bytes[start..<index], as: UTF8.self))
      }
    }

    static let delimiters: Set<UInt8> = Set(",:{}[]\" \t\r\n".utf8)

    mutating func object(depth: Int) -> Node {
      let start = index
      index += 1
      var node = Node(kind: .object, range: start..<start, isClosed: false)
      while true {
        skipSpace()
        guard index < bytes.count else { break }
        let byte = bytes[index]
        if byte == UInt8(ascii: "}") {
          index += 1
          node.isClosed = true
          break
        }
        if byte == UInt8(ascii: "]") { break }  // the enclosing array's
        if byte == UInt8(ascii: ",") {
          index += 1
          continue
        }
        guard byte == UInt8(ascii: "\"") else {
          // An unquoted key or a stray value: skip it.
          if value(depth: depth + 1) == nil { index += 1 }
          continue
        }
        let key = string()
        var member = Member(key: key.text, keyNode: key)
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
          member.colon = index
          index += 1
          skipSpace()
          if index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}")].contains(bytes[index]) {
            member.value = value(depth: depth + 1)
          }
        }
        node.members.append(member)
      }
      node.range = start..<index
      return node
    }

    mutating func array(depth: Int) -> Node {
      let start = index
      index += 1
      var node = Node(kind: .array, range: start..<start, isClosed: false)
      while true {
        skipSpace()
        guard index < bytes.count else { break }
        let byte = bytes[index]
        if byte == UInt8(ascii: "]") {
          index += 1
          node.isClosed = true
          break
        }
        if byte == UInt8(ascii: "}") { break }  // the enclosing object's
        if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":") {
          index += 1
          continue
        }
        if let element = value(depth: depth + 1) {
          node.elements.append(element)
        } else {
          index += 1
        }
      }
      node.range = start..<index
      return node
    }

    /// A string; an unclosed one ends at its line's end.
    mutating func string() -> Node {
      let start = index
      index += 1
      var scalars = String.UnicodeScalarView()
      var closed = false
      var runStart = index
      func flush(_ end: Int) {
        scalars.append(
          contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
      }
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          flush(index)
          index += 1
          closed = true
          break
        }
        if byte == 0x0A || byte == 0x0D {
          flush(index)
          break
        }
        if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
          flush(index)
          let escaped = bytes[index + 1]
          index += 2
          switch escaped {
          case UInt8(ascii: "n"): scalars.append("\n")
          case UInt8(ascii: "t"): scalars.append("\t")
          case UInt8(ascii: "r"): scalars.append("\r")
          case UInt8(ascii: "b"): scalars.append("\u{8}")
          case UInt8(ascii: "f"): scalars.append("\u{C}")
          case UInt8(ascii: "u"):
            if index + 4 <= bytes.count,
              let code = UInt32(
                String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
            {
              index += 4
              scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            }
          default: scalars.append(Unicode.Scalar(escaped))
          }
          runStart = index
          continue
        }
        index += 1
      }
      if !closed, index >= bytes.count { flush(bytes.count) }
      return Node(
        kind: .string, range: start..<index, isClosed: closed, text: String(scalars))
    }
  }
}

// MARK: - Places

extension Outline {
  /// A step of the path from the root to a value: a member's key or an element's index.
  enum Component: Sendable, Hashable {
    case key(String)
    case index(Int)
  }

  /// What the cursor is on.
  enum Place: Sendable {
    /// A key of the object at `path`: inside the key's string (`key` is that string), or
    /// between members (`key` is `nil`).
    case key(path: [Component], key: Node?)
    /// The value at `path`: `node` is the value there, `nil` where none is written yet.
    case value(path: [Component], node: Node?)
  }

  /// What `offset` is on.
  func place(at offset: Int) -> Place? {
    guard let root, root.contains(offset) || root.range.lowerBound == offset else {
      return root == nil ? .value(path: [], node: nil) : nil
    }
    var node = root
    var path: [Component] = []
    descent: while true {
      switch node.kind {
      case .string, .scalar:
        return .value(path: path, node: node)
      case .object:
        for (position, member) in node.members.enumerated() {
          if member.keyNode.contains(offset) { return .key(path: path, key: member.keyNode) }
          guard let colon = member.colon, offset > colon else { continue }
          if let value = member.value {
            if value.contains(offset) {
              path.append(.key(member.key))
              node = value
              continue descent
            }
            if offset <= value.range.lowerBound {
              return .value(path: path + [.key(member.key)], node: nil)
            }
          } else {
            let limit =
              position + 1 < node.members.count
              ? node.members[position + 1].keyNode.range.lowerBound : node.range.upperBound
            if offset <= limit { return .value(path: path + [.key(member.key)], node: nil) }
          }
        }
        return .key(path: path, key: nil)
      case .array:
        guard let index = node.elements.firstIndex(where: { $0.contains(offset) }) else {
          let position = node.elements.firstIndex { $0.range.lowerBound >= offset }
          return .value(path: path + [.index(position ?? node.elements.count)], node: nil)
        }
        path.append(.index(index))
        node = node.elements[index]
      }
    }
  }

  /// The value at `path`, if there is one.
  func node(at path: some Collection<Component>) -> Node? {
    var node = root
    for component in path {
      switch component {
      case .key(let key): node = node?[key]
      case .index(let index):
        guard let elements = node?.elements, elements.indices.contains(index) else { return nil }
        node = elements[index]
      }
    }
    return node
  }
}
