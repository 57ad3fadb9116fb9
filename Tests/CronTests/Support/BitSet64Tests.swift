import Testing

@testable import Cron

@Suite("Small sets of integers")
struct BitSet64Tests {
  @Test("next(from:) finds the smallest member at or above a value")
  func next() {
    let set = BitSet64(rawValue: 1 << 3 | 1 << 17 | 1 << 59)
    #expect(set.next(from: 0) == 3)
    #expect(set.next(from: 3) == 3)
    #expect(set.next(from: 4) == 17)
    #expect(set.next(from: 18) == 59)
    #expect(set.next(from: 60) == nil)
    #expect(set.next(from: 64) == nil)
    #expect(set.next(from: -5) == 3)
    #expect(set.values == [3, 17, 59])
    #expect(set.count == 3)
    #expect(BitSet64().next(from: 0) == nil)
    #expect(BitSet64(1...3).values == [1, 2, 3])
  }
}
