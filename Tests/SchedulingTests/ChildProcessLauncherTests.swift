import Foundation
import Scheduling
import StandardIntents
import TestSupport
import Testing
import WorkflowEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A stand-in for `intentflow`: a shell script the launcher starts as
/// `SCRIPT run FILE --non-interactive`, so that each test decides what the child does.
private struct FakeRunner {
  let directory: TemporaryDirectory
  let launcher: ChildProcessLauncher

  init(_ script: String, killAfter: Duration = .seconds(5)) throws {
    directory = try TemporaryDirectory(prefix: "intentflow-launcher-tests")
    let path = try Self.installExecutable(
      "#!/bin/sh\n" + script + "\n", as: "runner.sh", in: directory)
    var launcher = ChildProcessLauncher(
      executable: path,
      environment: ["PATH": "/usr/bin:/bin", "READY": directory.path("ready")])
    launcher.killAfter = killAfter
    self.launcher = launcher
  }

  /// Writes `text` as an executable named `name`, through `install` in a child process.
  ///
  /// Written by this process, the script could fail to start with "Text file busy": while
  /// its descriptor is open for writing, another test's child being spawned in that instant
  /// holds a copy of it until it execs, and Linux refuses to run a file open for writing.
  /// Only `install` ever opens the executable for writing, and it has exited by the time the
  /// launcher runs it.
  private static func installExecutable(
    _ text: String, as name: String, in directory: TemporaryDirectory
  ) throws -> String {
    let source = try directory.write(name + ".txt", text)
    let target = directory.path(name)
    let install = Process()
    install.executableURL = URL(fileURLWithPath: "/usr/bin/install")
    install.arguments = ["-m", "755", source, target]
    try install.run()
    install.waitUntilExit()
    #expect(install.terminationStatus == 0, "install \(source) \(target)")
    return target
  }

  /// A run of a workflow file that the script may name as `$2`.
  func run() throws -> ScheduledRun {
    let path = try directory.write(
      "tick.json",
      #"{ "name": "tick", "schedule": "* * * * *", "steps": [ { "intent": "text.uppercase", "parameters": { "input": "x" } } ] }"#
    )
    let plan = try WorkflowLoader(registry: StandardIntents.registry).load(path: path)
    let workflow = try #require(ScheduledWorkflow(plan: plan, path: path, timeZone: .current))
    return ScheduledRun(workflow: workflow, scheduledFor: Date(), reason: .fired)
  }

  /// Makes the FIFO `$READY` that the script writes to once it is ready to be stopped.
  func makeReadySignal() throws {
    #expect(mkfifo(directory.path("ready"), 0o600) == 0)
  }

  /// Waits, on a thread of its own, until the script writes to `$READY`: opening a FIFO for
  /// reading blocks until its writer opens it, and reading it until the writer is done.
  func untilReady() async throws -> String {
    try await readFIFOToEnd(directory.path("ready"))
  }
}

@Suite("Running scheduled workflows as child processes")
struct ChildProcessLauncherTests {
  @Test("the exit code, standard output and standard error of the child are the outcome")
  func outcome() async throws {
    let runner = try FakeRunner(
      #"echo "$1 $(basename "$2") $3 $INTENTFLOW_TRIGGER $NO_COLOR"; echo oops >&2; exit 3"#)
    let outcome = await runner.launcher.launch(try runner.run())
    #expect(outcome.exitCode == 3)
    #expect(outcome.status == "needsValue")
    #expect(outcome.output == "run tick.json --non-interactive schedule 1\n")
    #expect(outcome.errorOutput == "oops\n")
  }

  @Test("a child that writes more than a pipe holds to both streams is read to the end")
  func largeOutput() async throws {
    let runner = try FakeRunner(
      "head -c 1000000 /dev/zero | tr '\\0' a; head -c 700000 /dev/zero | tr '\\0' b >&2")
    let outcome = await runner.launcher.launch(try runner.run())
    #expect(outcome.exitCode == 0)
    #expect(outcome.output.utf8.count == 1_000_000)
    #expect(outcome.output.allSatisfy { $0 == "a" })
    #expect(outcome.errorOutput.utf8.count == 700_000)
  }

  @Test("a child killed by a signal ends with 128 + the signal")
  func killedBySignal() async throws {
    let runner = try FakeRunner("kill -KILL $$")
    let outcome = await runner.launcher.launch(try runner.run())
    #expect(outcome.exitCode == 137)
    #expect(outcome.status == "cancelled")
  }

  @Test("an executable that cannot start is reported, with no exit code")
  func cannotStart() async throws {
    let runner = try FakeRunner("exit 0")
    var launcher = runner.launcher
    launcher.executable = runner.directory.path("no-such-runner")
    let outcome = await launcher.launch(try runner.run())
    #expect(outcome.exitCode == nil)
    #expect(outcome.status == "notStarted")
    #expect(outcome.errorOutput.hasPrefix("cannot start \(launcher.executable): "))
  }

  @Test("a run cancelled before its child started never starts it")
  func cancelBeforeStart() async throws {
    let runner = try FakeRunner(#"touch "$READY"; exec sleep 600"#)
    let run = try runner.run()
    let outcome = await withTaskGroup(of: RunOutcome.self) { group in
      group.cancelAll()
      group.addTask { await runner.launcher.launch(run) }
      return await group.next()
    }
    #expect(outcome?.exitCode == nil)
    #expect(outcome?.errorOutput == "the run was cancelled before it started\n")
    // A launch returns only once its child has ended, so no child ever ran.
    #expect(!FileManager.default.fileExists(atPath: runner.directory.path("ready")))
  }

  // SIGTERM itself is checked end to end with the real runner (SchedulerDaemonTests); that a
  // child starts with no signal blocked, whatever its parent's thread blocks, is checked in
  // ChildProcessesTests.
  @Test("cancelling a running child that ignores SIGTERM kills it once killAfter has passed")
  func killAfter() async throws {
    let runner = try FakeRunner(
      #"trap '' TERM; echo ready > "$READY"; exec sleep 600"#, killAfter: .milliseconds(50))
    try runner.makeReadySignal()
    let run = try runner.run()
    let outcome = try await withThrowingTaskGroup(of: RunOutcome?.self) { group in
      group.addTask { await runner.launcher.launch(run) }
      group.addTask {
        _ = try await runner.untilReady()
        return nil
      }
      _ = try await group.next()
      group.cancelAll()
      var outcome: RunOutcome?
      for try await result in group { outcome = outcome ?? result }
      return outcome
    }
    #expect(outcome?.exitCode == 128 + SIGKILL)
  }
}
