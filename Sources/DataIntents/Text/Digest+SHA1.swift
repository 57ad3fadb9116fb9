extension Digest {
  /// The SHA-1 digest (FIPS 180-4) of a message: 20 bytes.
  ///
  /// - Complexity: O(*n*) in the length of the message.
  public static func sha1(_ message: [UInt8]) -> [UInt8] {
    var state: [UInt32] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476, 0xc3d2_e1f0]
    let bytes = padded(message, bigEndianLength: true)
    var schedule = [UInt32](repeating: 0, count: 80)
    for block in stride(from: 0, to: bytes.count, by: 64) {
      for index in 0..<16 { schedule[index] = bigEndianWord(bytes, at: block + 4 * index) }
      for index in 16..<80 {
        schedule[index] =
          (schedule[index - 3] ^ schedule[index - 8] ^ schedule[index - 14]
          ^ schedule[index - 16]).rotatedLeft(by: 1)
      }
      var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
      for index in 0..<80 {
        let mixed: UInt32
        let constant: UInt32
        switch index {
        case 0..<20: (mixed, constant) = ((b & c) | (~b & d), 0x5a82_7999)
        case 20..<40: (mixed, constant) = (b ^ c ^ d, 0x6ed9_eba1)
        case 40..<60: (mixed, constant) = ((b & c) | (b & d) | (c & d), 0x8f1b_bcdc)
        default: (mixed, constant) = (b ^ c ^ d, 0xca62_c1d6)
        }
        let temporary = a.rotatedLeft(by: 5) &+ mixed &+ e &+ constant &+ schedule[index]
        (e, d, c, b, a) = (d, c, b.rotatedLeft(by: 30), a, temporary)
      }
      let results = [a, b, c, d, e]
      for index in 0..<5 { state[index] = state[index] &+ results[index] }
    }
    return bigEndianBytes(state)
  }
}
