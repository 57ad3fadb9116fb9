import IntentKit
import Storage
import Synchronization

/// The SQLite database of one domain's store (todos, notes, photos), opened and migrated on
/// first use, so that runs that never touch the domain never create its file.
///
/// It is one of three kinds: a file in the IntentFlow home, a private in-memory database (for
/// tests), or a database whose every use fails with a message (a dependency's default in a
/// test process, so that a forgetful test never writes to the user's home).
final class DomainDatabase: Sendable {
  /// Where the database lives, or `nil` for an in-memory or failing one.
  let path: String?
  /// The store's name in error messages: "todo store", "photo index".
  private let name: String
  private let schema: [String]
  private let failure: String?
  /// The page size of a file made now; `nil` for SQLite's default.
  private let pageSize: Int?
  private let database: Mutex<Database?>

  /// The database in the file at `path`, opened on first use; a new file gets `pageSize`
  /// bytes a page when one is given.
  init(path: String, name: String, schema: [String], pageSize: Int? = nil) {
    self.path = path
    self.name = name
    self.schema = schema
    self.pageSize = pageSize
    failure = nil
    database = Mutex(nil)
  }

  private init(memory: Database?, name: String, schema: [String], failure: String?) {
    path = nil
    self.name = name
    self.schema = schema
    self.failure = failure
    pageSize = nil
    database = Mutex(memory)
  }

  /// A private database that lives as long as this object, migrated now.
  static func inMemory(name: String, schema: [String]) throws -> DomainDatabase {
    let memory = try Database.inMemory()
    try memory.migrate(schema)
    return DomainDatabase(memory: memory, name: name, schema: schema, failure: nil)
  }

  /// A database whose every use throws `message`.
  static func failing(_ message: String, name: String) -> DomainDatabase {
    DomainDatabase(memory: nil, name: name, schema: [], failure: message)
  }

  /// The open database: opened and migrated the first time.
  ///
  /// - Throws: ``IntentError`` naming the store when it cannot be opened, or the failing
  ///   database's message.
  func open() throws -> Database {
    try database.withLock { database in
      if let database { return database }
      guard let path else { throw IntentError(failure ?? "the \(name) is closed") }
      do {
        let opened = try Database(path: path, pageSize: pageSize)
        try opened.migrate(schema)
        database = opened
        return opened
      } catch {
        throw IntentError("cannot open the \(name): \(error)")
      }
    }
  }
}
