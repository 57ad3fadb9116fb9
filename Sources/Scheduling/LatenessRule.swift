import CivilTime
import Cron
import IntentKit
import WorkflowEngine

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The one rule, shared by the daemon and `schedule --once`, that decides which of a
/// workflow's fire times still runs and which are missed, and why.
///
/// A fire time is **on time** while it is at most ``tolerance`` in the past. Of the fire times
/// not yet decided about, only the latest can run: it runs when it is on time, or, with
/// `catchUp: latest`, late (caught up). Every other one is **missed** and recorded so: late
/// past the tolerance, or passed over for a later fire time that ran in its place.
public struct LatenessRule: Sendable, Hashable {
  /// How late a fire may start and still count as on time.
  public var tolerance: Duration
  /// The most missed fire times one decision lists one by one (the latest ones); older ones
  /// are counted together, so that a long downtime of a per-second schedule costs a few
  /// records, not millions.
  public var listedMisses: Int = 20
  /// The most fire times one decision looks at.
  public var scanLimit: Int = 1_000_000

  public init(tolerance: Duration) {
    self.tolerance = tolerance
  }

  /// A fire time that was not run, and why.
  public struct Miss: Sendable, Hashable {
    public var scheduledFor: Date
    public var reason: String
  }

  /// What to do about the fire times of one workflow after a point.
  public struct Decision: Sendable {
    /// The fire time to run, and whether it is on time (`fired`) or late (`caughtUp`).
    public var run: (scheduledFor: Date, reason: ScheduledRun.Reason)?
    /// The missed fire times listed one by one, oldest first (at most ``listedMisses``).
    public var misses: [Miss] = []
    /// How many older missed fire times are not listed, and the span they fall in.
    public var unlisted: (count: Int, first: Date, last: Date)?
  }

  /// Decides about the fire times of `workflow` in `(after, now]`.
  ///
  /// - Complexity: O(*n*) in the fire times in the span, at most ``scanLimit``; the memory
  ///   held is O(``listedMisses``).
  public func decide(_ workflow: ScheduledWorkflow, after: Date, now: Date) -> Decision {
    // The latest fire times, kept in a ring of `listedMisses + 1` (the last may run).
    var recent: [Date] = []
    var older: (count: Int, first: Date, last: Date)?
    var scanned = 0
    for fire in workflow.schedule.dates(after: after) {
      guard fire <= now, scanned < scanLimit else { break }
      scanned += 1
      recent.append(fire)
      if recent.count > listedMisses + 1 {
        let dropped = recent.removeFirst()
        older = (
          (older?.count ?? 0) + 1, older?.first ?? dropped, dropped
        )
      }
    }
    var decision = Decision()
    guard let latest = recent.last else { return decision }
    let toleranceSeconds = tolerance.inSeconds
    let latestIsOnTime = now.timeIntervalSince(latest) <= toleranceSeconds
    if latestIsOnTime || workflow.catchUp == .latest {
      decision.run = (latest, latestIsOnTime ? .fired : .caughtUp)
      recent.removeLast()
    }
    let ran = decision.run.map(\.scheduledFor).map {
      CivilTime.Timestamp.format($0, in: workflow.schedule.timeZone)
    }
    decision.misses = recent.map { fire in
      let late = now.timeIntervalSince(fire)
      var reason: String
      if late > toleranceSeconds {
        reason =
          "\(Self.seconds(late)) late, past the \(Self.seconds(toleranceSeconds)) tolerance"
        if ran == nil { reason += " (catchUp: none)" }
      } else {
        reason = "a later fire time was due"
      }
      if let ran { reason += "; \(ran) ran in its place" }
      return Miss(scheduledFor: fire, reason: reason)
    }
    decision.unlisted = older
    return decision
  }

  /// `31 s`, `2 h 5 min`: whole seconds, the way the log shows lateness.
  static func seconds(_ interval: TimeInterval) -> String {
    let whole = Int(interval.rounded(.down))
    return DurationText.format(.seconds(whole))
  }
}
