import CSQLite

extension Database {
  /// Brings the schema up to date: `migrations[i]` takes it from version `i` to `i + 1`.
  ///
  /// The version is SQLite's `user_version`, kept in the file's header, so a file holds one
  /// migration list. A database already at `migrations.count` costs one read. Otherwise the
  /// pending migrations run in one `BEGIN IMMEDIATE` transaction, with the version re-read
  /// under the write lock, so processes that open a new file at once migrate it once; if one
  /// migration fails, none of them is kept. Each migration may hold several statements, but
  /// no `BEGIN` or `COMMIT` of its own. Never edit a migration that has shipped: append one.
  /// - Parameter migrations: The schema's history, oldest first.
  /// - Throws: ``StorageError`` naming the version and statement when a migration fails, or
  ///   refusing a database whose version is newer than `migrations.count` (written by a newer
  ///   release, which this one could misread).
  public func migrate(_ migrations: [String]) throws(StorageError) {
    // Processes that open a new file at once may find it busy where SQLite does not wait.
    try withConnection { connection throws(StorageError) in
      try connection.busyWait.retrying { () throws(StorageError) in
        try migrate(migrations, on: connection)
      }
    }
  }

  private func migrate(_ migrations: [String], on connection: Connection) throws(StorageError) {
    let target = migrations.count
    let version = try connection.userVersion()
    if version == target { return }
    try refuseNewer(version, than: target)
    try connection.immediateTransaction { () throws(StorageError) in
      // Another process may have migrated the file since the read above.
      let version = try connection.userVersion()
      try refuseNewer(version, than: target)
      guard version < target else { return }
      for step in version..<target {
        do throws(StorageError) {
          try connection.execute(migrations[step])
        } catch {
          throw StorageError(
            code: error.code, message: error.message, path: path, sql: error.sql,
            action: migrationAction(to: step + 1, sql: error.sql))
        }
      }
      try connection.run("PRAGMA user_version = \(target)", [])
    }
  }

  /// The schema version of the database: how many migrations it has had.
  /// - Throws: ``StorageError`` when the file cannot be read.
  public func schemaVersion() throws(StorageError) -> Int {
    try withConnection { connection throws(StorageError) in try connection.userVersion() }
  }

  private func refuseNewer(_ version: Int, than known: Int) throws(StorageError) {
    guard version > known else { return }
    throw StorageError(
      code: SQLITE_ERROR,
      message: "its schema version \(version) is newer than this intentflow knows (\(known))",
      path: path, action: "cannot use database",
      remedy: "it was written by a newer intentflow; upgrade intentflow, or set INTENTFLOW_HOME "
        + "to another directory")
  }

  private func migrationAction(to version: Int, sql: String?) -> String {
    let statement = sql.map { " with '\(StorageError.firstWords(of: $0))'" } ?? ""
    return "cannot migrate to schema version \(version)\(statement) in database"
  }
}
