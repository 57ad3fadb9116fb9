import CSQLite

extension Database {
  /// The database as seen from inside ``Database/transaction(_:)``'s body.
  ///
  /// It runs statements on the same connection while the transaction holds its lock. It is
  /// good only until the body returns: it cannot leave the body's thread (it is not
  /// `Sendable`), and using it after the body has returned throws a misuse error.
  public struct Transaction {
    private let connection: Connection
    private let state: State

    init(connection: Connection) {
      self.connection = connection
      self.state = State()
    }

    func end() {
      state.isOpen = false
    }

    /// The database file's path, or `":memory:"`.
    public var path: String {
      connection.path
    }

    /// Runs one or more statements that take no bindings; see ``Database/execute(_:)``.
    /// - Parameter sql: The statements.
    /// - Throws: ``StorageError`` naming the statement that failed.
    public func execute(_ sql: String) throws(StorageError) {
      try checkOpen()
      try connection.execute(sql)
    }

    /// Runs one statement, discarding any rows; see ``Database/run(_:_:)``.
    /// - Parameters:
    ///   - sql: One statement.
    ///   - bindings: A value for each `?`, in order.
    /// - Returns: The rows changed and the last inserted row id.
    /// - Throws: ``StorageError`` when the statement fails.
    @discardableResult
    public func run(
      _ sql: String, _ bindings: [SQLValue] = []
    ) throws(StorageError) -> (changes: Int, lastInsertRowID: Int64) {
      try checkOpen()
      return try connection.run(sql, bindings)
    }

    /// Runs one statement and returns its rows; see ``Database/query(_:_:)``.
    /// - Parameters:
    ///   - sql: One statement.
    ///   - bindings: A value for each `?`, in order.
    /// - Returns: Every row of the result.
    /// - Throws: ``StorageError`` when the statement fails.
    public func query(_ sql: String, _ bindings: [SQLValue] = []) throws(StorageError) -> [Row] {
      try checkOpen()
      return try connection.query(sql, bindings)
    }

    private func checkOpen() throws(StorageError) {
      guard state.isOpen else {
        throw StorageError(
          code: SQLITE_MISUSE, message: "its transaction has ended", path: connection.path,
          action: "cannot use a transaction on database",
          remedy: "use a transaction only inside the body it is given to")
      }
    }

    private final class State {
      var isOpen = true
    }
  }
}

@available(*, unavailable, message: "a transaction is tied to the thread running its body")
extension Database.Transaction: Sendable {}
