import CSQLite

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// An open SQLite connection and its cache of prepared statements.
///
/// Why `@unchecked Sendable` is sound: a connection is not thread-safe by itself (it is opened
/// with `SQLITE_OPEN_NOMUTEX`, and its cache is a plain dictionary), so the `Mutex` of the
/// `Database` that creates it is its only lock. Nothing else holds a reference to it except a
/// `Database.Transaction`, which is created inside that mutex, is handed to a synchronous body
/// running on the thread that holds the mutex, is not `Sendable` (so it cannot reach another
/// thread), and refuses all use once the body has returned. So at most one thread uses a
/// connection at a time. The conformance is needed because `Mutex.withLock` hands its value to
/// the body as `inout sending`, and a body that passes it on to a caller's closure (the
/// transaction's) would otherwise merge it into the caller's isolation region.
final class Connection: @unchecked Sendable {
  let handle: OpaquePointer
  let path: String
  /// How setting the file up (opening, migrating) waits for other connections doing so.
  var busyWait: BusyWait = .standard
  private var statements: [String: PreparedStatement] = [:]
  private var useClock: UInt64 = 0
  /// How many statements were found in the cache, and how many had to be prepared.
  private(set) var cacheHits = 0
  private(set) var cacheMisses = 0

  /// The most prepared statements kept at once; the least recently used goes first.
  static let cacheCapacity = 64

  private init(handle: OpaquePointer, path: String) {
    self.handle = handle
    self.path = path
  }

  deinit {
    statements.removeAll()  // finalizes them, which sqlite3_close_v2 wants first
    sqlite3_close_v2(handle)
  }

  /// Opens (creating if needed) the file at `path` with the settings every IntentFlow database
  /// uses: WAL journal, `synchronous=NORMAL`, a 5 s busy timeout and foreign keys; a new file
  /// gets `pageSize` bytes a page when one is given (an existing file keeps its own).
  ///
  /// Setting the file up waits, as ``BusyWait`` describes, where another connection is
  /// setting it up too.
  static func open(
    path: String, pageSize: Int? = nil, busyWait: BusyWait = .standard
  ) throws(StorageError) -> Connection {
    createPrivately(path)
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let status = sqlite3_open_v2(path, &handle, flags, nil)
    guard status == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) }
      sqlite3_close_v2(handle)
      throw StorageError(
        code: status, message: message ?? String(cString: sqlite3_errstr(status)), path: path,
        action: "cannot open database")
    }
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_timeout(handle, 5000)
    // A short-lived process (every `intentflow run`) would otherwise checkpoint and sync the
    // log on close; the log is checkpointed instead when it grows past `walPages` pages.
    _ = intentflow_sqlite3_no_checkpoint_on_close(handle)
    // A process that opens the file first rebuilds its index from the whole log, so a long
    // log makes every run slower (0.23 ms to open and read with no log, 2-3 ms near 1,000
    // frames): the log is kept short by checkpointing (passively, on commit) once it passes
    // `walPages` pages. 200 keeps that under ~0.5 ms without checkpointing (two fsyncs) so
    // often that the mean grows; `IntentFlowBenchmarks wal` measures 1,000, 400, 200, 100.
    sqlite3_wal_autocheckpoint(handle, Self.walPages)
    let connection = Connection(handle: handle, path: path)
    connection.busyWait = busyWait
    do {
      // The first statements read the file, so a file that is not a database fails here.
      // The page size must be set before the journal becomes a WAL, and only changes a file
      // that has no pages yet.
      let pageSetting = pageSize.map { "PRAGMA page_size = \($0)" } ?? ""
      // Each pragma alone, so that a retry after a busy failure repeats only that one.
      // Incremental vacuuming, like the page size, takes effect only on a file with no
      // tables yet: deleting then lets `PRAGMA incremental_vacuum` shrink the file.
      for setting in [
        pageSetting, "PRAGMA auto_vacuum = INCREMENTAL", "PRAGMA journal_mode = WAL",
        "PRAGMA synchronous = NORMAL",
        "PRAGMA foreign_keys = ON",
      ] where !setting.isEmpty {
        try busyWait.retrying { () throws(StorageError) in try connection.execute(setting) }
      }
    } catch {
      throw StorageError(
        code: error.code, message: error.message, path: path, action: "cannot open database")
    }
    return connection
  }

  /// The length of the write-ahead log, in pages, past which a commit checkpoints it.
  static let walPages: Int32 = 200

  /// Creates the database file readable and writable by its owner only (0600) when it does
  /// not exist yet; SQLite gives its `-wal` and `-shm` files the same permissions. An
  /// existing file keeps its permissions.
  private static func createPrivately(_ path: String) {
    guard path != ":memory:", !path.hasPrefix("file:") else { return }
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW
    #if canImport(Glibc)
      let descriptor = Glibc.open(path, flags, 0o600)
    #else
      let descriptor = Darwin.open(path, flags, 0o600)
    #endif
    if descriptor >= 0 { close(descriptor) }
  }

  // MARK: Running statements

  /// Runs every statement in `sql`, which takes no bindings, discarding any rows.
  func execute(_ sql: String) throws(StorageError) {
    var utf8 = Array(sql.utf8CString)
    try utf8.withUnsafeMutableBufferPointer { (buffer) throws(StorageError) in
      guard let start = buffer.baseAddress else { return }
      var next: UnsafePointer<CChar>? = UnsafePointer(start)
      while let current = next, current.pointee != 0 {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, current, -1, &statement, &next)
        guard status == SQLITE_OK else {
          throw failure(status, sql: Connection.droppingLeadingComments(String(cString: current)))
        }
        guard let statement else { continue }  // only whitespace or a comment was left
        defer { sqlite3_finalize(statement) }
        try stepToEnd(statement) { String(cString: sqlite3_sql(statement)) }
      }
    }
  }

  /// Runs one statement and reports how many rows it changed and the last inserted row id.
  @discardableResult
  func run(_ sql: String, _ bindings: [SQLValue]) throws(StorageError) -> (
    changes: Int, lastInsertRowID: Int64
  ) {
    let statement = try prepared(sql)
    defer { sqlite3_reset(statement.handle) }
    try bind(bindings, to: statement)
    let before = sqlite3_total_changes64(handle)
    try stepToEnd(statement.handle) { sql }
    // sqlite3_changes64 keeps the count of the last INSERT, UPDATE or DELETE; it describes
    // this statement only if this statement changed something.
    let changes = sqlite3_total_changes64(handle) == before ? 0 : Int(sqlite3_changes64(handle))
    return (changes, sqlite3_last_insert_rowid(handle))
  }

  /// Runs one statement and returns every row of its result.
  func query(_ sql: String, _ bindings: [SQLValue]) throws(StorageError) -> [Row] {
    let statement = try prepared(sql)
    defer { sqlite3_reset(statement.handle) }
    try bind(bindings, to: statement)
    var rows: [Row] = []
    var columns: ColumnIndex?
    while true {
      let status = sqlite3_step(statement.handle)
      if status == SQLITE_DONE { return rows }
      guard status == SQLITE_ROW else { throw failure(status, sql: sql) }
      let index = columns ?? statement.columns()
      columns = index
      var values: [SQLValue] = []
      values.reserveCapacity(index.names.count)
      for column in 0..<Int32(index.names.count) {
        values.append(value(of: statement.handle, at: column))
      }
      rows.append(Row(columns: index, values: values))
    }
  }

  /// The schema version kept in the file's header (`PRAGMA user_version`).
  func userVersion() throws(StorageError) -> Int {
    let rows = try query("PRAGMA user_version", [])
    return rows.first.flatMap { $0[0].intValue }.map(Int.init) ?? 0
  }

  /// How many prepared statements the cache holds.
  var cachedStatementCount: Int {
    statements.count
  }

  /// Whether a transaction is open (the connection is not in autocommit mode).
  var isInTransaction: Bool {
    sqlite3_get_autocommit(handle) == 0
  }

  /// Runs `body` between `BEGIN IMMEDIATE` and `COMMIT`, rolling back if either throws.
  func immediateTransaction<T>(
    _ body: () throws(StorageError) -> T
  ) throws(StorageError) -> T {
    try run("BEGIN IMMEDIATE", [])
    do throws(StorageError) {
      let value = try body()
      try run("COMMIT", [])
      return value
    } catch {
      rollbackIfNeeded()
      throw error
    }
  }

  /// Rolls back the open transaction, if SQLite has not already done so after an error.
  func rollbackIfNeeded() {
    if isInTransaction {
      sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
    }
  }

  /// An error for a failed call, carrying SQLite's message for it.
  func failure(_ status: Int32, sql: String?) -> StorageError {
    StorageError(
      code: status, message: String(cString: sqlite3_errmsg(handle)), path: path, sql: sql)
  }

  // MARK: Internals

  /// `sql` without the whitespace and comments before its first statement.
  static func droppingLeadingComments(_ sql: String) -> String {
    var rest = sql[...]
    while true {
      rest = rest.drop(while: \.isWhitespace)
      if rest.hasPrefix("--") {
        rest = rest.drop(while: { $0 != "\n" })
      } else if rest.hasPrefix("/*"), let end = rest.firstRange(of: "*/") {
        rest = rest[end.upperBound...]
      } else {
        return String(rest)
      }
    }
  }

  private func stepToEnd(_ statement: OpaquePointer, sql: () -> String) throws(StorageError) {
    while true {
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { return }
      if status != SQLITE_ROW { throw failure(status, sql: sql()) }
    }
  }

  /// The cached statement for `sql`, prepared on first use.
  private func prepared(_ sql: String) throws(StorageError) -> PreparedStatement {
    useClock &+= 1
    if let statement = statements[sql] {
      statement.lastUse = useClock
      cacheHits += 1
      return statement
    }
    cacheMisses += 1
    let handle = try prepareSingle(sql)
    let statement = PreparedStatement(handle: handle)
    statement.lastUse = useClock
    if statements.count >= Connection.cacheCapacity,
      let oldest = statements.min(by: { $0.value.lastUse < $1.value.lastUse })
    {
      statements[oldest.key] = nil
    }
    statements[sql] = statement
    return statement
  }

  /// Prepares `sql`, which must hold exactly one statement.
  private func prepareSingle(_ sql: String) throws(StorageError) -> OpaquePointer {
    var utf8 = Array(sql.utf8CString)
    return try utf8.withUnsafeMutableBufferPointer { (buffer) throws(StorageError) in
      guard let start = buffer.baseAddress else { throw misuse("the statement is empty", sql) }
      var statement: OpaquePointer?
      var tail: UnsafePointer<CChar>?
      let flags = UInt32(SQLITE_PREPARE_PERSISTENT)
      let status = sqlite3_prepare_v3(handle, start, -1, flags, &statement, &tail)
      guard status == SQLITE_OK else { throw failure(status, sql: sql) }
      guard let statement else { throw misuse("the statement is empty", sql) }
      if let tail, tail.pointee != 0 {
        var extra: OpaquePointer?
        sqlite3_prepare_v2(handle, tail, -1, &extra, nil)
        if let extra {
          sqlite3_finalize(extra)
          sqlite3_finalize(statement)
          throw misuse("run and query take one statement; use execute for several", sql)
        }
      }
      return statement
    }
  }

  private func misuse(_ message: String, _ sql: String) -> StorageError {
    StorageError(code: SQLITE_MISUSE, message: message, path: path, sql: sql)
  }

  private func bind(_ values: [SQLValue], to statement: PreparedStatement) throws(StorageError) {
    let handle = statement.handle
    guard values.count == statement.parameterCount else {
      throw StorageError(
        code: SQLITE_RANGE,
        message: "the statement has \(statement.parameterCount) parameters but \(values.count) "
          + "values were given",
        path: path, sql: String(cString: sqlite3_sql(handle)))
    }
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let status: Int32
      switch value {
      case .null:
        status = sqlite3_bind_null(handle, index)
      case .integer(let integer):
        status = sqlite3_bind_int64(handle, index, integer)
      case .real(let real):
        status = sqlite3_bind_double(handle, index, real)
      case .text(var text):
        // With an explicit length, text may hold NUL characters. An empty buffer may have no
        // address, and a null pointer would bind NULL, so empty text binds a literal "".
        status = text.withUTF8 { utf8 in
          guard let base = utf8.baseAddress, !utf8.isEmpty else {
            return sqlite3_bind_text64(handle, index, "", 0, sqliteTransient, UInt8(SQLITE_UTF8))
          }
          return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
            sqlite3_bind_text64(
              handle, index, $0, UInt64(utf8.count), sqliteTransient, UInt8(SQLITE_UTF8))
          }
        }
      case .blob(let bytes):
        status = bytes.withUnsafeBytes { raw in
          guard let base = raw.baseAddress, !raw.isEmpty else {
            return sqlite3_bind_zeroblob(handle, index, 0)
          }
          return sqlite3_bind_blob64(handle, index, base, UInt64(raw.count), sqliteTransient)
        }
      }
      guard status == SQLITE_OK else {
        throw failure(status, sql: String(cString: sqlite3_sql(handle)))
      }
    }
  }

  private func value(of statement: OpaquePointer, at column: Int32) -> SQLValue {
    switch sqlite3_column_type(statement, column) {
    case SQLITE_INTEGER:
      return .integer(sqlite3_column_int64(statement, column))
    case SQLITE_FLOAT:
      return .real(sqlite3_column_double(statement, column))
    case SQLITE_TEXT:
      // Text first, then its length in bytes, as SQLite's documentation asks.
      guard let text = sqlite3_column_text(statement, column) else { return .text("") }
      let count = Int(sqlite3_column_bytes(statement, column))
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      guard let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
      let count = Int(sqlite3_column_bytes(statement, column))
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default:
      return .null
    }
  }
}

/// SQLite's `SQLITE_TRANSIENT`: copy the bound bytes before the call returns.
private var sqliteTransient: sqlite3_destructor_type {
  unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)
}

/// A prepared statement kept in a connection's cache.
final class PreparedStatement {
  let handle: OpaquePointer
  let parameterCount: Int
  var lastUse: UInt64 = 0
  private var cachedColumns: ColumnIndex?
  private var columnsPreparedAt: Int32 = -1

  init(handle: OpaquePointer) {
    self.handle = handle
    self.parameterCount = Int(sqlite3_bind_parameter_count(handle))
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// The result's column names. SQLite prepares a statement again when the schema changes,
  /// and the names may change with it, so they are read again after each re-preparation.
  func columns() -> ColumnIndex {
    let preparedAt = sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_REPREPARE, 0)
    if let cachedColumns, preparedAt == columnsPreparedAt { return cachedColumns }
    let names = (0..<sqlite3_column_count(handle)).map { column in
      sqlite3_column_name(handle, column).map { String(cString: $0) } ?? ""
    }
    let columns = ColumnIndex(names: names)
    cachedColumns = columns
    columnsPreparedAt = preparedAt
    return columns
  }
}
