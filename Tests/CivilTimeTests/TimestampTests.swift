import CivilTime
import Foundation
import Testing

@Suite("ISO 8601 timestamps")
struct TimestampTests {
  @Test(
    "formatting shows the zone's wall clock and numeric offset",
    arguments: [
      (1_774_746_000.0, "Europe/Prague", "2026-03-29T03:00:00+02:00"),
      (1_774_745_999.0, "Europe/Prague", "2026-03-29T01:59:59+01:00"),
      (1_774_746_000.0, "UTC", "2026-03-29T01:00:00+00:00"),
      (1_774_746_000.0, "America/New_York", "2026-03-28T21:00:00-04:00"),
      (1_774_746_000.0, "Asia/Kolkata", "2026-03-29T06:30:00+05:30"),
      (1_774_746_000.0, "Australia/Lord_Howe", "2026-03-29T12:00:00+11:00"),
      (1_774_746_000.0, "Pacific/Chatham", "2026-03-29T14:45:00+13:45"),
      (1_774_746_000.0, "America/St_Johns", "2026-03-28T22:30:00-02:30"),
      (1_774_746_000.75, "UTC", "2026-03-29T01:00:00+00:00"),
      (0.0, "UTC", "1970-01-01T00:00:00+00:00"),
      (-0.25, "UTC", "1969-12-31T23:59:59+00:00"),
      (-62_135_596_800.0, "UTC", "0001-01-01T00:00:00+00:00"),
      (253_402_300_799.0, "UTC", "9999-12-31T23:59:59+00:00"),
      (951_782_400.0, "UTC", "2000-02-29T00:00:00+00:00"),
    ])
  func format(seconds: Double, identifier: String, expected: String) throws {
    let date = Date(timeIntervalSince1970: seconds)
    #expect(Timestamp.format(date, in: try zone(identifier)) == expected)
  }

  @Test("an offset with seconds, from a historical local mean time, is written in full")
  func offsetWithSeconds() throws {
    // Prague kept local mean time (+00:57:44) until 1891.
    let date = try instant("1850-01-01T00:00:00Z")
    #expect(Timestamp.format(date, in: try zone("Europe/Prague")) == "1850-01-01T00:57:44+00:57:44")
    #expect(
      Timestamp.parse("1850-01-01T00:57:44+00:57", defaultTimeZone: try zone("UTC"))
        == date.addingTimeInterval(44))
  }

  @Test(
    "parsing accepts offsets, Z, fractions and dates alone",
    arguments: [
      ("2026-03-29T03:00:00+02:00", 1_774_746_000.0),
      ("2026-03-29T03:00:00+0200", 1_774_746_000.0),
      ("2026-03-29T03:00:00+02", 1_774_746_000.0),
      ("2026-03-29T01:00:00Z", 1_774_746_000.0),
      ("2026-03-29t01:00:00z", 1_774_746_000.0),
      ("2026-03-29 01:00:00Z", 1_774_746_000.0),
      ("2026-03-29T01:00Z", 1_774_746_000.0),
      ("2026-03-28T21:00:00-04:00", 1_774_746_000.0),
      ("2026-03-29T06:30:00+05:30", 1_774_746_000.0),
      ("2026-03-29T01:00:00.5Z", 1_774_746_000.5),
      ("2026-03-29T01:00:00,25Z", 1_774_746_000.25),
      ("2026-03-29T01:00:00.000000001Z", 1_774_746_000.000000001),
      ("  2026-03-29T01:00:00Z\t", 1_774_746_000.0),
      ("1969-12-31T23:59:59Z", -1.0),
      ("2000-02-29T00:00:00-00:00", 951_782_400.0),
    ])
  func parseWithOffset(text: String, seconds: Double) throws {
    let parsed = try #require(Timestamp.parse(text, defaultTimeZone: try zone("Asia/Tokyo")))
    #expect(parsed.timeIntervalSince1970 == seconds)
  }

  @Test("without an offset, the default zone's wall clock is meant")
  func parseWithoutOffset() throws {
    let prague = try zone("Europe/Prague")
    #expect(
      Timestamp.parse("2026-03-29T03:00:00", defaultTimeZone: prague)
        == (try instant("2026-03-29T01:00:00Z")))
    #expect(
      Timestamp.parse("2026-03-29", defaultTimeZone: prague)
        == (try instant("2026-03-28T23:00:00Z")))
    #expect(
      Timestamp.parse("2026-07-01", defaultTimeZone: prague)
        == (try instant("2026-06-30T22:00:00Z")))
    #expect(
      Timestamp.parse("2026-07-01T12:00", defaultTimeZone: try zone("America/New_York"))
        == (try instant("2026-07-01T16:00:00Z")))
  }

  @Test("a skipped wall-clock time keeps the offset from before the change")
  func parseSkipped() throws {
    let prague = try zone("Europe/Prague")
    let date = try #require(Timestamp.parse("2026-03-29T02:30:00", defaultTimeZone: prague))
    #expect(Timestamp.format(date, in: prague) == "2026-03-29T03:30:00+02:00")
    // São Paulo's clocks went from midnight to 01:00 on 4 November 2018.
    let saoPaulo = try zone("America/Sao_Paulo")
    let midnight = try #require(Timestamp.parse("2018-11-04", defaultTimeZone: saoPaulo))
    #expect(Timestamp.format(midnight, in: saoPaulo) == "2018-11-04T01:00:00-02:00")
    let lordHowe = try zone("Australia/Lord_Howe")
    let skipped = try #require(Timestamp.parse("2026-10-04T02:15", defaultTimeZone: lordHowe))
    #expect(Timestamp.format(skipped, in: lordHowe) == "2026-10-04T02:45:00+11:00")
  }

  @Test("a repeated wall-clock time means its first occurrence")
  func parseRepeated() throws {
    let prague = try zone("Europe/Prague")
    let date = try #require(Timestamp.parse("2026-10-25T02:30:00", defaultTimeZone: prague))
    #expect(Timestamp.format(date, in: prague) == "2026-10-25T02:30:00+02:00")
    let lordHowe = try zone("Australia/Lord_Howe")
    let repeated = try #require(Timestamp.parse("2026-04-05T01:45", defaultTimeZone: lordHowe))
    #expect(Timestamp.format(repeated, in: lordHowe) == "2026-04-05T01:45:00+11:00")
  }

  @Test(
    "malformed or impossible timestamps give nil",
    arguments: [
      "", "now", "2026", "2026-03", "2026-3-29", "2026-03-29T", "2026-03-29T3:00",
      "2026-03-29T03", "2026-03-29T03:00:00+2:00", "2026-03-29T03:00:00+02:0",
      "2026-03-29T03:00:00 +02:00", "2026-03-29T03:00:00+02:00 extra", "2026-02-30",
      "2026-13-01", "2026-00-10", "2026-01-00", "2026-03-29T24:00:00Z", "2026-03-29T12:60Z",
      "2026-03-29T12:00:60Z", "2026-03-29T12:00:00.Z", "2026-03-29T12:00:00+24:00",
      "2026-03-29T12:00:00+02:60", "2026-03-29X12:00:00Z", "２０２６-03-29",
    ])
  func malformed(text: String) throws {
    #expect(Timestamp.parse(text, defaultTimeZone: try zone("UTC")) == nil)
  }

  @Test(
    "formatting and parsing round-trip",
    arguments: ["UTC", "Europe/Prague", "America/New_York", "Australia/Lord_Howe"])
  func roundTrip(identifier: String) throws {
    let timeZone = try zone(identifier)
    var seconds = 1_700_000_000
    for _ in 0..<2_000 {
      let date = Date(timeIntervalSince1970: Double(seconds))
      let text = Timestamp.format(date, in: timeZone)
      #expect(Timestamp.parse(text, defaultTimeZone: timeZone) == date, "\(text)")
      seconds += 104_729  // a prime number of seconds, so the times of day vary
    }
  }
}
