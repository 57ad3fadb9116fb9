/// A set of small integers (0–63) stored in one machine word.
///
/// Every cron field fits: seconds and minutes use bits 0–59, hours 0–23, days of the month
/// 1–31, months 1–12 and days of the week 0–6.
struct BitSet64: Hashable, Sendable {
  var rawValue: UInt64

  init(rawValue: UInt64 = 0) {
    self.rawValue = rawValue
  }

  /// The set of `range`'s members.
  init(_ range: ClosedRange<Int>) {
    self.rawValue = 0
    for value in range { insert(value) }
  }

  var isEmpty: Bool { rawValue == 0 }

  var count: Int { rawValue.nonzeroBitCount }

  /// The members in increasing order.
  var values: [Int] {
    var result: [Int] = []
    var bits = rawValue
    while bits != 0 {
      result.append(bits.trailingZeroBitCount)
      bits &= bits - 1
    }
    return result
  }

  func contains(_ value: Int) -> Bool {
    value >= 0 && value < 64 && rawValue & (1 << UInt64(value)) != 0
  }

  mutating func insert(_ value: Int) {
    rawValue |= 1 << UInt64(value)
  }

  /// The smallest member that is at least `value`.
  ///
  /// - Complexity: O(1).
  func next(from value: Int) -> Int? {
    if value >= 64 { return nil }
    let candidates = value <= 0 ? rawValue : rawValue & (~0 << UInt64(value))
    return candidates == 0 ? nil : candidates.trailingZeroBitCount
  }
}
