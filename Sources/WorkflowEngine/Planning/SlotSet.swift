/// Slot numbers read by some expression: an array of flags indexed by slot.
struct SlotSet {
  private var flags: [Bool]

  init(count: Int) {
    flags = [Bool](repeating: false, count: count)
  }

  func contains(_ slot: Int) -> Bool {
    slot < flags.count && flags[slot]
  }

  mutating func insert(_ slot: Int) {
    if slot >= flags.count { flags += [Bool](repeating: false, count: slot + 1 - flags.count) }
    flags[slot] = true
  }
}
