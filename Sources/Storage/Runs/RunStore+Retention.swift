#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension RunStore {
  /// How much history the store keeps: runs and events younger than ``maximumAge``, and of
  /// those at most the newest ``maximumRuns`` runs and ``maximumEvents`` events, in at most
  /// ``maximumBytes`` of file. Runs still running, and each file's last handled fire time
  /// (which catch-up needs), are always kept. A run's steps and logs go with it.
  public struct Retention: Sendable, Hashable {
    /// The oldest history kept: 90 days by default.
    public var maximumAge: Duration
    /// The most finished runs kept: 10,000 by default.
    public var maximumRuns: Int
    /// The most scheduler events kept: 100,000 by default.
    public var maximumEvents: Int
    /// The most bytes of database the history may take: 256 MB by default. Past it, the
    /// oldest finished runs (with their steps and logs) go first, until it fits.
    public var maximumBytes: Int

    /// The default bound of the store's size: 256 MB.
    public static let standardBytes = 256_000_000

    /// The default policy: 90 days, 10,000 runs, 100,000 events, 256 MB, whichever is less.
    public static let standard = Retention(
      maximumAge: .seconds(90 * 86_400), maximumRuns: 10_000, maximumEvents: 100_000)

    public init(
      maximumAge: Duration, maximumRuns: Int, maximumEvents: Int,
      maximumBytes: Int = Retention.standardBytes
    ) {
      self.maximumAge = maximumAge
      self.maximumRuns = maximumRuns
      self.maximumEvents = maximumEvents
      self.maximumBytes = maximumBytes
    }
  }

  /// What a prune deleted.
  public struct PruneResult: Sendable, Hashable {
    public var runs: Int
    public var events: Int
    /// How many of ``runs`` were deleted to keep the store within its size.
    public var runsOverSize = 0
    /// How many bytes the file gave back to the file system.
    public var bytesFreed = 0
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
    let before = try fileBytes()
    var result = try pruneByAgeAndCount(keeping: retention, now: now)
    result.runsOverSize = try pruneBySize(keeping: retention)
    result.runs += result.runsOverSize
    if result.runs > 0 || result.events > 0 { try giveSpaceBack() }
    result.bytesFreed = max(0, before - (try fileBytes()))
    return result
  }

  private func pruneByAgeAndCount(
    keeping retention: Retention, now: Date
  ) throws(StorageError) -> PruneResult {
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

  /// Deletes the oldest finished runs while the pages in use (the file less its free pages)
  /// pass `retention.maximumBytes`: a tenth of the finished runs at a time, so a store far
  /// past its bound takes a few rounds, not one per run.
  /// - Returns: How many runs were deleted.
  private func pruneBySize(keeping retention: Retention) throws(StorageError) -> Int {
    var deleted = 0
    // Each round deletes at least one run, and a store holds finitely many: 64 rounds of a
    // tenth each leave 0.1 % of the runs, so the bound is met or nothing finished is left.
    for _ in 0..<64 {
      guard try usedBytes() > retention.maximumBytes else { break }
      let removed = try database.writeTransaction { (connection) throws(StorageError) in
        try connection.run(SQL.pruneOldestTenth, []).changes
      }
      if removed == 0 { break }
      deleted += removed
    }
    return deleted
  }

  /// The bytes of the file that hold data: its pages less those on the free list.
  func usedBytes() throws(StorageError) -> Int {
    let pages = try pragma("page_count") - pragma("freelist_count")
    return pages * (try pragma("page_size"))
  }

  /// The bytes of the file, as its pages count them.
  func fileBytes() throws(StorageError) -> Int {
    try pragma("page_count") * pragma("page_size")
  }

  private func pragma(_ name: String) throws(StorageError) -> Int {
    let rows = try database.query("PRAGMA \(name)")
    return Int(try rows.first?.int(name) ?? 0)
  }

  /// Gives the free pages back to the file system, so that the file shrinks. A store made
  /// with incremental vacuuming (every store made since this was added) frees its pages in
  /// place; an older one is rebuilt once with `VACUUM` into that mode, which takes a while in
  /// proportion to its size, and frees them in place from then on. The write-ahead log is
  /// checkpointed and truncated, so the pages leave the log too.
  private func giveSpaceBack() throws(StorageError) {
    if try pragma("auto_vacuum") == 2 {
      _ = try database.query("PRAGMA incremental_vacuum")
    } else {
      try database.execute("PRAGMA auto_vacuum = INCREMENTAL")
      try database.execute("VACUUM")
    }
    _ = try database.query("PRAGMA wal_checkpoint(TRUNCATE)")
  }
}
