import CivilTime

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Where a schedule meets its zone's clock changes, for exporters whose target scheduler
/// treats those hours differently from cronie (systemd fires a repeated time once, Kubernetes
/// runs a fall-back job twice).
extension CronSchedule {
  /// A wall-clock time the expression matches inside a skipped or repeated span.
  public struct DaylightSavingClash: Sendable, Hashable {
    /// Whether the clocks jumped over the span (spring forward) or showed it twice (fall back).
    public enum Kind: String, Sendable, Hashable {
      case skipped, repeated
    }

    public var kind: Kind
    /// The first matching wall-clock time in the span.
    public var time: LocalDateTime
    /// The span of wall-clock times skipped or repeated: `start..<end`.
    public var start: LocalDateTime
    public var end: LocalDateTime
    /// The instant the clocks change.
    public var transition: Date
  }

  /// The clock changes of the zone in `from...through` whose skipped or repeated span holds a
  /// time the expression matches, oldest first.
  ///
  /// - Complexity: O(*t*) in the transitions in the interval, each one a bounded search.
  public func daylightSavingClashes(from: Date, through: Date) -> [DaylightSavingClash] {
    var clashes: [DaylightSavingClash] = []
    var cursor = Int(from.timeIntervalSince1970.rounded(.down))
    let last = Int(through.timeIntervalSince1970.rounded(.down))
    while let change = timeZone.transition(after: cursor), change <= last {
      cursor = change
      let before = timeZone.offset(at: change - 1)
      let after = timeZone.offset(at: change)
      guard before != after else { continue }
      let kind: DaylightSavingClash.Kind = after > before ? .skipped : .repeated
      let start = change + min(before, after)
      let end = change + max(before, after)
      guard let match = expression.nextLocalTime(atOrAfter: start), match < end else { continue }
      clashes.append(
        DaylightSavingClash(
          kind: kind, time: LocalDateTime(localSeconds: match),
          start: LocalDateTime(localSeconds: start), end: LocalDateTime(localSeconds: end),
          transition: Date(timeIntervalSince1970: Double(change))))
    }
    return clashes
  }
}
