#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension RunStore {
  /// How much history the store keeps: runs and events younger than ``maximumAge``, and of
  /// those at most the newest ``maximumRuns`` runs and ``maximumEvents`` events. Runs still
  /// running, and each file's last handled fire time (which catch-up needs), are always kept.
  public struct Retention: Sendable, Hashable {
    /// The oldest history kept: 90 days by default.
    public var maximumAge: Duration
    /// The most finished runs kept: 10,000 by default.
    public var maximumRuns: Int
    /// The most scheduler events kept: 100,000 by default.
    public var maximumEvents: Int

    /// The default policy: 90 days, 10,000 runs, 100,000 events, whichever is less.
    public static let standard = Retention(
      maximumAge: .seconds(90 * 86_400), maximumRuns: 10_000, maximumEvents: 100_000)

    public init(maximumAge: Duration, maximumRuns: Int, maximumEvents: Int) {
      self.maximumAge = maximumAge
      self.maximumRuns = maximumRuns
      self.maximumEvents = maximumEvents
    }
  }

  /// What a prune deleted.
  public struct PruneResult: Sendable, Hashable {
    public var runs: Int
    public var events: Int
  }

  /// Deletes the history that `retention` does not keep.
  /// - Parameters:
  ///   - retention: What to keep.
  ///   - now: The current time, from which ages count.
  /// - Returns: How many runs and events were deleted.
  /// - Throws: ``StorageError`` when the store cannot be written.
  /// - Complexity: O(*d* log *n*) for *d* deleted rows, through the indexes.
  @discardableResult
  public func prune(keeping retention: Retention, now: Date) throws(StorageError) -> PruneResult {
    let seconds = Double(retention.maximumAge.components.seconds)
    let oldest = now.addingTimeInterval(-seconds)
    return try database.writeTransaction { (connection) throws(StorageError) in
      var result = PruneResult(runs: 0, events: 0)
      result.runs += try connection.run(SQL.pruneRuns, [.date(oldest)]).changes
      result.runs +=
        try connection.run(SQL.pruneRunsBeyond, [.integer(Int64(max(0, retention.maximumRuns)))])
        .changes
      result.events += try connection.run(SQL.pruneEvents, [.date(oldest)]).changes
      result.events +=
        try connection.run(
          SQL.pruneEventsBeyond, [.integer(Int64(max(0, retention.maximumEvents)))]
        ).changes
      return result
    }
  }

  /// Prunes with the ``Retention/standard`` policy once every `interval` runs (when `runID`
  /// is a multiple of it), so that the store stays bounded at a negligible cost per run.
  /// - Returns: What was deleted, or `nil` when no prune was due.
  @discardableResult
  public func pruneIfDue(
    runID: Int64, interval: Int64 = 100, keeping retention: Retention = .standard, now: Date
  ) throws(StorageError) -> PruneResult? {
    guard interval > 0, runID % interval == 0 else { return nil }
    return try prune(keeping: retention, now: now)
  }
}
