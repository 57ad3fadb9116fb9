#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

extension Digest {
  /// The MD5 digest (RFC 1321) of a message: 16 bytes.
  ///
  /// - Complexity: O(*n*) in the length of the message.
  public static func md5(_ message: [UInt8]) -> [UInt8] {
    var state: [UInt32] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476]
    let bytes = padded(message, bigEndianLength: false)
    var words = [UInt32](repeating: 0, count: 16)
    for block in stride(from: 0, to: bytes.count, by: 64) {
      for index in 0..<16 {
        let offset = block + 4 * index
        words[index] =
          UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
          | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
      }
      var (a, b, c, d) = (state[0], state[1], state[2], state[3])
      for index in 0..<64 {
        var mixed: UInt32
        let word: Int
        switch index {
        case 0..<16: (mixed, word) = ((b & c) | (~b & d), index)
        case 16..<32: (mixed, word) = ((d & b) | (~d & c), (5 * index + 1) % 16)
        case 32..<48: (mixed, word) = (b ^ c ^ d, (3 * index + 5) % 16)
        default: (mixed, word) = (c ^ (b | ~d), (7 * index) % 16)
        }
        mixed = mixed &+ a &+ md5Constants[index] &+ words[word]
        (a, d, c) = (d, c, b)
        b = b &+ mixed.rotatedLeft(by: md5Shifts[index / 16][index % 4])
      }
      let results = [a, b, c, d]
      for index in 0..<4 { state[index] = state[index] &+ results[index] }
    }
    // Little-endian output, unlike SHA.
    return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } }
  }

  /// RFC 1321's table: the integer part of 2^32 × |sin(i)| for i = 1…64 (sine in radians).
  private static let md5Constants: [UInt32] = (1...64).map {
    UInt32(abs(sin(Double($0))) * 4_294_967_296)
  }

  /// The left rotations of each round, by step within the round.
  private static let md5Shifts: [[UInt32]] = [
    [7, 12, 17, 22], [5, 9, 14, 20], [4, 11, 16, 23], [6, 10, 15, 21],
  ]
}
