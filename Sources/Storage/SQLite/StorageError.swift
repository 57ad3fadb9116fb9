import CSQLite

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A failure to open, migrate or use an SQLite database.
///
/// Its ``description`` is what a user sees: lowercase, naming the database file and, for a
/// failed statement, the statement's first words, and saying what to do where something can
/// be done:
///
///     cannot open database '/x/runs.sqlite': unable to open database file; check that the
///     directory exists and is writable
public struct StorageError: Error, Sendable, CustomStringConvertible {
  /// The SQLite result code, extended where SQLite gives one (`SQLITE_CONSTRAINT_UNIQUE`,
  /// say); compare ``primaryCode`` with the constants in ``StorageError/Code``.
  public var code: Int32
  /// What went wrong: SQLite's own message, or this library's.
  public var message: String
  /// The database file (`":memory:"` for an in-memory database).
  public var path: String?
  /// The statement that failed, in full.
  public var sql: String?
  /// What the user can do about it, if anything.
  public var remedy: String?
  /// What was being attempted, with the word "database" last: "cannot open database".
  var action: String

  /// Creates an error.
  /// - Parameters:
  ///   - code: The SQLite result code.
  ///   - message: What went wrong.
  ///   - path: The database file.
  ///   - sql: The statement that failed.
  ///   - remedy: What to do about it; by default, advice that fits `code`, if any.
  public init(
    code: Int32, message: String, path: String? = nil, sql: String? = nil,
    remedy: String? = nil
  ) {
    let action =
      if let sql { "cannot run '\(StorageError.firstWords(of: sql))' on database" } else {
        "cannot use database"
      }
    self.init(code: code, message: message, path: path, sql: sql, action: action, remedy: remedy)
  }

  init(
    code: Int32, message: String, path: String?, sql: String? = nil, action: String,
    remedy: String? = nil
  ) {
    self.code = code
    self.message = message
    self.path = path
    self.sql = sql
    self.action = action
    self.remedy = remedy ?? StorageError.advice(for: code)
  }

  /// The primary result code: ``code`` without its extended bits.
  public var primaryCode: Int32 {
    code & 0xFF
  }

  /// The error as a user reads it.
  public var description: String {
    var text = action
    if let path { text += " '\(path)'" }
    text += ": " + message
    if let remedy { text += "; " + remedy }
    return text
  }

  /// SQLite's primary result codes that callers commonly test ``primaryCode`` against.
  public enum Code {
    /// A generic error, including SQL syntax errors and this library's own refusals.
    public static let error = SQLITE_ERROR
    /// Another connection held a lock for longer than the busy timeout.
    public static let busy = SQLITE_BUSY
    /// The file is read-only, or its directory is.
    public static let readOnly = SQLITE_READONLY
    /// The file is damaged.
    public static let corrupt = SQLITE_CORRUPT
    /// The row the operation needs does not exist.
    public static let notFound = SQLITE_NOTFOUND
    /// The disk is full.
    public static let full = SQLITE_FULL
    /// The file or its directory could not be opened or created.
    public static let cannotOpen = SQLITE_CANTOPEN
    /// A `UNIQUE`, `NOT NULL`, `CHECK` or foreign key constraint failed.
    public static let constraint = SQLITE_CONSTRAINT
    /// A stored value is not of the kind expected.
    public static let mismatch = SQLITE_MISMATCH
    /// The library was used in a way it does not allow.
    public static let misuse = SQLITE_MISUSE
    /// The number of bindings does not match the statement's parameters.
    public static let range = SQLITE_RANGE
    /// The file is not an SQLite database.
    public static let notADatabase = SQLITE_NOTADB
  }
}

extension StorageError: LocalizedError {
  /// The ``description``, so that `localizedDescription` reads the same.
  public var errorDescription: String? {
    description
  }
}

extension StorageError {
  /// Advice for failures that a user, not a programmer, can do something about.
  static func advice(for code: Int32) -> String? {
    switch code & 0xFF {
    case SQLITE_CANTOPEN: "check that the directory exists and is writable"
    case SQLITE_NOTADB:
      "move it aside or set INTENTFLOW_HOME to another directory"
    case SQLITE_CORRUPT: "the file is damaged; move it aside to start a new one"
    case SQLITE_BUSY:
      "another process kept the database locked for more than 5 seconds; try again"
    case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH:
      "check that the file and its directory are writable"
    case SQLITE_FULL: "free some disk space"
    case SQLITE_IOERR: "check the disk, and that the file and its directory are writable"
    default: nil
    }
  }

  /// The start of a statement, whitespace collapsed: enough to recognise it in a message.
  static func firstWords(of sql: String, limit: Int = 48) -> String {
    let words = sql.split(whereSeparator: { $0.isWhitespace })
    var text = ""
    for word in words {
      if text.isEmpty, word.count > limit { return word.prefix(limit) + "…" }
      if text.count + 1 + word.count > limit { return text + " …" }
      text += text.isEmpty ? String(word) : " " + word
    }
    return text
  }
}
