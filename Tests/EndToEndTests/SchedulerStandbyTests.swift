import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One scheduler per home (a second one is its standby), and runs that take their processes
/// with them: the real binary, per-second schedules.
@Suite("One scheduler per home, and runs that end whole", .serialized)
struct SchedulerStandbyTests {
  static let tick = #"""
    { "name": "tick", "schedule": "* * * * * *",
      "steps": [ { "intent": "text.uppercase", "parameters": { "input": "tick" } } ] }
    """#

  func events(_ sandbox: Sandbox) async throws -> [JSONObject] {
    let result = try await sandbox.run("history", "--events", "--json", "--limit", "1000")
    return try parseJSONArray(result.stdout).reversed()  // oldest first
  }

  /// The fields of `/proc/PID/stat` after the command name (state, parent, group, session),
  /// or `nil` once the process is gone.
  static func stat(_ pid: Int32) -> [Substring]? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = text.lastIndex(of: ")")
    else { return nil }
    return text[text.index(after: end)...].split(separator: " ")
  }

  /// Whether the process is gone (or a zombie nobody has reaped yet: dead all the same).
  static func isGone(_ pid: Int32) -> Bool {
    guard let fields = stat(pid) else { return true }
    return fields.first == "Z" || fields.first == "X"
  }

  @Test(
    "a second daemon on the home stands by; killed, the active one is replaced; no fire time runs twice"
  )
  func standbyTakesOver() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("flows/tick.json", Self.tick)
    let active = try sandbox.start(["schedule", "flows"])
    #expect(
      try await active.waitForStandardOutput(
        containing: "finished tick: succeeded", times: 2, timeout: .seconds(20)),
      "\(active.stdoutSoFar)")
    let standby = try sandbox.start(["schedule", "flows"])
    #expect(
      try await standby.waitForStandardOutput(
        containing: "waiting to take over", times: 1, timeout: .seconds(20)),
      "\(standby.stdoutSoFar)")
    #expect(
      standby.stdoutSoFar.contains(
        "standby: another scheduler (pid \(active.processIdentifier)) is active on this home"))
    // While it stands by, the standby fires nothing.
    #expect(
      try await active.waitForStandardOutput(
        containing: "finished tick: succeeded", times: 4, timeout: .seconds(20)))
    #expect(!standby.stdoutSoFar.contains("fired tick"))

    // How soon it takes over is the standby's 100 ms check (SchedulerTests pins it on a
    // manual clock) plus the machine's scheduling, which a test must not time: measured
    // 63-128 ms on a quiet machine, seconds on one at load 20.
    active.send(SIGKILL)
    #expect(
      try await standby.waitForStandardOutput(
        containing: "taking over: the active scheduler is gone", times: 1, timeout: .seconds(20)),
      "\(standby.stdoutSoFar)")
    #expect(
      try await standby.waitForStandardOutput(
        containing: "finished tick: succeeded", times: 2, timeout: .seconds(20)),
      "\(standby.stdoutSoFar)")
    standby.send(SIGTERM)
    let result = await standby.finish(timeout: .seconds(20))
    #expect(result.status == 0, "\(result)")
    _ = await active.finish(timeout: .seconds(10))

    // Every fire time ran once, by one daemon or the other.
    let fired = try await events(sandbox).filter {
      ["fired", "caughtUp"].contains($0.string("kind")) && $0.string("workflow") == "tick"
    }.compactMap { $0.string("scheduledFor") }
    #expect(fired.count >= 4)
    #expect(Set(fired).count == fired.count, "a fire time ran twice: \(fired)")
    let runs = try parseJSONArray(
      try await sandbox.run("history", "--workflow", "tick", "--json", "--limit", "1000").stdout)
    #expect(runs.count <= fired.count, "more runs than fire times")
  }

  @Test("two daemons started at once on a fresh home both get the store; one stands by")
  func freshHome() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("flows/tick.json", Self.tick)
    let daemons = [
      try sandbox.start(["schedule", "flows"]), try sandbox.start(["schedule", "flows"]),
    ]
    // Each says what it is in its first line: the active one what it scheduled, the other
    // that it stands by. The active one then fires.
    for daemon in daemons {
      let said = try await daemon.waitForStandardOutput(
        containing: "\n", times: 1, timeout: .seconds(20))
      #expect(said, "\(daemon.stdoutSoFar)\(daemon.stderrSoFar)")
    }
    let active = try #require(daemons.first { !$0.stdoutSoFar.contains("waiting to take over") })
    #expect(
      try await active.waitForStandardOutput(
        containing: "finished tick", times: 1, timeout: .seconds(20)), "\(active.stdoutSoFar)")
    for daemon in daemons { daemon.send(SIGTERM) }
    var standbys = 0
    for daemon in daemons {
      let result = await daemon.finish(timeout: .seconds(20))
      #expect(result.status == 0, "\(result)")
      #expect(!result.stderr.contains("database is locked"), "\(result.stderr)")
      #expect(!result.stderr.contains("will not be recorded"), "\(result.stderr)")
      if result.stdout.contains("waiting to take over") { standbys += 1 }
    }
    #expect(standbys == 1)
    let kinds = try await events(sandbox).compactMap { $0.string("kind") }
    #expect(kinds.filter { $0 == "daemonStarted" }.count == 1, "\(kinds)")
    #expect(kinds.filter { $0 == "standby" }.count == 1, "\(kinds)")
  }

  @Test(
    "a run killed with SIGKILL takes its command with it; the next fire runs; the log says killed")
  func killedRunEndsWhole() async throws {
    let sandbox = try Sandbox()
    // Each run's command tells the test its process id through a FIFO, then sleeps.
    let fifo = sandbox.work.appendingPathComponent("pids").path
    var reader = try CrossProcessEvents.makeFIFO(at: fifo)
    defer { close(reader) }
    let fifoJSON = String(decoding: try JSONEncoder().encode([fifo]), as: UTF8.self)
    try sandbox.write(
      "flows/sleeper.json",
      """
      { "name": "sleeper", "schedule": { "cron": "* * * * * *", "overlap": "skip" },
        "steps": [
          { "intent": "shell.run", "timeout": "10m",
            "parameters": { "script": "printf '%s' $$ > \\"$1\\"; exec sleep 300",
                            "arguments": \(fifoJSON) } } ] }
      """)
    let daemon = try sandbox.start(["schedule", "flows", "--grace", "200ms"])
    let firstText = try await CrossProcessEvents.readAll(reader)
    let first = try #require(firstText.flatMap { Int32($0) }, "\(daemon.stdoutSoFar)")
    // A new reader for the next run's message (this one has seen its writer's end).
    close(reader)
    reader = open(fifo, O_RDONLY | O_NONBLOCK)
    // The command's parent is the run's process, which leads the session the command is in.
    let fields = try #require(Self.stat(first))
    let runProcess = try #require(Int32(fields[1]))
    #expect(Int32(fields[3]) == runProcess, "the command is in the run's session")

    kill(runProcess, SIGKILL)
    #expect(
      try await daemon.waitForStandardOutput(
        containing: "finished sleeper: killed by signal 9 (SIGKILL)", times: 1,
        timeout: .seconds(20)),
      "\(daemon.stdoutSoFar)")
    #expect(!daemon.stdoutSoFar.contains("cancelled (exit 137)"))
    // No orphan: the command died with its run.
    #expect(Self.isGone(first), "the killed run's command \(first) still runs")
    // The next fire starts a new run: the previous one is seen as finished.
    let secondText = try await CrossProcessEvents.readAll(reader)
    let second = try #require(secondText.flatMap { Int32($0) }, "\(daemon.stdoutSoFar)")
    #expect(second != first)
    let history = try parseJSONArray(
      try await sandbox.run("history", "--workflow", "sleeper", "--json").stdout)
    #expect(history.filter { $0.string("status") == "running" }.count == 1, "\(history)")

    daemon.send(SIGTERM)
    let result = await daemon.finish(timeout: .seconds(20))
    #expect(result.status == 0, "\(result)")
    #expect(Self.isGone(second), "the cancelled run's command \(second) still runs")
    let events = try await events(sandbox)
    #expect(
      events.contains {
        $0.string("kind") == "finished" && $0.string("detail") == "killed by signal 9 (SIGKILL)"
      })
  }

  @Test("the daemon's log escapes control characters from runs and names each fire time's zone")
  func logLines() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "flows/esc.json",
      #"""
      { "name": "esc", "schedule": { "cron": "* * * * * *", "timezone": "Asia/Kolkata" },
        "steps": [ { "intent": "text.uppercase", "parameters": { "input": "\u001b]0;pwned\u0007 x" } } ] }
      """#)
    let daemon = try sandbox.start(["schedule", "flows"])
    #expect(
      try await daemon.waitForStandardOutput(
        containing: "finished esc", times: 1, timeout: .seconds(20)), "\(daemon.stdoutSoFar)")
    daemon.send(SIGTERM)
    let result = await daemon.finish(timeout: .seconds(20))
    #expect(!result.stdout.unicodeScalars.contains("\u{1B}"), "a raw ESC reached the log")
    #expect(result.stdout.contains("  esc| \\u{1B}]0;PWNED\\u{7} X"), "\(result.stdout)")
    // The line's own time is the machine's (UTC here); the fire time is Kolkata's, named.
    let fired = try #require(
      result.stdout.split(separator: "\n").first { $0.contains(" fired esc (") })
    #expect(fired.hasSuffix("+05:30 Asia/Kolkata)"), "\(fired)")
    #expect(fired.prefix(25).hasSuffix("+00:00"), "\(fired)")
  }
}
