/// Slot numbers read by some expression: an array of flags indexed by slot.
struct SlotSet {
  private var flags: [Bool]

  init(count: Int) {
    flags = [Bool](repeating: false, count: count)
  }

  func contains(_ slot: Int) -> Bool {
    slot < flags.count && flags[slot]
  }

  /// Notes `slot`, growing the set as needed.
  ///
  /// - Complexity: amortised O(1): the flags at least double when they grow, since planning
  ///   notes slots as it numbers them, each a little beyond the last.
  mutating func insert(_ slot: Int) {
    if slot >= flags.count {
      let count = Swift.max(slot + 1, flags.count * 2, 64)
      flags += repeatElement(false, count: count - flags.count)
    }
    flags[slot] = true
  }
}
