import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The scheduler daemon, run for real: per-second schedules (the six-field extension) so a
/// few fires take a few seconds.
@Suite("The scheduler daemon runs workflows on time", .serialized)
struct SchedulerDaemonTests {
  static let tick = #"""
    { "name": "tick", "schedule": "* * * * * *",
      "steps": [ { "intent": "text.uppercase", "parameters": { "input": "tick" } } ] }
    """#

  /// Waits until `text` has appeared `count` times on the daemon's standard output; the
  /// wait ends on the output itself (20 s is only the last resort).
  func waitFor(_ text: String, times count: Int, in daemon: IntentFlowProcess) async throws -> Bool
  {
    try await daemon.waitForStandardOutput(containing: text, times: count, timeout: .seconds(20))
  }

  func events(_ sandbox: Sandbox) async throws -> [JSONObject] {
    let result = try await sandbox.run("history", "--events", "--json", "--limit", "1000")
    return try parseJSONArray(result.stdout).reversed()  // oldest first
  }

  @Test("fires a per-second schedule, records every run, and exits cleanly on SIGTERM")
  func firesAndStops() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("flows/tick.json", Self.tick)
    try sandbox.write(
      "flows/broken.json", #"{ "name": "broken", "schedule": "61 * * * *", "steps": [] }"#)
    let daemon = try sandbox.start(["schedule", "flows"])
    #expect(
      try await waitFor("finished tick: succeeded (exit 0)", times: 3, in: daemon),
      "\(daemon.stdoutSoFar)")
    daemon.send(SIGTERM)
    let result = await daemon.finish(timeout: .seconds(20))
    #expect(result.signal == nil, "\(result)")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("invalid "), "\(result.stdout)")
    #expect(result.stdout.contains("broken.json:1:"), "\(result.stdout)")
    #expect(result.stdout.contains("  tick| TICK"))
    #expect(result.stdout.contains("stopping: no new runs"))
    #expect(result.stderr.contains("intentflow schedule: watching flows"))

    let runs = try parseJSONArray(
      try await sandbox.run("history", "--workflow", "tick", "--json", "--limit", "100").stdout)
    #expect(runs.count >= 3)
    #expect(
      runs.allSatisfy { $0.string("trigger") == "schedule" && $0.string("status") == "succeeded" })
    let kinds = try await events(sandbox).compactMap { $0.string("kind") }
    #expect(kinds.first == "daemonStarted")
    #expect(kinds.last == "daemonStopped")
    #expect(kinds.contains("invalid"))
    #expect(kinds.filter { $0 == "fired" }.count >= 3)
    #expect(kinds.filter { $0 == "finished" }.count == kinds.filter { $0 == "fired" }.count)
  }

  @Test("a workflow slower than its schedule never runs twice at once under overlap: skip")
  func skipsOverlap() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "flows/slow.json",
      #"""
      { "name": "slow", "schedule": { "cron": "* * * * * *", "overlap": "skip" },
        "steps": [ { "intent": "flow.wait", "parameters": { "duration": "1500ms" } } ] }
      """#)
    let daemon = try sandbox.start(["schedule", "flows", "--grace", "5s"])
    #expect(try await waitFor("finished slow", times: 2, in: daemon), "\(daemon.stdoutSoFar)")
    daemon.send(SIGTERM)
    let result = await daemon.finish(timeout: .seconds(20))
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("skipped slow"))

    // Between two starts there is always the end of the previous run.
    let sequence = try await events(sandbox).compactMap { event -> String? in
      guard event.string("workflow") == "slow" else { return nil }
      return event.string("kind")
    }
    var running = 0
    var skipped = 0
    for kind in sequence {
      switch kind {
      case "fired":
        running += 1
        #expect(running == 1, "two runs at once: \(sequence)")
      case "finished": running -= 1
      case "skipped": skipped += 1
      default: break
      }
    }
    #expect(skipped >= 1, "\(sequence)")
    let runs = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    #expect(runs.count == sequence.filter { $0 == "fired" }.count)
  }

  @Test("on SIGTERM a run that outlives the grace period is cancelled, and recorded so")
  func cancelsAfterGrace() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "flows/long.json",
      #"""
      { "name": "long", "schedule": "* * * * * *",
        "steps": [ { "intent": "flow.wait", "timeout": "1m", "parameters": { "duration": "30s" } } ] }
      """#)
    let daemon = try sandbox.start(["schedule", "flows", "--grace", "200ms"])
    #expect(try await waitFor("fired long", times: 1, in: daemon), "\(daemon.stdoutSoFar)")
    // The child may not have started yet: the launcher then starts it and stops it at once,
    // so the outcome is the same whenever the signal lands.
    daemon.send(SIGTERM)
    let result = await daemon.finish(timeout: .seconds(20))
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("cancelling 1 running after the grace period"))
    #expect(result.stdout.contains("finished long: cancelled (exit 143)"), "\(result.stdout)")
    let runs = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    #expect(runs.first?.string("status") == "cancelled")
  }

  @Test("--once runs what is due now, once")
  func once() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "flows/minutely.json",
      #"{ "name": "minutely", "schedule": "* * * * *", "steps": [ { "intent": "text.uppercase", "parameters": { "input": "m" } } ] }"#
    )
    let first = try await sandbox.run("schedule", "--once", "flows")
    #expect(first.status == 0, "\(first)")
    #expect(first.stdout.contains("fired minutely"))
    #expect(first.stdout.contains("finished minutely: succeeded (exit 0)"))
    let second = try await sandbox.run("schedule", "--once", "flows")
    #expect(second.status == 0)
    // The same fire time is not run twice (a new minute may have begun in between).
    func fireTimes(_ log: String) -> [Substring] {
      log.split(separator: "\n").filter { $0.contains("fired minutely (") }.map {
        $0.split(separator: "(").last ?? ""
      }
    }
    let firstTimes = fireTimes(first.stdout)
    #expect(firstTimes.count == 1)
    #expect(Set(fireTimes(second.stdout)).isDisjoint(with: firstTimes), "\(second.stdout)")
  }
}
