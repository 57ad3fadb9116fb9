package import IntentKit

/// Percent-encoding (RFC 3986) for `text.urlEncode` and `text.urlDecode`.
package enum PercentEncoding {
  /// Every byte but the unreserved characters and the ASCII characters of `kept` as `%XX`, in
  /// capital hexadecimal.
  package static func encode(_ text: String, keeping kept: String = "") -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    let kept = Array(kept.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        output.append(byte)
      case _ where kept.contains(byte):
        output.append(byte)
      default:
        output.append(UInt8(ascii: "%"))
        output.append(digits[Int(byte >> 4)])
        output.append(digits[Int(byte & 0x0f)])
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The text with every `%XX` decoded.
  ///
  /// - Throws: ``IntentError`` for a `%` without two hexadecimal digits, or bytes that are not
  ///   UTF-8.
  package static func decode(_ text: String, plusAsSpace: Bool) throws(IntentError) -> String {
    let bytes = Array(text.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
          let low = hexValue(bytes[index + 2])
        else {
          let escape = String(decoding: bytes[index..<min(index + 3, bytes.count)], as: UTF8.self)
          throw IntentError(
            "'\(escape)' is not a percent escape; a % must be followed by two hexadecimal "
              + "digits (write %25 for a literal %)")
        }
        output.append(high << 4 | low)
        index += 3
      } else {
        output.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
        index += 1
      }
    }
    guard let decoded = String(validating: output, as: UTF8.self) else {
      throw IntentError("the decoded bytes are not UTF-8 text")
    }
    return decoded
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
