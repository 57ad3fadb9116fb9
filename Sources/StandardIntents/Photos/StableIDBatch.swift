/// Many stable ids (SHA-256 digests written as 64 hex digits) held as 32-byte numbers: the
/// form in which `photos.tag` sorts and deduplicates 100,000 ids in a few milliseconds.
///
/// Sorting the numbers is sorting the lowercase hex texts (digits come before `a`–`f` in
/// ASCII), which is the order of SQLite's BINARY collation: the ids reach the index in its
/// own order, so each insert lands next to the previous one and SQLite has nothing to sort.
/// Swift `String`s are never compared, lowercased or collected into a `Set`.
struct StableIDBatch {
  /// One digest, as four big-endian words: comparing them compares the hex texts.
  struct Digest256: Comparable {
    var words: (UInt64, UInt64, UInt64, UInt64)

    static func < (lhs: Digest256, rhs: Digest256) -> Bool {
      lhs.words < rhs.words
    }

    static func == (lhs: Digest256, rhs: Digest256) -> Bool {
      lhs.words == rhs.words
    }
  }

  private(set) var digests: [Digest256] = []

  init(capacity: Int) {
    digests.reserveCapacity(capacity)
  }

  /// Adds `id` if it is 64 hex digits (either case) and returns `true`; returns `false` for
  /// anything else (a path, a local id), adding nothing.
  mutating func append(_ id: String) -> Bool {
    var id = id
    let parsed = id.withUTF8 { Self.parse($0) }
    guard let parsed else { return false }
    digests.append(parsed)
    return true
  }

  /// Sorts the digests and drops repeats; returns how many are left.
  mutating func sortUnique() -> Int {
    sortByBuckets()
    var kept = 0
    for digest in digests where kept == 0 || digests[kept - 1] != digest {
      digests[kept] = digest
      kept += 1
    }
    digests.removeLast(digests.count - kept)
    return kept
  }

  /// Sorts the digests: a counting sort on their first 16 bits, then a sort of each bucket.
  /// SHA-256 digests are uniform, so a bucket holds one or two and this takes linear time;
  /// ids that share a prefix only make a bucket large, which `sort()` then handles.
  private mutating func sortByBuckets() {
    guard digests.count > 1024 else {
      digests.sort()
      return
    }
    let bucketCount = 1 << 16
    var starts = [Int](repeating: 0, count: bucketCount + 1)
    for digest in digests { starts[Int(digest.words.0 >> 48) + 1] += 1 }
    for bucket in 0..<bucketCount { starts[bucket + 1] += starts[bucket] }
    var next = starts
    let unsorted = digests
    digests = [Digest256](unsafeUninitializedCapacity: unsorted.count) { buffer, initialized in
      for digest in unsorted {
        let bucket = Int(digest.words.0 >> 48)
        buffer.initializeElement(at: next[bucket], to: digest)
        next[bucket] += 1
      }
      initialized = unsorted.count
    }
    for bucket in 0..<bucketCount where starts[bucket + 1] - starts[bucket] > 1 {
      digests[starts[bucket]..<starts[bucket + 1]].sort()
    }
  }

  /// The digests as a JSON array of lowercase hex texts, in their current order: what
  /// SQLite's `json_each` reads (6.7 MB for 100,000 ids, written in a few milliseconds). Hex
  /// digits need no escaping, so they go straight into the text: StrictJSON's writer would
  /// need a `String` for each id first.
  var jsonArray: String {
    let length = digests.isEmpty ? 2 : 1 + digests.count * 67
    return String(unsafeUninitializedCapacity: length) { buffer in
      Self.hexPairs.withUnsafeBufferPointer { pairs in
        var position = 0
        func put(_ byte: UInt8) {
          buffer[position] = byte
          position += 1
        }
        /// The word's 8 bytes, most significant first, as 16 hex digits.
        func put(_ word: UInt64) {
          var shift = 64
          while shift > 0 {
            shift -= 8
            let pair = Int(truncatingIfNeeded: (word >> UInt64(shift)) & 0xFF) * 2
            buffer[position] = pairs[pair]
            buffer[position + 1] = pairs[pair + 1]
            position += 2
          }
        }
        put(UInt8(ascii: "["))
        for (index, digest) in digests.enumerated() {
          if index > 0 { put(UInt8(ascii: ",")) }
          put(UInt8(ascii: "\""))
          put(digest.words.0)
          put(digest.words.1)
          put(digest.words.2)
          put(digest.words.3)
          put(UInt8(ascii: "\""))
        }
        put(UInt8(ascii: "]"))
        return position
      }
    }
  }

  /// Each byte as two lowercase hex digits: `hexPairs[2 * byte]` and the one after.
  private static let hexPairs: [UInt8] = (0...255).flatMap { byte -> [UInt8] in
    let digits = Array("0123456789abcdef".utf8)
    return [digits[byte >> 4], digits[byte & 0xF]]
  }

  /// Each byte's value as a hex digit, or 0x80 for a byte that is not one: a table rather
  /// than a branch per byte, which random digits would mispredict half the time.
  private static let hexValues: [UInt8] = (0...255).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10
    default: 0x80
    }
  }

  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Digest256? {
    guard bytes.count == 64 else { return nil }
    return hexValues.withUnsafeBufferPointer { table in
      var invalid: UInt8 = 0
      func word(at start: Int) -> UInt64 {
        var word: UInt64 = 0
        for index in start..<start + 16 {
          let value = table[Int(bytes[index])]
          invalid |= value
          word = word << 4 | UInt64(value & 0xF)
        }
        return word
      }
      let words = (word(at: 0), word(at: 16), word(at: 32), word(at: 48))
      return invalid & 0x80 == 0 ? Digest256(words: words) : nil
    }
  }
}
