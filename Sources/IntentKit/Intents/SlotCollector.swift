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
/// Each ``Parameter`` hands its slot to the list bound for the current thread when it is
/// initialised. ``IntentDescriptor`` checks once per intent type, with `Mirror`, that the slots
/// gathered this way are the intent's parameters in declaration order; an intent whose
/// initialiser creates parameters some other way falls back to reflection for every instance.
///
/// A thread-local pointing at a list on the caller's stack, not a task-local: an intent's
/// `init()` is synchronous, so it starts and ends on one thread, and binding a thread-local
/// costs a few nanoseconds and no allocation, where a task-local binding allocates in the task
/// and goes through generic code (about 0.15 µs a step).
@usableFromInline
enum SlotCollector {
  /// Hands a new parameter's slot to the intent being created on this thread, if the engine is
  /// creating one.
  @usableFromInline
  static func collect(_ slot: ParameterSlot) {
    guard let raw = pthread_getspecific(slotCollectorKey) else { return }
    raw.assumingMemoryBound(to: [ParameterSlot].self).pointee.append(slot)
  }

  /// Creates an intent, and returns it with the slots its parameters created, in order.
  ///
  /// - Parameter count: How many slots to make room for (the intent's parameter count).
  static func make<Intent: AppIntent>(_: Intent.Type, expecting count: Int = 4)
    -> (Intent, [ParameterSlot])
  {
    var gathered: [ParameterSlot] = []
    gathered.reserveCapacity(count)
    let intent = withUnsafeMutablePointer(to: &gathered) { list in
      let previous = pthread_getspecific(slotCollectorKey)
      pthread_setspecific(slotCollectorKey, list)
      defer { pthread_setspecific(slotCollectorKey, previous) }
      return Intent()
    }
    return (intent, gathered)
  }
}

/// The thread-local key of the list ``SlotCollector`` gathers into, created once.
private let slotCollectorKey: pthread_key_t = {
  var key = pthread_key_t()
  let status = pthread_key_create(&key, nil)
  precondition(status == 0, "could not create a thread-local key (error \(status))")
  return key
}()
