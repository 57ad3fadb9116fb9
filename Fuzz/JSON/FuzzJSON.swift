// libFuzzer entry point for StrictJSON, compiled together with its sources by
// Scripts/fuzz-json.sh (so it uses the library's internal names without an import).
//
// For every input it checks what must always hold:
// - parsing never crashes, and an error points inside the input or at its end, at the line and
//   column that an independent count of line breaks and scalars gives for that offset;
// - a document that parses reads the same from a String as from bytes, every node and key has
//   the position that count gives, and serializing it (compact and pretty) parses back to the
//   same value;
// - an error reads the same from a String as from bytes whenever the bytes are valid UTF-8;
// - a lower depth limit changes nothing but, possibly, an earlier depth error.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let positions = FuzzPositions(bytes)
  let text = String(validating: bytes, as: UTF8.self)
  let shallow = Result { () throws(JSONSyntaxError) in
    try JSONParser.parse(bytes, options: .init(maximumDepth: 3))
  }
  do {
    let root = try JSONParser.parse(bytes)
    guard let text else { fail("parsed bytes that are not UTF-8", bytes) }
    if (try? JSONParser.parse(text)) != root { fail("string and bytes disagree", bytes) }
    positions.check(root, bytes)
    if case .failure(let error) = shallow, error.message != "nesting is deeper than 3 levels" {
      fail("depth 3 gave \(error)", bytes)
    }
    if case .success(let shallowRoot) = shallow, shallowRoot != root {
      fail("depth 3 gave a different tree", bytes)
    }
    let value = root.plainValue
    for pretty in [false, true] {
      let written = value.serialized(pretty: pretty)
      guard let reread = try? JSONParser.parse(written).plainValue, reread == value else {
        fail("round trip failed (pretty: \(pretty)): \(written)", bytes)
      }
    }
  } catch {
    if !(0...size).contains(error.position.offset) { fail("error offset out of range", bytes) }
    if error.position != positions[error.position.offset] {
      fail("error position \(error.position) is not \(positions[error.position.offset])", bytes)
    }
    if error.message.isEmpty || error.message.first?.isUppercase == true {
      fail("bad message '\(error.message)'", bytes)
    }
    switch shallow {
    case .success: fail("depth 3 parsed where the default failed", bytes)
    case .failure(let other):
      if other != error,
        other.message != "nesting is deeper than 3 levels" || other.position > error.position
      {
        fail("depth 3 gave \(other) instead of \(error)", bytes)
      }
    }
    if let text {
      do {
        _ = try JSONParser.parse(text)
        fail("string parsed where bytes failed", bytes)
      } catch let other {
        if other != error { fail("string error \(other) differs from \(error)", bytes) }
      }
    }
  }
  return 0
}

private func fail(_ problem: String, _ bytes: [UInt8]) -> Never {
  fatalError("\(problem); input: \(bytes)")
}

/// The position of every offset, found by counting line breaks and scalars directly.
private struct FuzzPositions {
  var table: [JSONPosition] = []

  init(_ bytes: [UInt8]) {
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var line = 1
    var column = 1
    for offset in 0...bytes.count {
      table.append(JSONPosition(offset: offset, line: line, column: column))
      guard offset < bytes.count, offset >= start else { continue }
      let byte = bytes[offset]
      let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
      if byte == 0x0A || (byte == 0x0D && next != 0x0A) {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 || byte < 0x80 {
        // Continuation bytes do not start a scalar; every other byte does.
        column += 1
      }
    }
  }

  subscript(offset: Int) -> JSONPosition { table[offset] }

  /// Checks the position of a node, and of its keys and elements.
  func check(_ node: JSONNode, _ bytes: [UInt8]) {
    if node.position != self[node.position.offset] {
      fail("node position \(node.position) is not \(self[node.position.offset])", bytes)
    }
    switch node.kind {
    case .array(let elements):
      for element in elements { check(element, bytes) }
    case .object(let object):
      for member in object.members {
        if member.keyPosition != self[member.keyPosition.offset] {
          fail("key position \(member.keyPosition) is wrong", bytes)
        }
        check(member.value, bytes)
      }
    default:
      break
    }
  }
}
