import ICUSupport
public import IntentKit
import Storage

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The notes, in SQLite under the IntentFlow home (`notes.sqlite`), with the Focus filter
/// (`notes.setFilter`) kept beside them so that every run sees it.
///
/// The database opens on first use, so runs that never touch notes never create it.
public final class NoteStore: Sendable {
  /// How many notes the query suggests.
  public static let suggestionLimit = 20

  /// Where the database lives, or `nil` for a private in-memory store.
  public let path: String?
  /// Counts the deferred previews computed by notes from this store.
  public let previews = PreviewCounter()
  private let storage: DomainDatabase
  /// Where the times and ids of new records come from: the run environment.
  private let runEnvironment: RunEnvironment

  /// A store in the file at `path`.
  ///
  /// - Parameter runEnvironment: Gives the times and ids of new records.
  public init(path: String, runEnvironment: RunEnvironment = .live) {
    self.path = path
    storage = DomainDatabase(path: path, name: "note store", schema: Self.schema)
    self.runEnvironment = runEnvironment
  }

  private init(storage: DomainDatabase, runEnvironment: RunEnvironment = .live) {
    path = nil
    self.storage = storage
    self.runEnvironment = runEnvironment
  }

  /// A store whose every use throws `message`: the default in tests.
  public static func failing(_ message: String) -> NoteStore {
    NoteStore(storage: .failing(message, name: "note store"))
  }

  /// A private store that lives as long as this object: for tests.
  ///
  /// - Parameter runEnvironment: Gives the times and ids of new records.
  public static func inMemory(runEnvironment: RunEnvironment = .live) throws -> NoteStore {
    NoteStore(
      storage: try .inMemory(name: "note store", schema: schema), runEnvironment: runEnvironment)
  }

  /// The store in the IntentFlow home that `environment` names.
  ///
  /// - Parameters:
  ///   - environment: The environment variables that name the home.
  ///   - runEnvironment: Gives the times and ids of new records.
  public static func live(
    environment: [String: String], runEnvironment: RunEnvironment = .live
  ) -> NoteStore {
    NoteStore(
      path: IntentFlowHome.resolve(environment: environment).databasePath("notes"),
      runEnvironment: runEnvironment)
  }

  static let schema = [
    """
    CREATE TABLE notes (
      id TEXT PRIMARY KEY,
      body TEXT NOT NULL,
      tag TEXT NOT NULL,
      created REAL NOT NULL,
      is_pinned INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX notes_tag ON notes (tag);
    CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """
  ]

  /// Saves a new note.
  ///
  /// - Parameter now: When it was made; by default the run environment's time.
  public func create(body: String, tag: String, now: Date? = nil) throws -> Note {
    let now = now ?? runEnvironment.clock.now()
    let note = Note(
      id: runEnvironment.makeID().lowercased(), body: body, tag: tag, created: now,
      isPinned: false,
      previews: previews)
    try db().run(
      "INSERT INTO notes (id, body, tag, created) VALUES (?, ?, ?, ?)",
      [.text(note.id), .text(body), .text(tag), .date(now)])
    return note
  }

  /// The notes with these ids that the filter lets through, in the order asked.
  public func notes(ids: [String]) throws -> [Note] {
    guard !ids.isEmpty else { return [] }
    let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
    let rows = try db().query(
      "SELECT * FROM notes WHERE id IN (\(placeholders))", ids.map { .text($0.lowercased()) })
    let filter = try self.filter()
    let found = Dictionary(
      try rows.map(note).filter { filter == nil || $0.tag == filter }.map { ($0.id, $0) }
    ) { first, _ in first }
    return ids.compactMap { found[$0.lowercased()] }
  }

  /// Notes whose body contains `query` (ignoring case; all when `nil` or empty) with the tag
  /// `tag` (any when `nil`), pinned first, then newest first. The Focus filter applies too.
  public func find(query: String?, tag: String?) throws -> [Note] {
    let filter = try self.filter()
    if let filter, let tag, tag.lowercased() != filter.lowercased() { return [] }
    let wanted = filter ?? tag
    let rows = try db().query(
      """
      SELECT * FROM notes WHERE (? IS NULL OR lower(tag) = lower(?))
      ORDER BY is_pinned DESC, created DESC, rowid DESC
      """, [SQLValue(wanted), SQLValue(wanted)])
    let notes = try rows.map(note)
    guard let query, !query.isEmpty else { return notes }
    return notes.filter { TextComparison.containsIgnoringCase($0.body, query) }
  }

  /// Pins a note; returns it, or `nil` when there is no such note.
  public func pin(id: String) throws -> Note? {
    let changes = try db().run(
      "UPDATE notes SET is_pinned = 1 WHERE id = ?", [.text(id.lowercased())]
    ).changes
    guard changes > 0 else { return nil }
    return try db().query("SELECT * FROM notes WHERE id = ?", [.text(id.lowercased())])
      .first.map(note)
  }

  /// Deletes a note; returns what it was, or `nil` when there is no such note.
  public func delete(id: String) throws -> Note? {
    let id = id.lowercased()
    return try db().transaction { transaction in
      guard let row = try transaction.query("SELECT * FROM notes WHERE id = ?", [.text(id)]).first
      else { return nil }
      try transaction.run("DELETE FROM notes WHERE id = ?", [.text(id)])
      return try note(row)
    }
  }

  /// The Focus filter's tag, or `nil` when no filter is set.
  public func filter() throws -> String? {
    try db().query("SELECT value FROM settings WHERE key = 'filter'").first?.text("value")
  }

  /// Sets the Focus filter to `tag`, or clears it with `nil`.
  public func setFilter(_ tag: String?) throws {
    if let tag {
      try db().run(
        "INSERT INTO settings (key, value) VALUES ('filter', ?) "
          + "ON CONFLICT (key) DO UPDATE SET value = excluded.value", [.text(tag)])
    } else {
      try db().run("DELETE FROM settings WHERE key = 'filter'")
    }
  }

  private func db() throws -> Database { try storage.open() }

  private func note(_ row: Row) throws(StorageError) -> Note {
    try Note(
      id: row.text("id") ?? "", body: row.text("body") ?? "", tag: row.text("tag") ?? "",
      created: row.date("created") ?? Date(timeIntervalSince1970: 0),
      isPinned: (row.int("is_pinned") ?? 0) != 0, previews: previews)
  }
}

private enum NoteStoreKey: DependencyKey {
  /// One store per process, so that every read of the dependency shares one connection.
  static let defaultValue = NoteStore.live(environment: ProcessInfo.processInfo.environment)
  /// In a test process, a store that fails loudly: tests set their own.
  static let testValue = NoteStore.failing(
    "no note store: this test did not set one; set `dependencies.notesStore` in the test's "
      + "dependencies (for example to `try NoteStore.inMemory()`)")
}

extension DependencyValues {
  /// The note store intents use; the default is the one in the IntentFlow home.
  public var notesStore: NoteStore {
    get { self[NoteStoreKey.self] }
    set { self[NoteStoreKey.self] = newValue }
  }
}
