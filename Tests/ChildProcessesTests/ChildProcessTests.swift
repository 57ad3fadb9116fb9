import ChildProcesses
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `/bin/sh -c SCRIPT`, its output and errors piped, its input `/dev/null` unless given.
private func shell(
  _ script: String, input: ChildProcess.Command.Input = .null,
  environment: [String: String]? = nil, directory: String? = nil
) -> ChildProcess.Command {
  ChildProcess.Command(
    executable: "/bin/sh", arguments: ["-c", script], environment: environment,
    directory: directory, standardInput: input)
}

/// `shell(script)` with the FIFO's path as `$1`.
private func shell(_ script: String, argument ready: ReadySignal) -> ChildProcess.Command {
  var command = shell(script)
  command.arguments += ["sh", ready.path]
  return command
}

/// A FIFO that a child writes to once it is ready to be stopped: opening it for reading blocks
/// until the child opens it for writing, and reading it ends when the child closes it.
private struct ReadySignal {
  let directory: TemporaryDirectory
  var path: String { directory.path("ready") }

  init() throws {
    directory = try TemporaryDirectory(prefix: "intentflow-child-process-tests")
    #expect(mkfifo(directory.path("ready"), 0o600) == 0)
  }

  /// Returns what the child wrote, once it has closed the FIFO.
  func wait() async throws -> String {
    try await readFIFOToEnd(self.path)
  }
}

/// Whether `pid` is gone for good: a zombie still answers `kill(pid, 0)`, a reaped child does
/// not. Reaping happens on another thread, so this waits for it, up to a generous deadline
/// (a last resort, checked once more before it gives up).
private func reaped(_ pid: Int32) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now + .seconds(30)
  while clock.now < deadline {
    if kill(pid, 0) != 0 && errno == ESRCH { return true }
    await Task.yield()
  }
  return kill(pid, 0) != 0 && errno == ESRCH
}

@Suite("Child processes")
struct ChildProcessTests {
  @Test("a child that writes more than its output limit is stopped, and the outcome says so")
  func outputLimit() async throws {
    var command = shell("exec yes")
    command.outputLimit = 100_000
    let outcome = try await ChildProcess.run(command)
    #expect(outcome.outputOverLimit)
    #expect(!outcome.errorsOverLimit)
    #expect(outcome.outputText.utf8.count == 100_000)
    #expect(outcome.termination == .signalled(SIGTERM))
  }

  @Test("with discard, a child is read to its end and only the limit is kept")
  func outputLimitDiscard() async throws {
    var command = shell("head -c 300000 /dev/zero | tr '\\0' a; echo done >&2")
    command.outputLimit = 1_000
    command.overLimit = .discard
    let outcome = try await ChildProcess.run(command)
    #expect(outcome.outputOverLimit)
    #expect(outcome.outputText == String(repeating: "a", count: 1_000))
    #expect(outcome.errorText == "done\n")
    #expect(outcome.termination == .exited(0))
  }

  @Test("the exit status, standard output and standard error are the outcome")
  func exitStatus() async throws {
    let outcome = try await ChildProcess.run(shell("echo out; echo err >&2; exit 3"))
    #expect(outcome.termination == .exited(3))
    #expect(outcome.exitCode == 3)
    #expect(outcome.termination.signal == nil)
    #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "out\n")
    #expect(String(decoding: outcome.standardError, as: UTF8.self) == "err\n")
  }

  @Test("a child killed by a signal ends with that signal, and 128 + N as its exit code")
  func signalDeath() async throws {
    let outcome = try await ChildProcess.run(shell("kill -KILL $$"))
    #expect(outcome.termination == .signalled(SIGKILL))
    #expect(outcome.exitCode == 137)
    #expect(outcome.termination.signal == SIGKILL)
  }

  @Test("more than a pipe holds, on both streams at once, is read to the end")
  func largeOutput() async throws {
    let outcome = try await ChildProcess.run(
      shell(
        "head -c 700000 /dev/zero | tr '\\0' b >&2; head -c 1000000 /dev/zero | tr '\\0' a; "
          + "head -c 300000 /dev/zero | tr '\\0' c >&2"))
    #expect(outcome.termination == .exited(0))
    #expect(outcome.standardOutput.count == 1_000_000)
    #expect(outcome.standardOutput.allSatisfy { $0 == UInt8(ascii: "a") })
    #expect(outcome.standardError.count == 1_000_000)
    #expect(outcome.standardError.prefix(700_000).allSatisfy { $0 == UInt8(ascii: "b") })
    #expect(outcome.standardError.suffix(300_000).allSatisfy { $0 == UInt8(ascii: "c") })
  }

  @Test("input larger than a pipe holds is fed while the output is read")
  func standardInput() async throws {
    let input = (0..<2_000_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
    let outcome = try await ChildProcess.run(
      ChildProcess.Command(executable: "/bin/cat", standardInput: .bytes(input)))
    #expect(outcome.termination == .exited(0))
    #expect(outcome.standardOutput == input)
  }

  @Test("a child that exits without reading its input does not stop the parent")
  func unreadInput() async throws {
    let input = [UInt8](repeating: 1, count: 1_000_000)
    let outcome = try await ChildProcess.run(shell("echo done", input: .bytes(input)))
    #expect(outcome.termination == .exited(0))
    #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "done\n")
  }

  @Test("input written through the pipe reaches the child, which sees its end once closed")
  func pipedInput() async throws {
    let process = try ChildProcess(shell("cat; echo end", input: .pipe))
    try process.write(Array("first\n".utf8))
    try process.write(Array("second\n".utf8))
    process.closeStandardInput()
    let outcome = await process.outcome(grace: .seconds(5))
    #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "first\nsecond\nend\n")
    #expect(throws: ChildProcessError.self) { try process.write([1]) }
  }

  @Test("writing to a child that has exited is an error, not a SIGPIPE for the parent")
  func brokenPipe() async throws {
    let process = try ChildProcess(shell("exit 0", input: .pipe))
    #expect(await process.terminated() == .exited(0))
    let pid = process.processIdentifier
    #expect(
      throws: ChildProcessError(
        "cannot write to the standard input of process \(pid): broken pipe",
        reason: "broken pipe", code: EPIPE)
    ) { try process.write(Array("hello\n".utf8)) }
  }

  @Test("the environment, the directory and the program's name reach the child")
  func environmentAndDirectory() async throws {
    let directory = try TemporaryDirectory(prefix: "intentflow-child-process-tests")
    let real = try #require(realpath(directory.path, nil))
    defer { free(real) }
    var command = shell(
      #"echo "$GREETING|${HOME-unset}|$0"; pwd -P"#, environment: ["GREETING": "hello there"],
      directory: directory.path)
    command.programName = "greeter"
    let outcome = try await ChildProcess.run(command)
    #expect(
      String(decoding: outcome.standardOutput, as: UTF8.self)
        == "hello there|unset|greeter\n\(String(cString: real))\n")
  }

  @Test("without an environment of its own, the child inherits the parent's")
  func inheritedEnvironment() async throws {
    let path = try #require(ProcessInfo.processInfo.environment["PATH"])
    let outcome = try await ChildProcess.run(shell(#"printf %s "$PATH""#))
    #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == path)
  }

  @Test("a program that does not exist is an error that names it")
  func missingExecutable() throws {
    #expect(
      throws: ChildProcessError(
        "cannot run '/no/such/program': no such file or directory",
        reason: "no such file or directory", code: ENOENT)
    ) {
      try ChildProcess(ChildProcess.Command(executable: "/no/such/program"))
    }
  }

  @Test("a directory that does not exist is an error")
  func missingDirectory() {
    #expect(throws: ChildProcessError.self) {
      try ChildProcess(shell("pwd", directory: "/no/such/directory"))
    }
  }

  @Test("cancelling the waiting task stops the child with SIGTERM and reaps it")
  func cancellation() async throws {
    let ready = try ReadySignal()
    let process = try ChildProcess(shell(#"echo ready > "$1"; exec sleep 600"#, argument: ready))
    let outcome = try await withThrowingTaskGroup(of: ChildProcess.Outcome?.self) { group in
      group.addTask { await process.outcome(grace: .seconds(60)) }
      group.addTask { () async throws -> ChildProcess.Outcome? in
        let text = try await ready.wait()
        #expect(text == "ready\n")
        return nil
      }
      _ = try await group.next()
      group.cancelAll()
      var outcome: ChildProcess.Outcome?
      for try await result in group { outcome = outcome ?? result }
      return outcome
    }
    #expect(outcome?.termination == .signalled(SIGTERM))
    #expect(await reaped(process.processIdentifier))
    #expect(!process.signal(SIGKILL))
  }

  @Test("a child that ignores SIGTERM is killed once the grace period has passed")
  func killAfterGrace() async throws {
    let ready = try ReadySignal()
    let process = try ChildProcess(
      shell(#"trap '' TERM; echo ready > "$1"; exec sleep 600"#, argument: ready))
    #expect(try await ready.wait() == "ready\n")
    async let outcome = process.outcome(grace: .seconds(60))
    await process.terminate(grace: .milliseconds(50))
    #expect(await outcome.termination == .signalled(SIGKILL))
  }

  @Test("termination reaches the children of a child that leads a process group")
  func processGroup() async throws {
    let ready = try ReadySignal()
    // The grandchild keeps stdout open: the outcome comes only once it is gone too.
    let process = try ChildProcess(
      shell(#"sleep 600 & echo ready > "$1"; wait"#, argument: ready))
    #expect(try await ready.wait() == "ready\n")
    async let outcome = process.outcome(grace: .seconds(60))
    await process.terminate(grace: .seconds(60))
    #expect(await outcome.termination == .signalled(SIGTERM))
  }

  @Test("no descriptor of the parent's leaks into the child")
  func noDescriptorLeak() async throws {
    // One opened without close-on-exec, and another child's pipes, open meanwhile.
    let stray = open("/dev/null", O_RDONLY)
    #expect(stray >= 3)
    defer { close(stray) }
    let other = try ChildProcess(ChildProcess.Command(executable: "/bin/cat", standardInput: .pipe))
    defer { other.closeStandardInput() }
    let outcome = try await ChildProcess.run(
      ChildProcess.Command(executable: "/bin/ls", arguments: ["-1", "/proc/self/fd"]))
    // 3 is the directory that `ls` itself reads.
    #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "0\n1\n2\n3\n")
  }

  @Test("a child started by a thread that blocks signals has none blocked, and SIGTERM stops it")
  func signalMask() async throws {
    // A detached thread blocks every asynchronous signal, as `intentflow`'s threads block
    // SIGINT, SIGTERM and SIGHUP. No shell in between: a shell may reset the mask itself.
    let status = ChildProcess.Command(
      executable: "/bin/grep", arguments: ["SigBlk", "/proc/self/status"])
    let sleeper = ChildProcess.Command(executable: "/bin/sleep", arguments: ["600"])
    let (reader, sleeping) = try await withCheckedThrowingContinuation { continuation in
      let started = DetachedThread.start {
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        #expect(sigismember(&mask, SIGTERM) == 1)
        continuation.resume(
          with: Result { (try ChildProcess(status), try ChildProcess(sleeper)) })
      }
      #expect(started)
    }
    let output = await reader.outcome(grace: .seconds(60)).standardOutput
    let unblocked = String(decoding: output, as: UTF8.self) == "SigBlk:\t0000000000000000\n"
    // A blocked SIGTERM would leave the sleeper waiting for its 600 seconds.
    if !unblocked { sleeping.signal(SIGKILL) }
    try #require(unblocked, "\(String(decoding: output, as: UTF8.self))")
    async let outcome = sleeping.outcome(grace: .seconds(60))
    #expect(sleeping.signal(SIGTERM))
    #expect(await outcome.termination == .signalled(SIGTERM))
  }

  @Test("a child nobody waits for is reaped once the last reference is gone")
  func orphanReaped() async throws {
    var process: ChildProcess? = try ChildProcess(
      ChildProcess.Command(executable: "/bin/true", standardOutput: .null, standardError: .null))
    let pid = try #require(process?.processIdentifier)
    process = nil
    #expect(await reaped(pid))
  }

  @Test("the search for a program skips what is missing, not a file, or not executable")
  func search() throws {
    let directory = try TemporaryDirectory(prefix: "intentflow-child-process-tests")
    try FileManager.default.createDirectory(
      atPath: directory.path("sh"), withIntermediateDirectories: true)
    try directory.write("tool", "not executable")
    let found = ChildProcess.executable(
      named: "sh", searching: ["/no/such/directory", directory.path, "/bin"])
    #expect(found == "/bin/sh")
    #expect(ChildProcess.executable(named: "tool", searching: [directory.path]) == nil)
  }
}
