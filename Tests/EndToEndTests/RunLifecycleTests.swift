import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 7: a run is unmistakably alive or dead, whatever signal ends it.
@Suite("Runs are recorded as cancelled or abandoned, never left running")
struct RunLifecycleTests {
  /// Starts the waiting fixture and returns once its second step waits.
  func startWaiting(in sandbox: Sandbox) async throws -> IntentFlowProcess {
    let file = try sandbox.copyFixture("runs/wait-for-signal.json")
    let run = try sandbox.start(["run", file, "--verbose"])
    let waiting = try await run.waitForStandardError(containing: "▸ pause (flow.wait)")
    #expect(waiting, "never started waiting: \(run.stderrSoFar)")
    return run
  }

  @Test("SIGHUP cancels a run like SIGTERM: exit 129, recorded as cancelled")
  func hangup() async throws {
    let sandbox = try Sandbox()
    let run = try await startWaiting(in: sandbox)
    run.send(SIGHUP)
    let result = await run.finish(timeout: .seconds(10))
    #expect(result.status == 129, "\(result)")
    let history = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    #expect(history.first?.string("status") == "cancelled")
    #expect(history.first?["exitCode"] as? Int == 129)
  }

  @Test("a second signal ends the run at once, and it is still recorded as cancelled")
  func secondSignal() async throws {
    let sandbox = try Sandbox()
    let run = try await startWaiting(in: sandbox)
    run.send(SIGTERM)
    run.send(SIGTERM)
    let result = await run.finish(timeout: .seconds(10))
    #expect(result.status == 143, "\(result)")
    let history = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    #expect(history.first?.string("status") == "cancelled")
  }

  @Test("a run killed with SIGKILL is abandoned as soon as anyone looks: its lock is free")
  func killed() async throws {
    let sandbox = try Sandbox()
    let run = try await startWaiting(in: sandbox)
    let running = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    #expect(running.first?.string("status") == "running")
    run.send(SIGKILL)
    let result = await run.finish(timeout: .seconds(10))
    #expect(result.signal == SIGKILL)
    let history = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    #expect(history.first?.string("status") == "abandoned")
    let locks = sandbox.home.appendingPathComponent("runs/locks").path
    #expect((try? FileManager.default.contentsOfDirectory(atPath: locks)) == [])
  }

  @Test("the next run records a killed run as abandoned, with the reason")
  func killedThenRun() async throws {
    let sandbox = try Sandbox()
    let run = try await startWaiting(in: sandbox)
    run.send(SIGKILL)
    _ = await run.finish(timeout: .seconds(10))
    let file = try sandbox.copyFixture("runs/short-wait.json")
    #expect(try await sandbox.run("run", file).status == 0)
    let history = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    let killed = try #require(history.first { $0.string("status") == "abandoned" })
    #expect(
      killed.string("error")
        == "the process ended without finishing the run: killed (signal 9, perhaps by the "
        + "system when memory ran out) or crashed")
  }

  @Test("the home is private: 0700, and the stores 0600")
  func privateHome() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/wait-for-signal.json")
    let run = try sandbox.start(["run", file, "--verbose"])
    _ = try await run.waitForStandardError(containing: "▸ pause (flow.wait)")
    run.send(SIGTERM)
    _ = await run.finish(timeout: .seconds(10))
    func mode(_ url: URL) throws -> Int {
      let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
      return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }
    #expect(try mode(sandbox.home) == 0o700)
    #expect(try mode(sandbox.home.appendingPathComponent("runs.sqlite")) == 0o600)
  }

  @Test("a run the daemon started ends when the daemon is killed, recorded as cancelled")
  func daemonKilled() async throws {
    let sandbox = try Sandbox()
    // The run's first step tells the test, through a FIFO, that the run is under way; its
    // second waits. The run's lock file tells when the run's process has let go of it.
    let fifo = sandbox.work.appendingPathComponent("started").path
    let started = try CrossProcessEvents.makeFIFO(at: fifo)
    defer { close(started) }
    let fifoJSON = String(decoding: try JSONEncoder().encode([fifo]), as: UTF8.self)
    try sandbox.write(
      "flows/long.json",
      """
      { "name": "long", "schedule": "* * * * * *",
        "steps": [
          { "intent": "shell.run",
            "parameters": { "script": "printf started > \\"$1\\"", "arguments": \(fifoJSON) } },
          { "intent": "flow.wait", "timeout": "2m", "parameters": { "duration": "1m" } } ] }
      """)
    let daemon = try sandbox.start(["schedule", "flows"])
    let signal = try await CrossProcessEvents.readAll(started)
    #expect(signal == "started", "\(daemon.stdoutSoFar)")
    let running = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    #expect(running.map { $0.string("status") } == ["running"])
    let id = try #require(running.first?["id"] as? Int)
    let lock = sandbox.home.appendingPathComponent("runs/locks/\(id).lock").path

    daemon.send(SIGKILL)
    #expect(try await CrossProcessEvents.waitUntilFree(lock: lock))
    let history = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    #expect(history.map { $0.string("status") } == ["cancelled"])
    _ = await daemon.finish(timeout: .seconds(10))
  }
}
