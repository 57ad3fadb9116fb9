#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension RunStore {
  /// Where runs keep their locks: `runs/locks` beside the database file (in the IntentFlow
  /// home); `nil` for a database in memory, whose runs are judged by process id.
  public var lockDirectory: String? {
    let path = database.path
    guard path != ":memory:", !path.hasPrefix("file:") else { return nil }
    guard let slash = path.lastIndex(of: "/") else { return "runs/locks" }
    return String(path[..<slash]) + "/runs/locks"
  }

  /// Whether run `runID`'s lock is held (its process is alive): `true` held, `false` free,
  /// `nil` when the run has no lock file (it finished, or was recorded without one).
  /// - Parameter runID: The run.
  /// - Returns: Whether its lock is held.
  public func isLockHeld(runID: Int64) -> Bool? {
    guard let directory = lockDirectory,
      let free = RunLease.isFree(runID: runID, in: directory)
    else { return nil }
    return !free
  }

  /// Records that a run has started and takes its lock (see ``RunLease``), in one
  /// transaction: no other process can see the run before its lock is held.
  /// - Parameters:
  ///   - workflowName: The workflow's `name`.
  ///   - workflowPath: The workflow file's path.
  ///   - trigger: What started it.
  ///   - startedAt: When it started.
  ///   - launch: What `resume` needs of it: its file's hash, its inputs, the run it resumes.
  /// - Returns: The lease; call ``RunLease/release()`` after
  ///   ``finishRun(id:finishedAt:status:exitCode:errorMessage:failedStep:)``.
  /// - Throws: ``StorageError`` when the record cannot be written.
  public func beginLockedRun(
    workflowName: String, workflowPath: String, trigger: RunTrigger, startedAt: Date,
    launch: RunLaunch = RunLaunch()
  ) throws(StorageError) -> RunLease {
    let directory = lockDirectory
    return try database.writeTransaction { (connection) throws(StorageError) in
      let id = try connection.run(
        SQL.beginRun,
        [
          .text(workflowName), .text(workflowPath), .text(trigger.rawValue), .date(startedAt),
          .integer(Int64(getpid())), SQLValue(launch.fileHash), SQLValue(launch.inputs),
          SQLValue(launch.resumedRun),
        ]
      ).lastInsertRowID
      guard let directory, let lock = RunLease.lock(runID: id, in: directory) else {
        return RunLease(runID: id, path: nil, descriptor: -1)
      }
      return RunLease(runID: id, path: lock.path, descriptor: lock.descriptor)
    }
  }

  /// Whether an unfinished run is still running: its lock is held, or, for a run without a
  /// lock file (recorded before locks, or in memory), its process is alive. A run with
  /// neither counts as not running.
  /// - Parameters:
  ///   - run: The run.
  ///   - isProcessAlive: The fallback for runs without a lock file.
  public func isAlive(_ run: RunRecord, isProcessAlive: (Int32) -> Bool = RunStore.isProcessAlive)
    -> Bool
  {
    guard run.status == nil else { return false }
    return liveness(id: run.id, processID: run.processID, isProcessAlive: isProcessAlive) ?? false
  }

  /// Whether run `id` is alive, by its lock, else by its process; `nil` when neither tells.
  func liveness(id: Int64, processID: Int32?, isProcessAlive: (Int32) -> Bool) -> Bool? {
    if let directory = lockDirectory, let free = RunLease.isFree(runID: id, in: directory) {
      return !free
    }
    return processID.map(isProcessAlive)
  }

  /// Removes the lock files of runs that are over (their holders are gone).
  func removeLockFiles(of ids: [Int64]) {
    guard let directory = lockDirectory else { return }
    for id in ids { unlink(directory + "/\(id).lock") }
  }
}
