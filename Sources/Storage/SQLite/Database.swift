import CSQLite
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// One connection to an SQLite database file, safe to share between tasks and threads.
///
/// Calls are serialized by a mutex: each runs to completion before the next starts. Several
/// `Database` objects, in one process or many, may use one file at once: the file is in WAL
/// mode, so readers never wait for the writer, and a writer waits up to 5 seconds for another
/// writer before failing with ``StorageError/Code/busy``.
///
/// Statements passed to ``run(_:_:)`` and ``query(_:_:)`` are prepared once and kept, keyed by
/// their text, so the same few statements cost only their binding and stepping. Bind values
/// with `?` rather than interpolating them into the text.
///
/// Calls are synchronous. One may block its thread while another call on this object runs,
/// or, when it writes, while another connection writes (up to the busy timeout); from async
/// code that is a brief block of a cooperative thread, which suits a command or a daemon that
/// writes a few rows a minute.
///
/// The connection closes when the object is released. Closing a file's last connection
/// checkpoints the WAL into the database and syncs it to disk, which takes one or two `fsync`s
/// (milliseconds on a slow disk). A short-lived process may instead exit with its database
/// still open: nothing committed is lost, and the next process replays the WAL as it opens.
///
/// ```swift
/// let database = try Database(path: home.databasePath("todos"))
/// try database.migrate(["CREATE TABLE todos (id INTEGER PRIMARY KEY, title TEXT NOT NULL)"])
/// let id = try database.run("INSERT INTO todos (title) VALUES (?)", ["Buy bread"]).lastInsertRowID
/// let rows = try database.query("SELECT title FROM todos WHERE id = ?", [.integer(id)])
/// ```
public final class Database: Sendable {
  /// The database file's path, or `":memory:"`.
  public let path: String
  let connection: Mutex<Connection>
  /// The thread running this database's transaction body, or 0: a call from that thread on
  /// the database itself (not on the transaction) would wait forever for its own lock.
  private let transactionThread = Atomic<UInt>(0)

  /// Opens the database at `path`, creating the file and any missing parent directories.
  ///
  /// The connection uses a WAL journal, `synchronous=NORMAL` (a committed transaction survives
  /// a crash of the process, and the database survives a power cut), a 5000 ms busy timeout,
  /// and enforces foreign keys. Setting up a file that another process is setting up at the
  /// same moment waits for it (up to 5 s), as a write does.
  /// - Parameters:
  ///   - path: The file's path.
  ///   - pageSize: The bytes a page (a power of two, 512–65,536) for a file made now; `nil`
  ///     for SQLite's 4,096. An existing file keeps its own. Larger pages suit tables written
  ///     in bulk: fewer pages to log, check in and split.
  /// - Throws: ``StorageError`` naming the path when the directory cannot be created, the file
  ///   cannot be opened or created, or it is not an SQLite database.
  /// - Complexity: A few hundred microseconds; see `IntentFlowBenchmarks store`.
  public convenience init(path: String, pageSize: Int? = nil) throws(StorageError) {
    try self.init(path: path, pageSize: pageSize, busyWait: .standard)
  }

  /// Opens the database at `path`, waiting out a busy file as `busyWait` says.
  init(path: String, pageSize: Int? = nil, busyWait: BusyWait) throws(StorageError) {
    if path != ":memory:" {
      try Directories.createParent(of: path)
    }
    self.path = path
    self.connection = Mutex(
      try Connection.open(path: path, pageSize: pageSize, busyWait: busyWait))
  }

  /// Opens a new, empty database that lives in memory and ends with this object.
  /// - Throws: ``StorageError`` only if SQLite cannot allocate it.
  public static func inMemory() throws(StorageError) -> Database {
    try Database(path: ":memory:")
  }

  /// Runs one or more statements separated by semicolons, none taking bindings.
  ///
  /// Text with NUL characters must be bound (see ``run(_:_:)``), not written into `sql`.
  /// - Parameter sql: The statements.
  /// - Throws: ``StorageError`` naming the statement that failed; those before it have run.
  public func execute(_ sql: String) throws(StorageError) {
    try withConnection { connection throws(StorageError) in try connection.execute(sql) }
  }

  /// Runs one statement with its `?` parameters bound in order, discarding any rows.
  /// - Parameters:
  ///   - sql: One statement.
  ///   - bindings: A value for each `?`, in order.
  /// - Returns: The number of rows the statement inserted, updated or deleted (0 for other
  ///   statements), and the connection's last inserted row id.
  /// - Throws: ``StorageError`` when the statement fails, when `sql` holds more than one
  ///   statement, or when the number of bindings differs from the number of parameters.
  @discardableResult
  public func run(
    _ sql: String, _ bindings: [SQLValue] = []
  ) throws(StorageError) -> (changes: Int, lastInsertRowID: Int64) {
    try withConnection { connection throws(StorageError) in try connection.run(sql, bindings) }
  }

  /// Runs one statement with its `?` parameters bound in order and returns its rows.
  /// - Parameters:
  ///   - sql: One statement.
  ///   - bindings: A value for each `?`, in order.
  /// - Returns: Every row of the result.
  /// - Throws: ``StorageError`` as ``run(_:_:)`` does.
  public func query(_ sql: String, _ bindings: [SQLValue] = []) throws(StorageError) -> [Row] {
    try withConnection { connection throws(StorageError) in try connection.query(sql, bindings) }
  }

  /// Runs `body` in a write transaction: committed if `body` returns, rolled back if it throws.
  ///
  /// The transaction starts with `BEGIN IMMEDIATE`, so it holds the file's write lock from the
  /// start and never fails half-way for want of it; other writers wait (up to the busy
  /// timeout) until it ends. Inside `body`, use the ``Transaction`` it is given: this database
  /// is locked for the body's duration, and a call on it from the body throws a misuse error.
  /// - Parameter body: The work to do atomically.
  /// - Returns: What `body` returns.
  /// - Throws: The error `body` threw, after rolling back; or a ``StorageError`` when the
  ///   transaction cannot begin or commit.
  @discardableResult
  public func transaction<T>(_ body: (Transaction) throws -> T) throws -> T {
    try checkNotInOwnTransaction()
    return try connection.withLock { connection in
      try connection.run("BEGIN IMMEDIATE", [])
      let thread = currentThreadID()
      transactionThread.store(thread, ordering: .releasing)
      let transaction = Transaction(connection: connection)
      defer {
        transaction.end()
        transactionThread.store(0, ordering: .releasing)
      }
      do {
        let value = try body(transaction)
        try connection.run("COMMIT", [])
        return value
      } catch {
        connection.rollbackIfNeeded()
        throw error
      }
    }
  }

  /// Runs `body` in a write transaction, as ``transaction(_:)`` does, for bodies that throw
  /// only ``StorageError``.
  func writeTransaction<T>(
    _ body: (Connection) throws(StorageError) -> T
  ) throws(StorageError) -> T {
    try withConnection { connection throws(StorageError) in
      try connection.immediateTransaction { () throws(StorageError) in try body(connection) }
    }
  }

  /// Runs `body` with the connection, holding the lock.
  func withConnection<T>(
    _ body: (Connection) throws(StorageError) -> T
  ) throws(StorageError) -> T {
    try checkNotInOwnTransaction()
    return try connection.withLock { connection throws(StorageError) in try body(connection) }
  }

  private func checkNotInOwnTransaction() throws(StorageError) {
    let owner = transactionThread.load(ordering: .acquiring)
    guard owner != 0, owner == currentThreadID() else { return }
    throw StorageError(
      code: SQLITE_MISUSE,
      message: "a transaction on it is running on this thread",
      path: path, action: "cannot use database",
      remedy: "inside a transaction's body, use the transaction the body is given")
  }
}

/// An id for the calling thread, never 0.
private func currentThreadID() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
