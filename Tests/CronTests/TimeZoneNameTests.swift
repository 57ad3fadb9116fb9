import Foundation
import TestSupport
import Testing

@testable import Cron

@Suite("Time-zone names that cron and the runner read alike")
struct TimeZoneNameTests {
  @Test("every zone of the tz database is accepted, links and Asia/Kolkata included")
  func acceptedNamesAreTheDatabase() {
    let accepted = TimeZoneName.accepted
    for name in ["Asia/Kolkata", "Asia/Calcutta", "US/Eastern", "Europe/Prague", "UTC", "Etc/UTC"] {
      #expect(accepted.contains(name), "\(name)")
      #expect(TimeZoneName.zone(named: name) != nil, "\(name)")
      #expect(TimeZoneName.problem(with: name) == nil, "\(name)")
    }
    // Not ICU's canonical list: that one has Asia/Calcutta but no Asia/Kolkata.
    #expect(accepted.count > 500)
    #expect(TimeZoneName.zone(named: "Asia/Kolkata")?.secondsFromGMT(for: Date()) == 19_800)
    #expect(TimeZoneName.acceptedNames == TimeZoneName.acceptedNames.sorted())
  }

  @Test(
    "names cron would read otherwise, or that are not tz database names, are refused",
    arguments: [
      "GMT+5", "UTC+5", "GMT-14", "UTC+05:30", "GMT+0500", "UTC\u{0}", "UTC\n",
      "utc", "europe/prague", " UTC", "UTC ", "", "../zoneinfo/UTC", "Europe/../UTC",
      "/usr/share/zoneinfo/UTC", "Europe//Prague", "Europe/Prague/", "posix/Europe/Prague",
      "right/UTC", "localtime", "posixrules", "zone.tab", "tzdata.zi", "Europe",
    ])
  func refused(name: String) {
    #expect(TimeZoneName.zone(named: name) == nil)
    #expect(TimeZoneName.problem(with: name) != nil)
  }

  @Test(
    "the reason for a refusal says what is wrong",
    arguments: [
      ("UTC+05:30", "time zone 'UTC+05:30' is an offset, which cron reads with the opposite sign"),
      (
        "../etc/passwd",
        "time zone '../etc/passwd' is not a tz database name; write a name relative to"
      ),
      ("Asia/Kolkatta", "unknown time zone 'Asia/Kolkatta'; did you mean 'Asia/Kolkata'?"),
    ])
  func reasons(name: String, expected: String) throws {
    let message = try #require(TimeZoneName.problemWithSuggestion(for: name))
    #expect(message.hasPrefix(expected), "\(message)")
  }

  @Test("the database is the folder given (TZDIR), checked for the TZif magic")
  func databaseFolder() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("zones-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Asia"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let kolkata = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Asia/Kolkata"))
    try kolkata.write(to: folder.appendingPathComponent("Asia/Kolkata"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("Asia/Calcutta").path, withDestinationPath: "Kolkata")
    try Data("not a zone".utf8).write(to: folder.appendingPathComponent("Asia/Tokyo"))
    let database = TimeZoneDatabase(directory: folder.path)
    #expect(database.names() == ["Asia/Calcutta", "Asia/Kolkata"])
    #expect(database.defines("Asia/Kolkata"))
    #expect(!database.defines("Asia/Tokyo"))
    #expect(!database.defines("Europe/Prague"))
    #expect(TimeZoneName.zone(named: "Asia/Calcutta", in: database) != nil)
    #expect(TimeZoneName.zone(named: "Asia/Tokyo", in: database) == nil)
  }

  @Test("no suggestions are searched for a name longer than every zone")
  func boundedSuggestions() {
    #expect(TimeZoneName.suggestionCandidates(for: String(repeating: "a", count: 100)).isEmpty)
    #expect(TimeZoneName.suggestionCandidates(for: "Europe/Pragu").contains("Europe/Prague"))
    #expect(TimeZoneName.longestName <= 40)
  }

  /// The offsets the C library gives under `TZ=name` (what cronie does with `CRON_TZ`), as
  /// `date +%z` prints them, for each name at each instant, in one shell run.
  static func libcOffsets(_ names: [String], at instants: [Int]) throws -> [String] {
    // One `date` a zone, reading every instant from standard input (`-f -`): a fork per
    // zone, not per zone and instant, so that the test is light on a busy machine.
    let dates = instants.map { "@\($0)" }.joined(separator: " ")
    let script = """
      for zone in "$@"; do
        printf '%s\\n' \(dates) | TZ="$zone" date -f - +%z
      done
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, "sh"] + names
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test("for every accepted zone, cron's reading of CRON_TZ matches the runner's offsets")
  func cronAndRunnerAgree() async throws {
    let names = TimeZoneName.accepted.sorted()
    // Mid-winter and mid-summer 2026, and a 1990 instant for zones whose rules changed.
    let instants = [1_768_478_400, 1_784_116_800, 631_152_000]
    // Off the cooperative pool: hundreds of `date` runs take seconds on a busy machine.
    let libc = try await offPool { try Self.libcOffsets(names, at: instants) }
    #expect(libc.count == names.count * instants.count)
    var disagreements: [String] = []
    for (index, name) in names.enumerated() {
      let zone = try #require(TimeZoneName.zone(named: name))
      for (offsetIndex, instant) in instants.enumerated() {
        let seconds = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant)))
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        let runner = sign + String(format: "%02d%02d", minutes / 60, minutes % 60)
        let position = index * instants.count + offsetIndex
        // tzdata's "-00" (an uninhabited place, Antarctica/Troll before 2005) is offset 0.
        var cron = position < libc.count ? libc[position] : "missing"
        if cron == "-0000" { cron = "+0000" }
        if runner != cron { disagreements.append("\(name) @\(instant): \(runner) vs \(cron)") }
      }
    }
    #expect(disagreements == [])
  }
}
