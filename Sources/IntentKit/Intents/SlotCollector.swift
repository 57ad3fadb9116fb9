import Synchronization

/// Gathers the ``ParameterSlot``s of an intent while it is being created, in the order its
/// parameters are declared, so that making an instance for a step needs no reflection.
///
/// Each ``Parameter`` hands its slot to the collector bound for the current task when it is
/// initialised. ``IntentDescriptor`` checks once per intent type, with `Mirror`, that the slots
/// gathered this way are the intent's parameters in declaration order; an intent whose
/// initialiser creates parameters some other way falls back to reflection for every instance.
final class SlotCollector: Sendable {
  /// The collector of the intent being created, if the engine is creating one.
  @TaskLocal static var current: SlotCollector?

  private let gathered = Mutex<[ParameterSlot]>([])

  func collect(_ slot: ParameterSlot) {
    gathered.withLock { $0.append(slot) }
  }

  /// Creates an intent, and returns it with the slots its parameters created, in order.
  static func make<Intent: AppIntent>(_: Intent.Type) -> (Intent, [ParameterSlot]) {
    let collector = SlotCollector()
    let intent = $current.withValue(collector) { Intent() }
    return (intent, collector.gathered.withLock { $0 })
  }
}
