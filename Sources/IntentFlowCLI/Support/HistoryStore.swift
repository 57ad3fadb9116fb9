import Storage

/// The one place the CLI chooses where run history lives: the PostgreSQL server that
/// `INTENTFLOW_STORE` names (`postgresql://USER@HOST:PORT/DB`), shared by several machines,
/// or else the home's `runs.sqlite`. Entities (`relevant`) and the domain stores stay in the
/// home either way.
enum HistoryStore {
  /// The `INTENTFLOW_STORE` value, when one is set.
  static func configured(_ context: CLIContext) -> String? {
    guard let value = context.environment["INTENTFLOW_STORE"], !value.isEmpty else { return nil }
    return value
  }

  /// Opens the store, creating or upgrading its tables.
  ///
  /// - Throws: ``StorageError`` when it cannot be opened; for an `INTENTFLOW_STORE` that is
  ///   not a PostgreSQL URI, an error that says what to write.
  static func open(_ context: CLIContext) throws(StorageError) -> any RunHistoryStore {
    if let uri = configured(context) {
      guard PostgresRunStore.isPostgresURI(uri) else {
        throw StorageError(
          code: StorageError.Code.misuse,
          message: "INTENTFLOW_STORE is not a PostgreSQL URI",
          remedy: "write postgresql://USER@HOST:PORT/DB, or unset it to keep the history in "
            + "the home")
      }
      return try PostgresRunStore(uri: uri)
    }
    return try RunStore(home: home(context))
  }

  /// The store, when history may exist: always for a server, and for the home only once its
  /// file exists (reading commands do not create one). `nil` also when it cannot be opened;
  /// a server that cannot be reached is then named on standard error, so that "no such run"
  /// is not the only word.
  static func existing(_ context: CLIContext) -> (any RunHistoryStore)? {
    guard configured(context) != nil else {
      guard context.files.exists(home(context).databasePath("runs")) else { return nil }
      return try? open(context)
    }
    do {
      return try open(context)
    } catch {
      context.printError("warning: \(error)")
      return nil
    }
  }

  private static func home(_ context: CLIContext) -> IntentFlowHome {
    IntentFlowHome.resolve(
      environment: context.environment, currentDirectory: context.currentDirectory)
  }
}
