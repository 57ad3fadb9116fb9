import Foundation
import Storage
import TestSupport
import Testing

@Suite("Binding and reading values")
struct SQLValueTests {
  static let values: [SQLValue] = [
    .null,
    .integer(0), .integer(-1), .integer(.max), .integer(.min),
    .real(0.5), .real(-0.0), .real(.pi), .real(1e300), .real(-.infinity),
    .text(""), .text("plain"), .text("héllo wörld 🌍"), .text("a\0b"), .text("\0"),
    .text("quote ' and \"double\""),
    .blob([]), .blob([0]), .blob([0, 1, 127, 128, 255]),
  ]

  @Test("each kind of value comes back as it was bound", arguments: values)
  func roundTrip(value: SQLValue) throws {
    let database = try Database.inMemory()
    #expect(try database.query("SELECT ? AS value", [value]).first?.value("value") == value)
    try database.execute("CREATE TABLE t (value)")
    try database.run("INSERT INTO t VALUES (?)", [value])
    #expect(try database.query("SELECT value FROM t").first?.value("value") == value)
  }

  @Test("text with NUL characters is stored whole")
  func nulText() throws {
    let database = try Database.inMemory()
    let row = try #require(
      try database.query("SELECT hex(?) AS bytes, typeof(?) AS kind", ["a\0b", "a\0b"]).first)
    #expect(try row.text("bytes") == "610062")
    #expect(try row.text("kind") == "text")
  }

  @Test("a large blob and large text are stored whole", .tags(.heavy))
  func largeValues() async throws {
    // Seconds of work in a debug build: off the cooperative pool.
    let (length, blobWhole, textWhole) = try await HeavyWork.run { try Self.storeLargeValues() }
    #expect(length == 8 << 20)
    #expect(blobWhole)
    #expect(textWhole)
  }

  /// Stores 8 MiB of noise and a long text; what `length()` says, and whether each came back
  /// whole.
  private static func storeLargeValues() throws -> (length: Int64?, blob: Bool, text: Bool) {
    let database = try Database.inMemory()
    try database.execute("CREATE TABLE t (data BLOB, note TEXT)")
    // 8 MiB of noise, a word at a time (a byte at a time is slow in a debug build).
    var bytes = [UInt8](repeating: 0, count: 8 << 20)
    var generator = SystemRandomNumberGenerator()
    bytes.withUnsafeMutableBytes { raw in
      for offset in stride(from: 0, to: raw.count, by: 8) {
        raw.storeBytes(of: generator.next(), toByteOffset: offset, as: UInt64.self)
      }
    }
    let text = String(repeating: "ünïcode and \0 NUL ", count: 100_000)
    try database.run("INSERT INTO t VALUES (?, ?)", [.blob(bytes), .text(text)])
    let row = try database.query("SELECT data, note, length(data) AS n FROM t").first
    return (try row?.int("n"), try row?.blob("data") == bytes, try row?.text("note") == text)
  }

  @Test("NaN is stored as NULL, as SQLite does")
  func notANumber() throws {
    let database = try Database.inMemory()
    #expect(try database.query("SELECT ?", [.real(.nan)]).first?[0] == .null)
  }

  @Test("dates are stored as REAL Unix seconds and read back")
  func dates() throws {
    let database = try Database.inMemory()
    let date = testDate(1_700_000_000.25)
    #expect(SQLValue.date(date) == .real(1_700_000_000.25))
    let row = try #require(
      try database.query("SELECT ? AS at, typeof(?) AS kind", [.date(date), .date(date)]).first)
    #expect(try row.date("at") == date)
    #expect(try row.text("kind") == "real")
    #expect(SQLValue.integer(86_400).dateValue == Date(timeIntervalSince1970: 86_400))
    #expect(SQLValue.text("2024-01-01").dateValue == nil)

    let now = Date()
    let readBack = try #require(try database.query("SELECT ?", [.date(now)]).first?.date("?"))
    #expect(abs(readBack.timeIntervalSince(now)) < 1e-6)
  }

  @Test("optional Swift values become values or NULL")
  func optionals() {
    let noDate: Date? = nil
    let noText: String? = nil
    #expect(SQLValue(noDate) == .null)
    #expect(SQLValue(testDate(10)) == .real(10))
    #expect(SQLValue(noText) == .null)
    #expect(SQLValue("x" as String?) == .text("x"))
    #expect(SQLValue(7 as Int?) == .integer(7))
    #expect(SQLValue(nil as Int?) == .null)
    #expect(SQLValue(7 as Int64?) == .integer(7))
    #expect(SQLValue(-3 as Int32?) == .integer(-3))
    #expect(SQLValue(1.5 as Double?) == .real(1.5))
    #expect(SQLValue(true) == .integer(1))
    #expect(SQLValue(false) == .integer(0))
  }

  @Test("literals make values")
  func literals() {
    let values: [SQLValue] = ["text", 42, 2.5]
    #expect(values == [.text("text"), .integer(42), .real(2.5)])
  }

  @Test("typed accessors read only their own kind")
  func accessors() {
    #expect(SQLValue.integer(3).intValue == 3)
    #expect(SQLValue.integer(3).doubleValue == 3)
    #expect(SQLValue.real(3).intValue == nil)
    #expect(SQLValue.text("3").intValue == nil)
    #expect(SQLValue.text("3").textValue == "3")
    #expect(SQLValue.blob([3]).blobValue == [3])
    #expect(SQLValue.blob([3]).textValue == nil)
    #expect(SQLValue.null.isNull)
    #expect(!SQLValue.integer(0).isNull)
  }

  @Test("values describe themselves as SQL would spell them")
  func descriptions() {
    #expect(SQLValue.null.description == "NULL")
    #expect(SQLValue.integer(-4).description == "-4")
    #expect(SQLValue.real(1.5).description == "1.5")
    #expect(SQLValue.text("it's").description == "'it''s'")
    #expect(SQLValue.blob([0, 0xAB, 0xFF]).description == "x'00abff'")
  }
}
