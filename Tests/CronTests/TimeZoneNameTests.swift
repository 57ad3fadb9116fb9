import Foundation
import Testing

@testable import Cron

@Suite("Time-zone names that cron and the runner read alike")
struct TimeZoneNameTests {
  @Test("every accepted name is a canonical IANA identifier, or UTC")
  func acceptedNamesAreIANA() {
    let known = Set(TimeZone.knownTimeZoneIdentifiers)
    #expect(TimeZoneName.accepted.subtracting(known) == ["UTC", "Etc/UTC"])
    #expect(TimeZoneName.zone(named: "Europe/Prague")?.identifier == "Europe/Prague")
    #expect(TimeZoneName.zone(named: "UTC") != nil)
  }

  @Test(
    "names Foundation takes but cron reads otherwise are refused",
    arguments: [
      "GMT+5", "UTC+5", "GMT-14", "EST5EDT", "Etc/GMT+5", "GMT+0500", "UTC\u{0}", "UTC\n",
      "utc", "europe/prague", " UTC", "UTC ", "",
    ])
  func refused(name: String) {
    #expect(TimeZoneName.zone(named: name) == nil)
    #expect(TimeZoneName.problem(with: name) != nil)
  }

  @Test("no suggestions are searched for a name longer than every zone")
  func boundedSuggestions() {
    #expect(TimeZoneName.suggestionCandidates(for: String(repeating: "a", count: 100)).isEmpty)
    #expect(TimeZoneName.suggestionCandidates(for: "Europe/Pragu").contains("Europe/Prague"))
    #expect(TimeZoneName.longestName <= 32)
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
  func cronAndRunnerAgree() throws {
    let names = TimeZoneName.accepted.sorted()
    // Mid-winter and mid-summer 2026, and a 1990 instant for zones whose rules changed.
    let instants = [1_768_478_400, 1_784_116_800, 631_152_000]
    let libc = try Self.libcOffsets(names, at: instants)
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
