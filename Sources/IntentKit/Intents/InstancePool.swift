import Synchronization

/// Instances of one ``NonSuspendingIntent`` kept between steps, so that a step of such an
/// intent does not make a new intent, its ``ParameterSlot``s and the engine's handles (four
/// allocations, and as many to free) every time.
///
/// Only an intent whose `perform()` runs inline in the step's task is pooled: when its
/// lifecycle ends, nothing of the step can still be using it. An intent that runs in a task of
/// its own may outlive its step (a timed-out intent that ignores cancellation), so it gets a
/// fresh instance every time. A returned instance has its parameters emptied, so that the pool
/// keeps no step's values alive; the next step sets every parameter before `confirm()`.
final class InstancePool: Sendable {
  /// As many instances as steps of the intent run at once, up to this many, are kept.
  private static let capacity = 8
  private let free = Mutex<[IntentInstance]>([])

  init() {}

  /// An instance to use: a kept one, or a new one from `make`.
  func take(_ make: () -> IntentInstance) -> IntentInstance {
    free.withLock { $0.popLast() } ?? make()
  }

  /// The instances kept now (for tests).
  var kept: [IntentInstance] { free.withLock { $0 } }

  /// Keeps `instance` for a later step, with its parameters emptied.
  func giveBack(_ instance: IntentInstance) {
    for slot in instance.slotList { slot.clear() }
    free.withLock { free in
      if free.count < Self.capacity { free.append(instance) }
    }
  }
}
