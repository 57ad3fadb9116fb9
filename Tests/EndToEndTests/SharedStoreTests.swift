import Foundation
import TestSupport
import Testing

/// `INTENTFLOW_STORE`: two homes (two machines) with one PostgreSQL store, through the real
/// binary.
@Suite(
  "A shared PostgreSQL store, end to end",
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipReason)))
struct SharedStoreTests {
  @Test("a run on one machine is in the other's history; a fire time runs on one of them")
  func twoMachines() async throws {
    let store = try await PostgresServer.shared().database()
    let first = try Sandbox(environment: ["INTENTFLOW_STORE": store])
    let second = try Sandbox(environment: ["INTENTFLOW_STORE": store])
    let workflow =
      #"{ "name": "minutely", "schedule": "* * * * *", "steps": [ { "intent": "text.uppercase", "parameters": { "input": "m" } } ] }"#
    try first.write("flows/minutely.json", workflow)
    try second.write("flows/minutely.json", workflow)

    let ran = try await first.run("run", "flows/minutely.json")
    #expect(ran.status == 0, "\(ran)")
    let history = try await second.run("history", "--json")
    #expect(history.status == 0, "\(history)")
    let runs = try parseJSONArray(history.stdout)
    #expect(runs.count == 1)
    #expect(runs.first?.string("workflow") == "minutely")
    #expect(runs.first?.string("status") == "succeeded")

    // The same fire time, from both machines' schedulers (their workflows in different
    // directories): one runs it. Both read the clock
    // within the same minute unless a minute begins in between; then each fires its own
    // minute, and the fire times still differ.
    async let one = first.run("schedule", "--once", "flows")
    async let other = second.run("schedule", "--once", "flows")
    let (a, b) = try await (one, other)
    #expect(a.status == 0 && b.status == 0, "\(a)\n\(b)")
    func fireTimes(_ log: String) -> [Substring] {
      log.split(separator: "\n").filter { $0.contains("fired minutely (") }.map {
        $0.split(separator: "(").last ?? ""
      }
    }
    let fired = fireTimes(a.stdout) + fireTimes(b.stdout)
    #expect(!fired.isEmpty, "\(a.stdout)\n\(b.stdout)")
    #expect(Set(fired).count == fired.count, "a fire time ran twice:\n\(a.stdout)\n\(b.stdout)")
  }

  @Test("a store that is not a PostgreSQL URI is refused, saying what to write")
  func notAURI() async throws {
    let sandbox = try Sandbox(environment: ["INTENTFLOW_STORE": "/tmp/runs.db"])
    let result = try await sandbox.run("history")
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("INTENTFLOW_STORE is not a PostgreSQL URI"), "\(result)")
    #expect(result.stderr.contains("postgresql://USER@HOST:PORT/DB"), "\(result)")
  }
}

/// Issue 23's soak: three schedulers with three homes and one store, a per-second schedule,
/// the first killed with SIGKILL halfway.
@Suite(
  "Three schedulers on one PostgreSQL store",
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipReason)))
struct SharedStoreSoakTests {
  static let tick = #"""
    { "name": "tick", "schedule": "* * * * * *",
      "steps": [ { "intent": "text.uppercase", "parameters": { "input": "tick" } } ] }
    """#

  /// The fire times a daemon's log says it fired.
  static func fired(_ log: String) -> [Date] {
    log.split(separator: "\n").filter { $0.contains(" fired tick (") }.compactMap { line in
      guard let open = line.lastIndex(of: "("), let space = line[open...].firstIndex(of: " ")
      else { return nil }
      return try? Date(String(line[line.index(after: open)..<space]), strategy: .iso8601)
    }
  }

  @Test("no fire time runs twice, and none is lost but what the killed one had claimed")
  func soak() async throws {
    let store = try await PostgresServer.shared().database()
    let machines = try (0..<3).map { _ in try Sandbox(environment: ["INTENTFLOW_STORE": store]) }
    for machine in machines { try machine.write("flows/tick.json", Self.tick) }
    // The first starts alone and fires; the others join it, and it is killed.
    let victim = try machines[0].start(["schedule", "flows"])
    #expect(
      try await victim.waitForStandardOutput(
        containing: " fired tick (", times: 2, timeout: .seconds(30)),
      "\(victim.stdoutSoFar)")
    let others = try machines[1...].map { try $0.start(["schedule", "flows", "--grace", "1s"]) }
    for daemon in others {
      #expect(try await daemon.waitForStandardOutput(containing: "tick", timeout: .seconds(30)))
    }
    victim.send(SIGKILL)
    let killed = await victim.finish()
    // The survivors go on: each second, one of them fires.
    let survivor = others[0]
    let before = Self.fired(survivor.stdoutSoFar).count
    #expect(
      try await survivor.waitForStandardOutput(
        containing: " fired tick (", times: before + 3, timeout: .seconds(30)),
      "\(survivor.stdoutSoFar)")
    for daemon in others { daemon.send(SIGTERM) }
    var logs = [killed.stdout]
    for daemon in others { logs.append(await daemon.finish().stdout) }

    let times = logs.flatMap(Self.fired).sorted()
    #expect(
      Set(times).count == times.count, "a fire time ran twice:\n\(logs.joined(separator: "\n--\n"))"
    )
    let first = try #require(times.first)
    let last = try #require(times.last)
    let expected = Int(last.timeIntervalSince(first).rounded()) + 1
    // The victim may die between claiming a fire time and running it: that one is lost, and
    // at most one more that it claimed in the same instant.
    #expect(
      expected - Set(times).count <= 2,
      "fired \(times.count) of \(expected) seconds:\n\(logs.joined(separator: "\n--\n"))")
  }
}
