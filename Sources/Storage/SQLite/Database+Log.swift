import CSQLite

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension Database {
  /// Copies the write-ahead log into the database file and empties it, when the log file has
  /// grown past `bytes`, unless another connection is reading or writing at that moment.
  ///
  /// The first process to open the file rebuilds the log's index by reading every frame of
  /// it, and every `intentflow run` is such a process: with the log checkpointed only at
  /// `Connection.walPages` pages (and emptied only by the next write after that), a run read
  /// about a hundred frames on average, 0.2-0.5 ms of its start. A run calls this once it
  /// has recorded its end, so the next one finds a short log. A checkpoint syncs the log and
  /// the database (the fsyncs that make it durable), so the log is let grow a little first.
  ///
  /// It never waits: a connection in the middle of a transaction makes it give up, and the
  /// log is emptied by a later call (the autocheckpoint still bounds it meanwhile).
  /// - Parameter bytes: The log length (`-wal` file size) to keep without trimming.
  /// - Returns: Whether the log was emptied.
  @discardableResult
  public func trimLog(longerThan bytes: Int) -> Bool {
    guard path != ":memory:", !path.hasPrefix("file:") else { return false }
    var status = stat()
    guard stat(path + "-wal", &status) == 0, Int(status.st_size) > bytes else { return false }
    return (try? withConnection { connection in connection.truncateLog() }) ?? false
  }
}

extension Connection {
  /// Checkpoints the whole log and truncates it to nothing, without waiting for a lock.
  func truncateLog() -> Bool {
    sqlite3_busy_timeout(handle, 0)
    defer { sqlite3_busy_timeout(handle, Self.busyMilliseconds) }
    return sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
      == SQLITE_OK
  }
}
