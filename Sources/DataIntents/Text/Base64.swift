/// Base64 (RFC 4648) for `text.base64Encode` and `text.base64Decode`.
///
/// Decoding is lenient where people's Base64 varies and strict where a mistake hides: it
/// accepts both alphabets, missing padding and white space, and refuses any other character,
/// padding in the middle, and a length no encoder produces.
enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The bytes in the standard alphabet, padded with `=`.
  static func encode(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    for start in stride(from: 0, to: bytes.count, by: 3) {
      let chunk = bytes[start..<min(start + 3, bytes.count)]
      var group = UInt32(0)
      for (index, byte) in chunk.enumerated() { group |= UInt32(byte) << (16 - 8 * index) }
      for index in 0..<4 {
        if index <= chunk.count {
          output.append(alphabet[Int(group >> (18 - 6 * UInt32(index)) & 0x3f)])
        } else {
          output.append(UInt8(ascii: "="))
        }
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The bytes `text` encodes, or `nil` when it is not Base64.
  static func decode(_ text: String) -> [UInt8]? {
    var sextets: [UInt8] = []
    var padding = 0
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        continue
      case UInt8(ascii: "="):
        padding += 1
        continue
      default:
        guard padding == 0, let value = sextet(byte) else { return nil }
        sextets.append(value)
      }
    }
    // A final group of one sextet cannot hold a byte; padding beyond a group is wrong too.
    guard sextets.count % 4 != 1, padding <= 2,
      padding == 0 || (sextets.count + padding) % 4 == 0
    else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(sextets.count * 3 / 4)
    var buffer = UInt32(0)
    var bits = 0
    for value in sextets {
      buffer = buffer << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
      }
    }
    return bytes
  }

  /// The start of long text, for messages.
  static func excerpt(_ text: String) -> String {
    text.count > 40 ? text.prefix(40) + "…" : text
  }

  private static func sextet(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
    case UInt8(ascii: "+"), UInt8(ascii: "-"): return 62
    case UInt8(ascii: "/"), UInt8(ascii: "_"): return 63
    default: return nil
    }
  }
}
