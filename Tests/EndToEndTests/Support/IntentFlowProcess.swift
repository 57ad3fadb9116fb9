import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of a child process (the `intentflow` binary, or `script` around it), with its
/// standard output and standard error read concurrently as it runs, so that a full pipe can
/// never block it, and a way to signal it while it runs.
///
/// The child's standard input is the given text (then end of file) or `/dev/null`, never the
/// test runner's terminal: a test decides whether the child is on a terminal.
final class IntentFlowProcess: Sendable {
  /// How a child ended, with everything it wrote.
  struct Output: Sendable, CustomStringConvertible {
    /// The exit status, when the child exited.
    var status: Int32?
    /// The signal that killed the child, when one did (a crash, or the timeout's SIGKILL).
    var signal: Int32?
    /// Whether the test's time limit ran out and the child was killed.
    var timedOut: Bool
    var stdout: String
    var stderr: String

    var description: String {
      let ending =
        timedOut ? "timed out" : status.map { "exit \($0)" } ?? "signal \(signal ?? 0)"
      return "\(ending)\n--- stdout ---\n\(stdout)\n--- stderr ---\n\(stderr)"
    }
  }

  /// The child could not be started.
  struct LaunchFailure: Error, CustomStringConvertible {
    var executable: String
    var underlying: any Error
    var description: String { "cannot start \(executable): \(underlying)" }
  }

  private let process: Process
  private let input: InputWriter?
  private let standardOutput = SharedBuffer()
  private let standardError = SharedBuffer()
  private let killedForTimeout = Atomic(false)
  /// Left once by each pipe reader at end of file and once at the child's termination.
  private let done = DispatchGroup()

  /// Starts `executable` with `arguments`, exactly `environment`, and `currentDirectory`.
  ///
  /// Standard input is `/dev/null` when `standardInput` is `nil`; otherwise a pipe that gets
  /// the text, then end of file unless `keepingInputOpen` (see ``type(_:)`` and
  /// ``closeStandardInput()``).
  init(
    executable: URL, arguments: [String], environment: [String: String],
    currentDirectory: URL, standardInput: String?, keepingInputOpen: Bool = false
  ) throws {
    process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = currentDirectory
    let outputPipe = Pipe()
    let errorPipe = Pipe()
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    let inputPipe = standardInput.map { _ in Pipe() }
    process.standardInput = inputPipe ?? FileHandle.nullDevice
    input = inputPipe.map { InputWriter($0.fileHandleForWriting) }

    done.enter()
    process.terminationHandler = { [done] _ in done.leave() }
    do {
      try process.run()
    } catch {
      // Balance the group (Dispatch traps on freeing one still entered) and end the writer.
      done.leave()
      input?.close()
      throw LaunchFailure(executable: executable.path, underlying: error)
    }
    Self.drain(outputPipe.fileHandleForReading, into: standardOutput, group: done)
    Self.drain(errorPipe.fileHandleForReading, into: standardError, group: done)
    if let input, let text = standardInput {
      input.write(Data(text.utf8))
      if !keepingInputOpen { input.close() }
    }
  }

  /// The child's process id.
  var processIdentifier: Int32 { process.processIdentifier }

  /// What the child has written to standard output so far.
  var stdoutSoFar: String { standardOutput.text }

  /// What the child has written to standard error so far.
  var stderrSoFar: String { standardError.text }

  /// Writes `text` to the child's standard input (kept open at the start).
  func type(_ text: String) {
    input?.write(Data(text.utf8))
  }

  /// Ends the child's standard input.
  func closeStandardInput() {
    input?.close()
  }

  /// Sends `signal` to the child.
  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// Waits until standard error contains `text`. The wait ends when the text arrives or the
  /// pipe closes (the child ended), not on a poll; at the last-resort `timeout` it looks once
  /// more.
  ///
  /// - Returns: Whether the text appeared.
  func waitForStandardError(
    containing text: String, timeout: Duration = .seconds(10)
  ) async throws -> Bool {
    await standardError.wait(for: text, times: 1, timeout: timeout)
  }

  /// Waits until standard output contains `text` `count` times. The wait ends when the text
  /// arrives or the pipe closes (the child ended), not on a poll; at the last-resort
  /// `timeout` it looks once more.
  ///
  /// - Returns: Whether the text appeared often enough.
  func waitForStandardOutput(
    containing text: String, times count: Int = 1, timeout: Duration = .seconds(10)
  ) async throws -> Bool {
    await standardOutput.wait(for: text, times: count, timeout: timeout)
  }

  /// Waits until standard output's bytes satisfy `condition`. The wait ends when they do or
  /// the pipe closes (the child ended), not on a poll; at the last-resort `timeout` it looks
  /// once more.
  ///
  /// - Returns: Whether the condition held.
  func waitForStandardOutput(
    timeout: Duration = .seconds(10), until condition: @escaping @Sendable ([UInt8]) -> Bool
  ) async -> Bool {
    await standardOutput.wait(timeout: timeout, until: condition)
  }

  /// Waits for the child to end and both pipes to reach end of file; kills the child with
  /// SIGKILL if that takes longer than `timeout`.
  func finish(timeout: Duration = .seconds(20)) async -> Output {
    let killer = DispatchWorkItem { [self] in
      guard process.isRunning else { return }
      killedForTimeout.store(true, ordering: .relaxed)
      kill(process.processIdentifier, SIGKILL)
    }
    DispatchQueue.global().asyncAfter(
      deadline: .now() + .milliseconds(Self.milliseconds(timeout)), execute: killer)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      done.notify(queue: .global()) { continuation.resume() }
    }
    killer.cancel()
    input?.close()
    let exited = process.terminationReason == .exit
    return Output(
      status: exited ? process.terminationStatus : nil,
      signal: exited ? nil : process.terminationStatus,
      timedOut: killedForTimeout.load(ordering: .relaxed),
      stdout: stdoutSoFar, stderr: stderrSoFar)
  }

  /// Reads `handle` on a thread of its own until end of file.
  private static func drain(_ handle: FileHandle, into buffer: SharedBuffer, group: DispatchGroup) {
    group.enter()
    let descriptor = handle.fileDescriptor
    let thread = Thread {
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        buffer.append(chunk[0..<count])
      }
      buffer.close()
      try? handle.close()
      group.leave()
    }
    thread.start()
  }

  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }
}

/// Bytes that a reader thread appends to while a test reads them, and waits on: each append
/// (and the end of the pipe) wakes the waits whose text has arrived.
private final class SharedBuffer: Sendable {
  private struct Contents {
    var bytes = Data()
    var closed = false
    var text: String { String(decoding: bytes, as: UTF8.self) }
  }
  private let contents = Observed(Contents())

  func append(_ chunk: ArraySlice<UInt8>) {
    contents.update { $0.bytes.append(contentsOf: chunk) }
  }

  /// The pipe reached end of file: nothing more will come.
  func close() {
    contents.update { $0.closed = true }
  }

  var text: String { contents.value.text }

  /// Waits until `text` occurs `count` times, or the pipe closes, or (a last resort) the
  /// timeout passes; whether it occurs often enough.
  func wait(for text: String, times count: Int, timeout: Duration) async -> Bool {
    _ = await contents.wait(deadline: timeout) { contents in
      contents.closed || Self.occurrences(of: text, in: contents.text) >= count
    }
    return Self.occurrences(of: text, in: self.text) >= count
  }

  /// Waits until the bytes satisfy `condition`, or the pipe closes, or (a last resort) the
  /// timeout passes; whether they satisfy it.
  func wait(timeout: Duration, until condition: @escaping @Sendable ([UInt8]) -> Bool) async
    -> Bool
  {
    _ = await contents.wait(deadline: timeout) { contents in
      contents.closed || condition(Array(contents.bytes))
    }
    return condition(Array(contents.value.bytes))
  }

  private static func occurrences(of text: String, in whole: String) -> Int {
    whole.components(separatedBy: text).count - 1
  }
}

/// Writes to a child's standard input, in order, on a thread of its own that blocks SIGPIPE:
/// writing to a child that has gone then fails with EPIPE on that thread instead of killing
/// the test runner. (The runner does not ignore SIGPIPE, because children would inherit that.)
private final class InputWriter: Sendable {
  private let pending = Mutex<[Data?]>([])
  private let available = DispatchSemaphore(value: 0)
  private let closed = Atomic(false)

  init(_ handle: FileHandle) {
    let thread = Thread { [self] in
      var pipeSignal = sigset_t()
      sigemptyset(&pipeSignal)
      sigaddset(&pipeSignal, SIGPIPE)
      pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
      while true {
        available.wait()
        guard let data = pending.withLock({ $0.removeFirst() }) else { break }
        try? handle.write(contentsOf: data)
      }
      try? handle.close()
    }
    thread.start()
  }

  func write(_ data: Data) {
    pending.withLock { $0.append(data) }
    available.signal()
  }

  /// Closes the pipe after what was written; only the first call counts.
  func close() {
    guard !closed.exchange(true, ordering: .relaxed) else { return }
    pending.withLock { $0.append(nil) }
    available.signal()
  }
}
