import CSQLite

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// How a connection waits out a busy file where SQLite returns `SQLITE_BUSY` at once.
///
/// SQLite calls its busy handler (the 5 s busy timeout) for an ordinary lock, but not where
/// waiting could deadlock: a journal-mode change (`PRAGMA journal_mode = WAL` on a new file)
/// while another connection holds the write lock, or a first read while another connection
/// replays the log, fails at once. Two processes that open a new file together (two daemons
/// on a fresh home) meet exactly that; each step of setting a file up is therefore retried,
/// with short pauses, for as long as the busy timeout would have waited.
struct BusyWait: Sendable {
  /// The longest the retries of one step may take, as the busy timeout's 5 s.
  var limit: Duration = .seconds(5)
  /// Waits before retry number `attempt` (1, 2, …): by default 1 ms, doubling to 32 ms.
  var pause: @Sendable (_ attempt: Int) -> Void = { attempt in
    usleep(useconds_t(1000 << min(attempt - 1, 5)))
  }

  /// The default: 5 s of retries, with pauses that grow from 1 ms to 32 ms.
  static let standard = BusyWait()

  /// Runs `body`, running it again after a pause while it fails for a busy or locked file,
  /// until it succeeds, fails otherwise, or ``limit`` has passed since the first attempt.
  ///
  /// `body` must be safe to run again after a busy failure: a single statement, or a
  /// transaction that was rolled back.
  func retrying<T>(_ body: () throws(StorageError) -> T) throws(StorageError) -> T {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    var attempt = 0
    while true {
      do throws(StorageError) {
        return try body()
      } catch {
        let primary = error.code & 0xFF
        guard primary == SQLITE_BUSY || primary == SQLITE_LOCKED, clock.now < deadline else {
          throw error
        }
        attempt += 1
        pause(attempt)
      }
    }
  }
}
