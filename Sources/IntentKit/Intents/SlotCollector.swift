#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Gathers the ``ParameterSlot``s of an intent while it is being created, in the order its
/// parameters are declared, so that making an instance for a step needs no reflection.
///
/// Each ``Parameter`` hands its slot to the collector bound for the current thread when it is
/// initialised. ``IntentDescriptor`` checks once per intent type, with `Mirror`, that the slots
/// gathered this way are the intent's parameters in declaration order; an intent whose
/// initialiser creates parameters some other way falls back to reflection for every instance.
///
/// A thread-local, not a task-local: an intent's `init()` is synchronous, so it starts and ends
/// on one thread, and binding a thread-local costs a few nanoseconds where a task-local binding
/// allocates in the task and goes through generic code (about 0.15 µs a step).
final class SlotCollector {
  private var gathered: [ParameterSlot] = []

  private init() {}

  /// The collector of the intent being created on this thread, if the engine is creating one.
  static var current: SlotCollector? {
    guard let raw = pthread_getspecific(slotCollectorKey) else { return nil }
    return Unmanaged<SlotCollector>.fromOpaque(raw).takeUnretainedValue()
  }

  func collect(_ slot: ParameterSlot) {
    gathered.append(slot)
  }

  /// Creates an intent, and returns it with the slots its parameters created, in order.
  static func make<Intent: AppIntent>(_: Intent.Type) -> (Intent, [ParameterSlot]) {
    let collector = SlotCollector()
    let previous = pthread_getspecific(slotCollectorKey)
    pthread_setspecific(slotCollectorKey, Unmanaged.passUnretained(collector).toOpaque())
    let intent = withExtendedLifetime(collector) { Intent() }
    pthread_setspecific(slotCollectorKey, previous)
    return (intent, collector.gathered)
  }
}

/// The thread-local key of ``SlotCollector/current``, created once.
private let slotCollectorKey: pthread_key_t = {
  var key = pthread_key_t()
  let status = pthread_key_create(&key, nil)
  precondition(status == 0, "could not create a thread-local key (error \(status))")
  return key
}()
