import StrictJSON

/// The shapes of LSP 3.17 that the server writes, as JSON.
enum LSP {
  /// `{"line": …, "character": …}`.
  static func position(_ position: TextPosition) -> JSONValue {
    .object([("line", .integer(position.line)), ("character", .integer(position.character))])
  }

  /// `{"start": …, "end": …}`.
  static func range(_ range: TextRange) -> JSONValue {
    .object([("start", position(range.start)), ("end", position(range.end))])
  }

  /// A position from a request's `params.position`.
  static func position(from value: JSONValue?) -> TextPosition? {
    guard let line = value?.member("line")?.integerValue,
      let character = value?.member("character")?.integerValue
    else { return nil }
    return TextPosition(line: line, character: character)
  }

  /// A range from a change's `range`.
  static func range(from value: JSONValue?) -> TextRange? {
    guard let start = position(from: value?.member("start")),
      let end = position(from: value?.member("end"))
    else { return nil }
    return TextRange(start: start, end: end)
  }

  /// JSON-RPC's and LSP's error codes.
  enum ErrorCode: Int {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case serverNotInitialized = -32002
  }
}

/// File URIs and the paths they stand for.
enum DocumentURI {
  /// The path a `file://` URI names, percent escapes decoded; `nil` for another scheme.
  static func path(of uri: String) -> String? {
    guard uri.hasPrefix("file://") else { return nil }
    var rest = Array(uri.utf8.dropFirst("file://".count))
    // `file://host/path`: only the local host, written as nothing or `localhost`.
    if let slash = rest.firstIndex(of: UInt8(ascii: "/")) {
      rest.removeFirst(slash)
    } else {
      return nil
    }
    var bytes: [UInt8] = []
    var index = 0
    while index < rest.count {
      if rest[index] == UInt8(ascii: "%"), index + 2 < rest.count,
        let byte = UInt8(
          String(decoding: rest[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
      {
        bytes.append(byte)
        index += 3
      } else {
        bytes.append(rest[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The `file://` URI of an absolute path, escaping what a URI path cannot hold.
  static func fileURI(_ path: String) -> String {
    var uri = "file://"
    for byte in path.utf8 {
      let isPlain =
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || "/-._~".utf8.contains(byte)
      if isPlain {
        uri.append(Character(Unicode.Scalar(byte)))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        uri += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return uri
  }
}
