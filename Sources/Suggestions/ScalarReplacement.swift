extension StringProtocol {
  /// The text with every occurrence of `target` replaced by `replacement`, matched exactly,
  /// scalar by scalar (on UTF-8 bytes), left to right, without overlaps.
  ///
  /// Unlike `replacing(_:with:)`, which matches whole characters, a `'` followed by a
  /// combining mark, or the `\n` of a `\r\n`, is still found: what reads the result (a shell,
  /// an HTTP peer, a person looking for a secret in a log) reads bytes, not characters.
  public func replacingEvery(_ target: String, with replacement: String) -> String {
    let needle = Array(target.utf8)
    guard !needle.isEmpty else { return String(self) }
    let bytes = Array(utf8)
    guard bytes.count >= needle.count else { return String(self) }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    var replaced = false
    while index < bytes.count {
      if bytes[index] == needle[0], index + needle.count <= bytes.count,
        bytes[index..<index + needle.count].elementsEqual(needle)
      {
        output.append(contentsOf: replacement.utf8)
        index += needle.count
        replaced = true
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    // A needle of whole scalars cuts the text only between scalars, so this is valid UTF-8.
    return replaced ? String(decoding: output, as: UTF8.self) : String(self)
  }
}
