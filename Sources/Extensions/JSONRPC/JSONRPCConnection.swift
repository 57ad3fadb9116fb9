import ChildProcesses
import Dispatch
public import IntentKit
import Races
public import StrictJSON
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A JSON-RPC 2.0 connection to one extension process over its standard streams, one message
/// a line, requests multiplexed by id.
///
/// It is built in layers, each with one job:
/// - ``JSONRPCLineFramer`` cuts what stdout carries into lines, refusing one over the limit;
/// - ``JSONRPCMessage`` tells a line's reply, request or notification apart;
/// - ``JSONRPCRequestTable`` numbers the requests and holds, for each one outstanding, the
///   ``OneShot`` that its reply, its cancellation or the connection's end decides;
/// - a reader thread of its own (never the Swift concurrency pool) reads stdout with blocking
///   calls from start to end, so a reply is delivered whoever waits, a long request never
///   fills the pipe while the extension writes, and the end of the output (the process
///   exited) is seen at once. Another thread keeps the tail of stderr for error messages.
///
/// Anything that breaks the protocol — an exit, a malformed or oversized line, a reply to an
/// unknown id — fails every pending request and every later one with an ``ExtensionError``
/// naming the extension; the runner itself carries on.
public final class JSONRPCConnection: Sendable {
  /// The extension's name, for messages.
  public let name: String
  /// The longest line accepted from the extension.
  public let maximumMessageBytes: Int
  private let process: ChildProcess
  private let state = Mutex(State())
  /// stdout's descriptor, read by the reader thread only.
  private let output: Int32
  /// Serializes writes; true once stdin is closed.
  private let writeLock = Mutex(false)
  /// Signalled when stderr reaches its end, so that an exit's message can quote the last line.
  private let logEnded = DispatchSemaphore(value: 0)
  /// Times the waits of ``stop(grace:)``.
  private let clock: RunClock

  private struct State {
    var requests = JSONRPCRequestTable()
    var stderrTail: [UInt8] = []
    /// The secrets of the runs that called: masked in what the extension sent before a
    /// message quotes (and cuts) it.
    var secrets = SecretValues()
    /// Set by the reader thread once it has seen the exit and failed what was pending.
    var exited = false
    /// The waits of ``stop(grace:)`` for the exit, each decided by the exit or its limit.
    var exitWaits: [OneShot<Bool>] = []
  }

  /// Starts the program and connects to it.
  ///
  /// - Parameter clock: Times the waits for the process to exit when the connection stops.
  /// - Throws: ``ExtensionError`` when the program cannot be started.
  public init(
    name: String, command: String, arguments: [String], environment: [String: String],
    maximumMessageBytes: Int = 8 << 20, clock: RunClock = .live
  ) throws(ExtensionError) {
    self.clock = clock
    self.name = name
    self.maximumMessageBytes = maximumMessageBytes
    var environment = environment
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    let executable: String
    if command.contains(Character("/")) {
      guard FileManager.default.isExecutableFile(atPath: command) else {
        throw ExtensionError(
          "extension '\(name)': command '\(command)' does not exist or is not executable; "
            + "check 'command' in extensions.json")
      }
      executable = command
    } else if let found = ChildProcess.executable(
      named: command, searching: path.split(separator: ":").map(String.init))
    {
      executable = found
    } else {
      throw ExtensionError(
        "extension '\(name)': command '\(command)' was not found on PATH; give its full path "
          + "in extensions.json")
    }
    environment["INTENTFLOW_EXTENSION"] = name
    let process: ChildProcess
    do {
      process = try ChildProcess(
        ChildProcess.Command(
          executable: executable, arguments: arguments, environment: environment,
          standardInput: .pipe))
    } catch {
      throw ExtensionError("extension '\(name)': cannot start '\(command)': \(error.reason)")
    }
    // A process that cannot be served is killed; dropping it then reaps it.
    func abandon(_ problem: String) -> ExtensionError {
      process.signal(SIGKILL)
      return ExtensionError("extension '\(name)': \(problem)")
    }
    guard let output = process.standardOutput, let errors = process.standardError else {
      throw abandon("its output is not piped")
    }
    self.process = process
    self.output = output
    guard DetachedThread.start({ [self] in self.readMessages() }) else {
      throw abandon("cannot start a thread to read its output")
    }
    // Without this thread, a message about an exit would lack stderr's last line.
    if !DetachedThread.start({ [self] in self.readLog(from: errors) }) { logEnded.signal() }
  }

  /// The process id.
  public var processIdentifier: Int32 { process.processIdentifier }

  /// Sends a request and waits for its reply.
  ///
  /// - Parameters:
  ///   - method: The method's name.
  ///   - params: Its parameters (an object).
  ///   - onProgress: Receives the params of each progress notification for this request; the
  ///     request then carries its id as `_meta.progressToken`.
  ///   - log: Receives, while the request is outstanding, what the extension sends as
  ///     `notifications/message`, with the runs' secrets masked. (Its stderr is not a step's:
  ///     a line there races the reply on stdout, so it could land in the wrong step or none.)
  ///   - reason: Why the request is abandoned when the calling task is cancelled, sent in
  ///     `notifications/cancelled`.
  /// - Returns: The reply's `result`.
  /// - Throws: ``ExtensionError`` for an error reply or a broken connection;
  ///   `CancellationError` when the task is cancelled.
  public func request(
    _ method: String, params: JSONValue = .object([]),
    onProgress: (@Sendable (JSONValue) -> Void)? = nil, log: StepLog? = nil,
    reason: @escaping @Sendable () -> String = { "the request was cancelled" }
  ) async throws -> JSONValue {
    let (id, reply) = try state.withLock { state throws(ExtensionError) in
      try state.requests.open(progress: onProgress, log: log)
    }
    // A task cancelled before it began sends nothing.
    guard !Task.isCancelled else {
      _ = state.withLock { $0.requests.withdraw(id) }
      throw CancellationError()
    }
    var params = params
    if onProgress != nil, case .object(var members) = params {
      members.append(("_meta", .object([("progressToken", .integer(id))])))
      params = .object(members)
    }
    do {
      try send(JSONRPCMessage.requestBytes(id: id, method: method, params: params))
    } catch {
      fail(error)
    }
    let outcome = await reply.value { .failure(CancellationError()) }
    if case .failure(let error) = outcome, error is CancellationError,
      state.withLock({ $0.requests.withdraw(id) })
    {
      try? send(
        .object([
          ("jsonrpc", "2.0"), ("method", "notifications/cancelled"),
          ("params", .object([("requestId", .integer(id)), ("reason", .string(reason()))])),
        ]))
    }
    return try outcome.get()
  }

  /// Sends a notification, which has no reply.
  public func notify(_ method: String, params: JSONValue = .object([])) throws(ExtensionError) {
    try send(.object([("jsonrpc", "2.0"), ("method", .string(method)), ("params", params)]))
  }

  /// Stops the process: closes its stdin, then sends SIGTERM after `grace`, then SIGKILL after
  /// another `grace`, and waits for it to exit.
  public func stop(grace: Duration = .seconds(2)) async {
    writeLock.withLock { closed in
      if !closed { process.closeStandardInput() }
      closed = true
    }
    // A connection that broke the protocol may be stuck writing: no point in waiting for it.
    if failure == nil, await waitForExit(within: grace) { return }
    process.signal(SIGTERM)
    if await waitForExit(within: grace) { return }
    process.signal(SIGKILL)
    _ = await waitForExit(within: nil)
  }

  /// Whether the process is gone.
  public var hasExited: Bool { state.withLock { $0.exited } }

  /// The connection's failure, once it broke.
  public var failure: ExtensionError? { state.withLock { $0.requests.failure } }

  // MARK: Writing

  private func send(_ message: JSONValue) throws(ExtensionError) {
    var bytes = message.serializedBytes()
    bytes.append(0x0A)
    try send(bytes)
  }

  private func send(_ bytes: [UInt8]) throws(ExtensionError) {
    let name = name
    let failure: ExtensionError? = writeLock.withLock { closed -> ExtensionError? in
      if closed { return ExtensionError("extension '\(name)' is stopping; nothing more is sent") }
      do throws(ChildProcessError) {
        try process.write(bytes)
        return nil
      } catch {
        let reason = String(cString: strerror(error.code))
        return ExtensionError("extension '\(name)' stopped reading its input (\(reason))")
      }
    }
    if let failure { throw failure }
  }

  // MARK: Reading

  /// The reader thread: reads stdout to its end, one blocking `read` after another, and acts
  /// on every line; once the protocol broke, it reads on and drops what comes, so that the
  /// extension is never stuck writing. At the end it waits for the process and fails what
  /// is still pending with the way it ended.
  private func readMessages() {
    var framer = JSONRPCLineFramer(limit: maximumMessageBytes)
    var chunk = [UInt8](repeating: 0, count: 65_536)
    var broken = false
    while true {
      let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      guard !broken else { continue }
      switch framer.feed(chunk[0..<count], handle) {
      case .fed: break
      case .stopped: broken = true
      case .oversized:
        fail(
          ExtensionError(
            "extension '\(name)' sent a message over \(maximumMessageBytes) bytes; "
              + "messages must be one line of JSON"))
        broken = true
      }
    }
    let termination = process.waitUntilExit()
    // A grandchild may hold stderr open: wait for its end a moment only.
    _ = logEnded.wait(timeout: .now() + .milliseconds(500))
    let how =
      switch termination {
      case .signalled(let number): "was killed by signal \(number)"
      case .exited(let status): "exited with status \(status)"
      }
    let log = state.withLock { $0.secrets.masking(String(decoding: $0.stderrTail, as: UTF8.self)) }
    let tail = log.split(separator: "\n").last.map { ": \($0)" } ?? ""
    fail(ExtensionError("extension '\(name)' \(how)\(tail)"))
    let waits = state.withLock { state in
      state.exited = true
      defer { state.exitWaits = [] }
      return state.exitWaits
    }
    for wait in waits { wait.resolve(true) }
  }

  /// Masks `secrets` too in what the extension sends, from now on, wherever an error quotes it.
  public func hide(_ secrets: SecretValues) {
    guard !secrets.isEmpty else { return }
    state.withLock { $0.secrets.formUnion(secrets) }
  }

  /// Acts on one line; returns false when the connection is broken.
  private func handle(_ line: ArraySlice<UInt8>) -> Bool {
    let message: JSONRPCMessage
    do {
      let secrets = state.withLock { $0.secrets }
      message = try JSONRPCMessage.parse(line) { secrets.masking($0) }
    } catch {
      fail(ExtensionError("extension '\(name)' \(error.problem)"))
      return false
    }
    switch message {
    case .blank:
      return true
    case .request(let id, let method):
      try? send(JSONRPCMessage.answer(id: id, method: method))
      return true
    case .notification(let method, let params):
      notification(method, params: params)
      return true
    case .reply(let id, let result):
      switch state.withLock({ $0.requests.deliver(id) }) {
      case .waiting(let reply):
        reply.resolve(
          result.mapError { ExtensionError("extension '\(name)': \($0.message)") as any Error })
        return true
      case .late:
        return true
      case .unknown:
        fail(ExtensionError("extension '\(name)' replied to unknown request id \(id)"))
        return false
      }
    }
  }

  private func notification(_ method: String, params: JSONValue) {
    if method == "notifications/message" {
      logMessage(params)
      return
    }
    guard method == "notifications/progress", case .object(let members) = params,
      let token = members.first(where: { $0.key == "progressToken" })?.value,
      case .integer(let id) = token
    else { return }
    let handler = state.withLock { $0.requests.progress(for: id) }
    handler?(params)
  }

  /// An MCP log message, `{level, logger?, data}`, as one line of the step's log:
  /// `warning: disk almost full`, or `warning [backup]: …` with a logger.
  private func logMessage(_ params: JSONValue) {
    guard case .object(let members) = params else { return }
    func field(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }
    let (logs, secrets) = state.withLock { ($0.requests.logs, $0.secrets) }
    guard !logs.isEmpty else { return }
    let level = field("level").flatMap { if case .string(let text) = $0 { text } else { nil } }
    let logger = field("logger").flatMap { if case .string(let text) = $0 { text } else { nil } }
    let data: String =
      switch field("data") {
      case .string(let text)?: text
      case let value?: value.serialized()
      case nil: ""
      }
    var line = level ?? "log"
    if let logger { line += " [\(logger)]" }
    line = secrets.masking(line + ": " + data)
    for log in logs { log.append(line, stream: "log") }
  }

  private func readLog(from descriptor: Int32) {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 {
        logEnded.signal()
        return
      }
      state.withLock { state in
        state.stderrTail.append(contentsOf: chunk[0..<count])
        if state.stderrTail.count > 4096 {
          state.stderrTail.removeFirst(state.stderrTail.count - 4096)
        }
      }
    }
  }

  /// Breaks the connection: every pending request, and every later one, fails with `error`
  /// (the first failure counts).
  private func fail(_ error: any Error) {
    let failure =
      error as? ExtensionError ?? ExtensionError("extension '\(name)' failed: \(error)")
    let (pending, first) = state.withLock { state in
      (state.requests.fail(failure), state.requests.failure ?? failure)
    }
    for reply in pending { reply.resolve(.failure(first)) }
  }

  /// Waits until the reader thread has seen the exit (`true`), or `limit` has passed first
  /// (`false`): the exit and a timer of the clock race to decide a ``OneShot``. Neither ends
  /// early when the calling task is cancelled: a stopping connection still gives the process
  /// its grace.
  private func waitForExit(within limit: Duration?) async -> Bool {
    let decided = OneShot<Bool>()
    let exited = state.withLock { state -> Bool in
      if state.exited { return true }
      state.exitWaits.append(decided)
      return false
    }
    if exited { return true }
    let timer = limit.map { limit in
      clock.startTimer(limit) {
        decided.resolve(false)
        return .stop
      }
    }
    let outcome = await decided.valueIgnoringCancellation()
    await timer?.cancel()
    return outcome
  }
}
