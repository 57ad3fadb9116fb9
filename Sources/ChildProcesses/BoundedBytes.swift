/// Bytes read from a pipe or a server, kept up to a limit: the one reader of unbounded input
/// (a child's output, an HTTP body after decompression) in the runner.
///
/// The bytes go into chunks of at most 1 MiB, never one array that doubles as it grows (a
/// doubling array holds up to twice its bytes, and copies them each time), and
/// ``takeText()`` makes the text from the chunks newest first, letting go of each as soon as
/// it is copied: so 200 MB of output costs about 200 MB, not twice that. Bytes past the
/// limit are not kept; ``isOverLimit`` says that some were offered.
public struct BoundedBytes: Sendable, Hashable {
  /// The limit when a caller sets none: 64 MiB.
  public static let defaultLimit = 64 << 20

  /// The most bytes kept.
  public let limit: Int
  /// How many bytes are kept.
  public private(set) var count = 0
  /// Whether more bytes were offered than the limit allows; those were dropped.
  public private(set) var isOverLimit = false
  private var chunks: [[UInt8]] = []

  private static let firstChunk = 4 << 10
  private static let largestChunk = 1 << 20

  /// An empty buffer that keeps at most `limit` bytes.
  public init(limit: Int = BoundedBytes.defaultLimit) {
    self.limit = max(0, limit)
  }

  /// Keeps as much of `bytes` as the limit allows.
  ///
  /// - Returns: `false` once the limit is passed (this call's bytes, or an earlier call's,
  ///   did not all fit).
  /// - Complexity: O(*n*) in the bytes kept.
  @discardableResult
  public mutating func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var rest = bytes[...]
    if rest.count > limit - count {
      isOverLimit = true
      rest = rest.prefix(limit - count)
    }
    count += rest.count
    while !rest.isEmpty {
      if chunks.isEmpty || chunks[chunks.count - 1].count == chunks[chunks.count - 1].capacity {
        // Small outputs stay small; large ones grow a chunk at a time, each allocated once.
        var chunk: [UInt8] = []
        chunk.reserveCapacity(min(Self.largestChunk, max(Self.firstChunk, count)))
        chunks.append(chunk)
      }
      let last = chunks.count - 1
      let room = chunks[last].capacity - chunks[last].count
      let part = rest.prefix(room)
      chunks[last].append(contentsOf: part)
      rest = rest.dropFirst(part.count)
    }
    return !isOverLimit
  }

  /// Keeps as much of `bytes` as the limit allows.
  ///
  /// - Returns: `false` once the limit is passed.
  @discardableResult
  public mutating func append(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { append($0) }
  }

  /// The bytes kept, in one array (a copy).
  public var bytes: [UInt8] {
    if chunks.count == 1 { return chunks[0] }
    var joined: [UInt8] = []
    joined.reserveCapacity(count)
    for chunk in chunks { joined.append(contentsOf: chunk) }
    return joined
  }

  /// The bytes kept as UTF-8 text (invalid sequences become U+FFFD), leaving the buffer
  /// empty; each chunk is let go of as soon as it is copied.
  ///
  /// - Complexity: O(*n*); memory: the text, plus one chunk.
  public mutating func takeText() -> String { take().text }

  /// The bytes kept, leaving the buffer empty: as text when they are valid UTF-8 (made as
  /// ``takeText()`` makes it, and no bytes), else the text with U+FFFD in place of what is
  /// not UTF-8 and the bytes themselves.
  ///
  /// - Complexity: O(*n*); memory: the text, plus one chunk (and a copy of the bytes when
  ///   they are not UTF-8).
  public mutating func take() -> (text: String, bytes: [UInt8]?) {
    var pending = chunks
    chunks = []
    let total = count
    count = 0
    var invalid: [UInt8]?
    let text = String(unsafeUninitializedCapacity: total) { text in
      var end = total
      // Newest first: with the allocator's chunks freed from the top of the heap down, the
      // memory goes back to the system as the copy proceeds.
      while let chunk = pending.popLast() {
        end -= chunk.count
        chunk.withUnsafeBufferPointer { source in
          _ = UnsafeMutableBufferPointer(rebasing: text[end..<end + source.count])
            .initialize(fromContentsOf: source)
        }
      }
      let written = UnsafeBufferPointer(rebasing: text[..<total])
      // Most output is ASCII: one pass tells; anything else is checked by the standard
      // library, and kept as bytes when it is not UTF-8 (the text repairs it).
      if !written.allSatisfy({ $0 < 0x80 }), String(validating: written, as: UTF8.self) == nil {
        invalid = Array(written)
      }
      return total
    }
    return (text, invalid)
  }

  /// What a message says of a stream that passed the limit: `more than 67108864 bytes`.
  public var overLimitDescription: String { "more than \(limit) bytes" }
}
