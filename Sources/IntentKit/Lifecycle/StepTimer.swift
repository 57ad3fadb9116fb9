import Dispatch
import Synchronization

/// A step's timeout on the system's monotonic clock, armed when `perform()` suspends: a
/// dispatch timer, not a task, so arming and disarming it cost a few microseconds and there is
/// nothing to await when the step ends first (a task sleeping for the timeout had to be
/// woken and awaited: two thread hops, some 25 µs for every intent that does I/O).
///
/// When it fires it decides the step `timedOut`, unless the intent is long-running and has
/// reported progress since it was armed, in which case it starts over from now. Deciding is
/// idempotent, so a timer that fires as the step ends does nothing.
final class StepTimer {
  private let source: any DispatchSourceTimer
  /// The progress count when the timer was last (re)armed.
  private let seen: Atomic<Int>

  init(lease: StepLease, timeout: Duration, restartsOnProgress: Bool) {
    let source = DispatchSource.makeTimerSource(queue: .global())
    self.source = source
    seen = Atomic(lease.activity)
    let interval = DispatchTimeInterval.nanoseconds(Self.nanoseconds(timeout))
    // The handler holds the timer (and so its source) until the source is cancelled, which
    // releases the handler: by `disarm()`, or here once the step is decided.
    source.setEventHandler { [self] in
      let now = lease.activity
      let progressed = seen.exchange(now, ordering: .relaxed) != now
      if restartsOnProgress, progressed {
        source.schedule(deadline: .now() + interval)
        return
      }
      lease.decide(.timedOut(timeout))
      source.cancel()
    }
    source.schedule(deadline: .now() + interval)
    source.activate()
  }

  /// Stops the timer. One firing at this moment decides nothing: the step is decided already.
  func disarm() { source.cancel() }

  /// `duration` in whole nanoseconds, at most about 292 years.
  private static func nanoseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    guard seconds < Int64(Int.max / 1_000_000_000) else { return Int.max }
    return max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}
