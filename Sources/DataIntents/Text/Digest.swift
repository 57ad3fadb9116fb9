/// Message digests for `text.hash`, written here because Linux has no CryptoKit and the
/// package takes no outside dependencies.
///
/// Each function follows its specification (FIPS 180-4 for SHA-1 and SHA-256, RFC 1321 for
/// MD5) and is tested against their published vectors. SHA-1 and MD5 are broken for
/// security; they are here to match checksums that other tools print.
public enum Digest {
  /// The digest as lowercase hexadecimal, as `sha256sum` prints it.
  public static func hex(_ digest: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(digest.count * 2)
    for byte in digest {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The message padded to whole 64-byte blocks: a 1 bit, zeros, and the length in bits as
  /// a 64-bit number, big-endian for SHA, little-endian for MD5.
  static func padded(_ message: [UInt8], bigEndianLength: Bool) -> [UInt8] {
    var bytes = message
    let bitLength = UInt64(message.count) &* 8
    bytes.append(0x80)
    while bytes.count % 64 != 56 { bytes.append(0) }
    for index in 0..<8 {
      let shift = bigEndianLength ? UInt64(56 - 8 * index) : UInt64(8 * index)
      bytes.append(UInt8(truncatingIfNeeded: bitLength >> shift))
    }
    return bytes
  }

  /// The 32-bit word at `offset`, most significant byte first.
  static func bigEndianWord(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
      | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
  }

  /// The words as bytes, most significant byte first.
  static func bigEndianBytes(_ words: [UInt32]) -> [UInt8] {
    words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) } }
  }
}

extension UInt32 {
  /// Rotates the bits left by `count` places.
  @inline(__always) func rotatedLeft(by count: UInt32) -> UInt32 {
    self << count | self >> (32 - count)
  }

  /// Rotates the bits right by `count` places.
  @inline(__always) func rotatedRight(by count: UInt32) -> UInt32 {
    self >> count | self << (32 - count)
  }
}
