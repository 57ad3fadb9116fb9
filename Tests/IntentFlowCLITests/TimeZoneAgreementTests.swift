import Foundation
import TestSupport
import Testing

/// Issue 7: `intentflow next` (the daemon's reading of a zone) and the `CRON_TZ` line of
/// `intentflow crontab` (cron's reading, through the C library) name the same instants.
@Suite("intentflow next and intentflow crontab agree on time zones")
struct TimeZoneAgreementTests {
  /// The UTC offset the C library gives `zone` at `instant`, as `+HHMM`.
  func libcOffset(_ zone: String, at instant: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", #"TZ="$1" date -d "$2" +%z"#, "sh", zone, instant]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
  }

  @Test(
    "the zone cron is given reads the offsets next prints",
    arguments: ["Asia/Kathmandu", "Europe/Prague", "America/St_Johns", "Australia/Lord_Howe"])
  func agree(zone: String) async throws {
    let harness = try CLIHarness()
    try harness.write(
      "flows/r.json",
      #"{"name": "r", "schedule": {"cron": "0 12 1 * *", "timezone": "\#(zone)"}, "steps": [{"intent": "text.uppercase", "parameters": {"input": "x"}}]}"#
    )
    let crontab = await harness.run(["crontab", "flows"])
    #expect(crontab.output.contains("\nCRON_TZ=\(zone)\n"))
    let next = await harness.run([
      "next", harness.directory.appendingPathComponent("flows/r.json").path, "--after",
      "2026-01-01T00:00:00Z", "-n", "12",
    ])
    #expect(next.status == 0, "\(next.errors)")
    for line in next.output.split(separator: "\n") {
      // 2026-07-01T12:00:00+05:45: the wall clock noon, and the offset the runner used.
      let offset = line.suffix(6).replacingOccurrences(of: ":", with: "")
      let libc = try await offPool { [self] in try libcOffset(zone, at: String(line)) }
      #expect(libc == offset, "\(line)")
    }
  }

  @Test(
    "next refuses the offset zones that cron reads with the opposite sign",
    arguments: ["GMT+5", "UTC+5", "GMT-14", "UTC+05:30"])
  func offsetZones(zone: String) async throws {
    let result = try await CLIHarness().run(["next", "0 7 * * *", "--timezone", zone])
    #expect(result.status == 2)
    #expect(
      result.errors.contains(
        "time zone '\(zone)' is an offset, which cron reads with the opposite sign"))
  }

  @Test(
    "next takes every zone of the tz database, links included",
    arguments: [
      ("Asia/Kolkata", "2026-01-01T07:00:00+05:30"), ("US/Eastern", "2026-01-01T07:00:00-05:00"),
      ("Asia/Calcutta", "2026-01-01T07:00:00+05:30"),
    ])
  func databaseZones(zone: String, first: String) async throws {
    let result = try await CLIHarness().run([
      "next", "0 7 * * *", "--timezone", zone, "--after", "2025-12-31T12:00:00Z", "-n", "1",
    ])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == first + "\n")
  }

  @Test("a misspelt zone is refused with a suggestion from the tz database")
  func misspeltZone() async throws {
    let result = try await CLIHarness().run(["next", "0 7 * * *", "--timezone", "Asia/Kolkatta"])
    #expect(result.status == 2)
    #expect(
      result.errors.contains("unknown time zone 'Asia/Kolkatta'; did you mean 'Asia/Kolkata'?"))
  }

  @Test("next refuses a huge zone name at once, without a suggestion")
  func hugeZone() async throws {
    let zone = String(repeating: "z", count: 1_000_000)
    let result = try await CLIHarness().run(["next", "0 7 * * *", "--timezone", zone])
    #expect(result.status == 2)
    #expect(!result.errors.contains("did you mean"))
  }
}
