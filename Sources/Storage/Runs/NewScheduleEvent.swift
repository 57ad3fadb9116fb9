#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A scheduler event to record: a ``ScheduleEvent`` before the store gives it an id.
public struct NewScheduleEvent: Sendable, Hashable {
  /// The workflow's `name`; empty for the daemon's own events.
  public var workflowName: String
  /// The workflow file's path; the scheduled directory for the daemon's own events.
  public var workflowPath: String
  /// What happened.
  public var kind: ScheduleEvent.Kind
  /// The fire time the event is about, if any.
  public var scheduledFor: Date?
  /// When the event happened.
  public var recordedAt: Date
  /// The run the event started or concerns, if any.
  public var runID: Int64?
  /// More about the event, for people.
  public var detail: String?

  /// Describes an event about a workflow.
  /// - Parameters:
  ///   - workflowName: The workflow's name.
  ///   - workflowPath: The workflow file's path.
  ///   - kind: What happened.
  ///   - scheduledFor: The fire time it is about.
  ///   - recordedAt: When it happened.
  ///   - runID: The run it concerns.
  ///   - detail: More about it.
  public init(
    workflowName: String, workflowPath: String, kind: ScheduleEvent.Kind,
    scheduledFor: Date? = nil, recordedAt: Date, runID: Int64? = nil, detail: String? = nil
  ) {
    self.workflowName = workflowName
    self.workflowPath = workflowPath
    self.kind = kind
    self.scheduledFor = scheduledFor
    self.recordedAt = recordedAt
    self.runID = runID
    self.detail = detail
  }

  /// Describes an event of the daemon itself, such as ``ScheduleEvent/Kind/daemonStarted``.
  /// - Parameters:
  ///   - kind: What happened.
  ///   - directory: The directory the daemon schedules.
  ///   - recordedAt: When it happened.
  ///   - detail: More about it.
  /// - Returns: An event with an empty workflow name and `directory` as its path.
  public static func daemon(
    _ kind: ScheduleEvent.Kind, directory: String, recordedAt: Date, detail: String? = nil
  ) -> NewScheduleEvent {
    NewScheduleEvent(
      workflowName: "", workflowPath: directory, kind: kind, recordedAt: recordedAt,
      detail: detail)
  }
}
