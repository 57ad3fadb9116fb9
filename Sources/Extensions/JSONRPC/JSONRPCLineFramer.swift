/// The framing of JSON-RPC on a stream: one message a line, ended by a newline.
///
/// Bytes go in as they are read, whole lines come out, and the bytes of a line still being
/// read are kept until its newline comes. A line that grows past ``limit`` without ending is
/// refused, so an extension that never writes a newline cannot make the runner hold its output.
///
/// - Complexity: each byte is searched for a newline once, and copied once when it is read and
///   at most once more when the buffer is compacted.
struct JSONRPCLineFramer: Sendable {
  /// The longest line accepted, in bytes, newline excluded.
  let limit: Int
  private var buffer: [UInt8] = []
  /// Where the first byte not yet handed out starts.
  private var start = 0

  /// What feeding a chunk came to.
  enum Outcome: Equatable, Sendable {
    /// Every whole line went out; the rest waits for more bytes.
    case fed
    /// The receiver of a line asked to stop (the protocol broke).
    case stopped
    /// A line grew past the limit.
    case oversized
  }

  init(limit: Int) {
    self.limit = limit
  }

  /// How many bytes of an unfinished line are held.
  var pending: Int { buffer.count - start }

  /// Appends `chunk` and hands each whole line in it, without its newline, to `receive`, which
  /// returns whether to go on.
  mutating func feed(
    _ chunk: ArraySlice<UInt8>, _ receive: (ArraySlice<UInt8>) -> Bool
  ) -> Outcome {
    // Only the new bytes can hold a newline: the ones held were searched when they came.
    var searchFrom = buffer.count
    buffer.append(contentsOf: chunk)
    while let newline = buffer[searchFrom...].firstIndex(of: 0x0A) {
      let line = buffer[start..<newline]
      start = newline + 1
      searchFrom = start
      guard line.count <= limit else { return .oversized }
      guard receive(line) else { return .stopped }
    }
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
      start = 0
    } else if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    return buffer.count > limit ? .oversized : .fed
  }
}
