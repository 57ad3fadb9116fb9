import Foundation
import Testing

@testable import DataIntents
@testable import StandardIntents

@Suite("DecimalDigits: rounding and formatting by decimal digits")
struct DecimalDigitsTests {
  /// Random finite doubles of every magnitude from a fixed seed, so failures repeat.
  static func samples(count: Int) -> [Double] {
    var generator = SplitMix64(seed: 0x5EED)
    return (0..<count).map { _ in
      let mantissa = Double(generator.next() % 2_000_000_000) / 1000 - 1_000_000
      let exponent = Int(generator.next() % 24) - 12
      return mantissa * pow(10, Double(exponent))
    }
  }

  @Test("a formatted number reads back within half a unit of its last decimal")
  func formattedIsClose() {
    for value in Self.samples(count: 2000) {
      for decimals in [0, 2, 5] {
        let text = DecimalDigits(value).rounded(places: decimals, mode: .nearest)
          .formatted(decimals: decimals, grouping: false)
        guard let parsed = Double(text) else {
          Issue.record("'\(text)' for \(value) does not read back")
          continue
        }
        let unit = pow(10, -Double(decimals))
        #expect(
          abs(parsed - value) <= unit / 2 + abs(value) * 1e-15, "\(value) → \(text)")
        let fraction = text.split(separator: ".").dropFirst().first ?? ""
        #expect(fraction.count == decimals, "\(value) → \(text)")
      }
    }
  }

  @Test("down is at most the number and up at least, one unit apart at most")
  func directedBounds() {
    for value in Self.samples(count: 2000) {
      let down = DecimalDigits(value).rounded(places: 2, mode: .down).doubleValue
      let up = DecimalDigits(value).rounded(places: 2, mode: .up).doubleValue
      #expect(down <= value + abs(value) * 1e-15 && value <= up + abs(value) * 1e-15, "\(value)")
      #expect(up - down <= 0.01 + abs(value) * 1e-14, "\(value)")
    }
  }

  @Test("grouping puts a comma every three digits of the whole part only")
  func grouping() {
    let text = DecimalDigits(-1_234_567.125).formatted(decimals: 3, grouping: true)
    #expect(text == "-1,234,567.125")
    #expect(DecimalDigits(999).formatted(decimals: 0, grouping: true) == "999")
  }
}

@Suite("Base64 and percent-encoding agree with Foundation")
struct EncodingDifferentialTests {
  static func samples(count: Int) -> [[UInt8]] {
    var generator = SplitMix64(seed: 0xB64)
    return (0..<count).map { index in
      (0..<(index % 70)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }
  }

  @Test("Base64 encodes as Foundation does and decodes its own output")
  func base64() {
    for bytes in Self.samples(count: 500) {
      let encoded = Base64.encode(bytes)
      #expect(encoded == Data(bytes).base64EncodedString())
      #expect(Base64.decode(encoded) == bytes)
      #expect(Base64.decode(encoded.replacingOccurrences(of: "=", with: "")) == bytes)
    }
  }

  @Test("percent-encoding leaves exactly the unreserved characters, as Foundation does")
  func percent() throws {
    var unreserved = CharacterSet.alphanumerics.intersection(
      CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
    unreserved.insert(charactersIn: "-._~")
    for bytes in Self.samples(count: 500) {
      let text = String(decoding: bytes, as: UTF8.self)
      let ours = PercentEncoding.encode(text)
      #expect(ours == text.addingPercentEncoding(withAllowedCharacters: unreserved))
      #expect(try PercentEncoding.decode(ours, plusAsSpace: false) == text)
    }
  }
}

/// A small, fast, seedable generator (SplitMix64), so random samples repeat run to run.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
