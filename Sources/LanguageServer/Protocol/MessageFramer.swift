/// The base protocol's framing of JSON-RPC messages: a header of `Name: value` lines ended by
/// an empty line, of which `Content-Length` (the body's length in bytes) is required, then
/// the body.
///
/// Bytes arrive in chunks of any size; ``nextBody()`` returns each complete body in turn.
struct MessageFramer: Sendable {
  /// A header the framer cannot read; what follows it cannot be framed either.
  struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    var description: String
  }

  /// The largest body accepted, 64 MiB: a workflow file of the engine's own limit fits.
  static let maximumLength = 64 << 20

  private var buffer: [UInt8] = []
  private var start = 0

  /// Adds bytes read from the stream.
  mutating func append(_ bytes: [UInt8]) {
    if start > 0, start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next complete body, or `nil` when more bytes are needed.
  ///
  /// - Throws: ``Failure`` for a header without a valid `Content-Length`.
  mutating func nextBody() throws(Failure) -> [UInt8]? {
    guard let headerEnd = endOfHeader() else {
      if buffer.count - start > 8192 { throw Failure(description: "header longer than 8 KiB") }
      return nil
    }
    let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
    var length: Int?
    for line in header.split(separator: "\r\n") {
      guard let colon = line.firstIndex(of: ":") else {
        throw Failure(description: "header line without a colon: '\(line)'")
      }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingSpaces
      if name == "content-length" {
        guard let number = Int(value), number >= 0, number <= Self.maximumLength else {
          throw Failure(description: "Content-Length is not a length: '\(value)'")
        }
        length = number
      }
    }
    guard let length else { throw Failure(description: "header without Content-Length") }
    let bodyStart = headerEnd + 4
    guard buffer.count - bodyStart >= length else { return nil }
    let body = Array(buffer[bodyStart..<(bodyStart + length)])
    start = bodyStart + length
    if start > 65536 {
      buffer.removeFirst(start)
      start = 0
    }
    return body
  }

  /// Where the header's closing `\r\n\r\n` starts, if it has arrived.
  private func endOfHeader() -> Int? {
    var index = start
    while index + 3 < buffer.count {
      if buffer[index] == 0x0D, buffer[index + 1] == 0x0A, buffer[index + 2] == 0x0D,
        buffer[index + 3] == 0x0A
      {
        return index
      }
      index += 1
    }
    return nil
  }

  /// A body with its header, ready to write.
  static func frame(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var text = self
    while text.first == " " || text.first == "\t" { text.removeFirst() }
    while text.last == " " || text.last == "\t" { text.removeLast() }
    return text
  }
}
