import CLibPQ
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// One session with a PostgreSQL server, through libpq: statements with `?` placeholders and
/// ``SQLValue`` bindings (the SQLite store's), rows as ``Row``s.
///
/// A libpq connection serves one caller at a time, so every use holds the session's lock.
/// Session state (an advisory lock, a transaction) lives as long as the session: the server
/// ends it, and lets go of what it held, when the process dies and its socket closes.
final class PostgresConnection: Sendable {
  /// The server as messages show it: the connection URI without its password.
  let address: String
  private let library: LibPQ
  /// The libpq connection, used only under its lock.
  private let handle: Mutex<OpaquePointer>

  /// Connects to the server `uri` names (`postgresql://USER@HOST:PORT/DB`).
  ///
  /// - Throws: ``StorageError`` when libpq is missing or the server refuses or cannot be
  ///   reached; the message names the server without the password.
  init(uri: String) throws(StorageError) {
    let library = try LibPQ.shared.get()
    let address = Self.redacted(uri)
    // A server that does not answer must not hang a cron job: bound the connection's wait
    // unless the URI says otherwise.
    var target = uri
    if !uri.contains("connect_timeout=") {
      target += (uri.contains("?") ? "&" : "?") + "connect_timeout=10"
    }
    guard let pointer = library.connect(target) else {
      throw StorageError(
        code: StorageError.Code.cannotOpen, message: "libpq could not allocate a connection",
        path: address, action: "cannot connect to PostgreSQL store")
    }
    guard library.status(pointer) == CONNECTION_OK else {
      let message = Self.text(library.errorMessage(pointer)) ?? "unknown error"
      library.finish(pointer)
      throw StorageError(
        code: StorageError.Code.cannotOpen, message: Self.oneLine(message), path: address,
        action: "cannot connect to PostgreSQL store",
        remedy: "check INTENTFLOW_STORE and that the server is running and accepts this user")
    }
    // Notices ("relation already exists, skipping") are not the runner's output.
    _ = library.setNoticeProcessor(pointer, { _, _ in }, nil)
    self.library = library
    self.address = address
    self.handle = Mutex(pointer)
  }

  deinit {
    handle.withLock { library.finish($0) }
  }

  /// Runs one statement and returns its rows and the number of rows it changed.
  ///
  /// - Parameters:
  ///   - sql: The statement; `?` marks a parameter (numbered `$1`, `$2`… for the server).
  ///   - bindings: The parameters' values, in order.
  /// - Throws: ``StorageError`` with the server's message and SQLSTATE.
  @discardableResult
  func execute(_ sql: String, _ bindings: [SQLValue] = []) throws(StorageError) -> (
    rows: [Row], changes: Int
  ) {
    try handle.withLock { (handle) throws(StorageError) in
      try Self.execute(sql, bindings, on: handle, library: library, address: address)
    }
  }

  /// Runs `body` in one transaction, which commits when `body` returns and rolls back when it
  /// throws; no other caller uses the session meanwhile.
  func transaction<T>(
    _ body: (_ execute: (String, [SQLValue]) throws(StorageError) -> [Row]) throws(StorageError)
      -> T
  ) throws(StorageError) -> T {
    try handle.withLock { (handle) throws(StorageError) -> T in
      let pointer = handle
      let library = library
      let address = address
      _ = try Self.execute("BEGIN", [], on: pointer, library: library, address: address)
      do throws(StorageError) {
        let result = try body { (sql, bindings) throws(StorageError) in
          try Self.execute(sql, bindings, on: pointer, library: library, address: address).rows
        }
        _ = try Self.execute("COMMIT", [], on: pointer, library: library, address: address)
        return result
      } catch {
        _ = try? Self.execute("ROLLBACK", [], on: pointer, library: library, address: address)
        throw error
      }
    }
  }

  private static func execute(
    _ sql: String, _ bindings: [SQLValue], on pointer: OpaquePointer, library: LibPQ,
    address: String
  ) throws(StorageError) -> (rows: [Row], changes: Int) {
    let statement = numbered(sql)
    let texts: [String?] = bindings.map(parameterText)
    let result = withParameters(texts) { values in
      library.execParams(pointer, statement, Int32(texts.count), nil, values, nil, nil, 0)
    }
    guard let result else {
      throw StorageError(
        code: StorageError.Code.error,
        message: oneLine(text(library.errorMessage(pointer)) ?? "no result"), path: address,
        sql: sql)
    }
    defer { library.clear(result) }
    let status = library.resultStatus(result)
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
      let message =
        text(library.resultErrorField(result, Int32(UInt8(ascii: "M"))))
        ?? oneLine(text(library.errorMessage(pointer)) ?? "the statement failed")
      let state = text(library.resultErrorField(result, Int32(UInt8(ascii: "C")))) ?? ""
      throw StorageError(
        code: code(forSQLState: state), message: message + " (SQLSTATE \(state))",
        path: address, sql: sql)
    }
    let changes = Int(text(library.commandTuples(result)) ?? "") ?? 0
    guard status == PGRES_TUPLES_OK else { return ([], changes) }
    let rowCount = library.rowCount(result)
    let fieldCount = library.fieldCount(result)
    let names = (0..<fieldCount).map { text(library.fieldName(result, $0)) ?? "" }
    let kinds = (0..<fieldCount).map { library.fieldType(result, $0) }
    let columns = ColumnIndex(names: names)
    var rows: [Row] = []
    rows.reserveCapacity(Int(rowCount))
    for row in 0..<rowCount {
      var values: [SQLValue] = []
      values.reserveCapacity(Int(fieldCount))
      for field in 0..<fieldCount {
        guard library.isNull(result, row, field) == 0,
          let value = text(library.value(result, row, field))
        else {
          values.append(.null)
          continue
        }
        values.append(sqlValue(value, type: kinds[Int(field)]))
      }
      rows.append(Row(columns: columns, values: values))
    }
    return (rows, changes)
  }

  /// A column's text as the SQLite store would have returned it: integers and reals as
  /// numbers, booleans as 0 and 1, the rest as text.
  private static func sqlValue(_ text: String, type: Oid) -> SQLValue {
    switch type {
    case 20, 21, 23: Int64(text).map(SQLValue.integer) ?? .text(text)  // int8, int2, int4
    case 700, 701, 1700: Double(text).map(SQLValue.real) ?? .text(text)  // float4, float8, numeric
    case 16: .integer(text == "t" ? 1 : 0)  // bool
    default: .text(text)
    }
  }

  private static func parameterText(_ value: SQLValue) -> String? {
    switch value {
    case .null: nil
    case .integer(let number): String(number)
    case .real(let number): number.isFinite ? String(number) : nil
    case .text(let text): text
    case .blob(let bytes):
      "\\x" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
  }

  /// Calls `body` with the C strings of `texts` (NULL for `nil`), alive for the call.
  private static func withParameters<R>(
    _ texts: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R
  ) -> R {
    var storage: [UnsafeMutablePointer<CChar>?] = texts.map { $0.flatMap { strdup($0) } }
    defer { for pointer in storage { free(pointer) } }
    return storage.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return body(nil) }
      return base.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
        body($0)
      }
    }
  }

  /// `sql` with its `?` placeholders numbered `$1`, `$2`… (none sits in a literal here).
  static func numbered(_ sql: String) -> String {
    var result = ""
    result.reserveCapacity(sql.utf8.count + 16)
    var number = 0
    var quoted = false
    for character in sql {
      if character == "'" { quoted.toggle() }
      if character == "?", !quoted {
        number += 1
        result += "$\(number)"
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// The SQLite-style code of a failure, from its SQLSTATE class.
  private static func code(forSQLState state: String) -> Int32 {
    switch state.prefix(2) {
    case "23": StorageError.Code.constraint
    case "40", "55", "57": StorageError.Code.busy
    case "53": StorageError.Code.full
    case "08": StorageError.Code.cannotOpen
    case "42": StorageError.Code.error
    default: StorageError.Code.error
    }
  }

  /// The URI without a password (`user:secret@` becomes `user@`, `password=` is dropped), for
  /// messages and logs.
  static func redacted(_ uri: String) -> String {
    var text = uri
    if let scheme = text.firstRange(of: "://"),
      let at = text[scheme.upperBound...].firstIndex(of: "@")
    {
      let credentials = text[scheme.upperBound..<at]
      if let colon = credentials.firstIndex(of: ":") {
        text.replaceSubrange(colon..<at, with: "")
      }
    }
    if let query = text.firstIndex(of: "?") {
      let kept = text[text.index(after: query)...].split(separator: "&").filter {
        !$0.lowercased().hasPrefix("password=")
      }
      text = String(text[..<query]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }
    return String(
      String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
  }

  private static func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
  }

  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline)
      .map { line in
        line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
      }
      .map { String($0) }.filter { !$0.isEmpty }.joined(separator: "; ")
  }
}
