#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A decision or happening of the scheduler, kept in the run store.
///
/// Events of the daemon itself (``Kind/daemonStarted``, ``Kind/daemonStopped``) carry the
/// scheduled directory as ``workflowPath`` and an empty ``workflowName``.
public struct ScheduleEvent: Sendable, Hashable {
  /// What happened; stored as its raw text.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A run was started at its fire time.
    case fired
    /// A fire time was skipped because the previous run was still running (`overlap: skip`).
    case skipped
    /// A run was started late for a fire time missed while the scheduler was down.
    case caughtUp
    /// A fire time was queued behind a run still running (`overlap: queue`).
    case queued
    /// A run started by the scheduler finished.
    case finished
    /// A run could not be started.
    case failedToStart
    /// The workflow file failed validation and is not scheduled.
    case invalid
    /// The scheduler daemon started.
    case daemonStarted
    /// The scheduler daemon stopped.
    case daemonStopped
    /// A fire time was not run, and will not be: it was later than the lateness tolerance
    /// (`catchUp: none`), or a later fire time ran in its place; ``detail`` says which.
    case missed
    /// A scheduler found another one active on the home and waits as its standby.
    case standby

    /// The kinds that count as handling a fire time: see ``RunStore/lastFire(workflowPath:)``
    /// and ``RunStore/claim(_:)``.
    public static let handledFireTimes: Set<Kind> = [.fired, .caughtUp, .skipped, .missed]
  }

  /// The event's id, unique in its store; ids grow with time.
  public var id: Int64
  /// The workflow's `name`; empty for the daemon's own events.
  public var workflowName: String
  /// The workflow file's path; the scheduled directory for the daemon's own events.
  public var workflowPath: String
  /// What happened.
  public var kind: Kind
  /// The fire time the event is about, if any.
  public var scheduledFor: Date?
  /// When the event was recorded.
  public var recordedAt: Date
  /// The run the event started or concerns, if any; `nil` once that run has been pruned.
  public var runID: Int64?
  /// More about the event, for people: why a start failed, what was invalid.
  public var detail: String?

  /// Creates an event; the store creates them, tests may too.
  /// - Parameters:
  ///   - id: The event's id.
  ///   - workflowName: The workflow's name.
  ///   - workflowPath: The workflow file's path.
  ///   - kind: What happened.
  ///   - scheduledFor: The fire time it is about.
  ///   - recordedAt: When it was recorded.
  ///   - runID: The run it concerns.
  ///   - detail: More about it.
  public init(
    id: Int64, workflowName: String, workflowPath: String, kind: Kind, scheduledFor: Date? = nil,
    recordedAt: Date, runID: Int64? = nil, detail: String? = nil
  ) {
    self.id = id
    self.workflowName = workflowName
    self.workflowPath = workflowPath
    self.kind = kind
    self.scheduledFor = scheduledFor
    self.recordedAt = recordedAt
    self.runID = runID
    self.detail = detail
  }
}
