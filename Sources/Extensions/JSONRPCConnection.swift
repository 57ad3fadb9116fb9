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
/// Reading stdout is a role that one party holds at a time. A caller whose request finds the
/// role free takes it and waits for the reply itself, in `poll` for at most about a
/// millisecond (``leadWindow``): a quick reply then wakes the very thread that goes on with
/// the caller's work, instead of a reader thread that must wake a second one — on a shared
/// machine that hand-over cost more than the extension's own work. Replies to other requests
/// read on the way are handed to their callers. A reply slower than the window, and every
/// request sent while the role is taken, are served by a thread of its own that reads with
/// blocking calls (never the Swift concurrency pool for long). While nothing is outstanding
/// nobody reads; that thread only watches for the end of the output, so that an exit is
/// noticed at once; a message sent meanwhile (a notification, a ping) is read with the next
/// request. Another thread keeps the tail of stderr for error messages.
///
/// Anything that breaks the protocol — an exit, a malformed or oversized line, a reply to an
/// unknown id — fails every pending request and every later one with an ``ExtensionError``
/// naming the extension; the runner itself carries on.
public final class JSONRPCConnection: Sendable {
  /// How long a caller may keep the reading role waiting for its reply (`poll` counts whole
  /// milliseconds): long enough for a trivial call, short enough not to hold a thread of the
  /// concurrency pool when the tool takes its time.
  static let leadWindow = Duration.milliseconds(1)
  /// The extension's name, for messages.
  public let name: String
  /// The longest line accepted from the extension.
  public let maximumMessageBytes: Int
  private let process: ChildProcess
  private let state = Mutex(State())
  /// stdout's descriptor.
  private let output: Int32
  /// The bytes read from stdout that do not make a whole line yet, and the buffer `read`
  /// fills; only the holder of the reading role touches them.
  private let incoming = Mutex(Incoming())
  /// A pipe that wakes the reader thread when the role is handed to it: read end, write end.
  private let wake: (read: Int32, write: Int32)
  /// Serializes writes; true once stdin is closed.
  private let writeLock = Mutex(false)
  /// Signalled when stderr reaches its end, so that an exit's message can quote the last line.
  private let logEnded = DispatchSemaphore(value: 0)
  /// Times the waits of ``stop(grace:)``.
  private let clock: RunClock

  private struct State {
    var nextID = 1
    /// Requests written (or about to be) and not yet answered, cancelled or failed.
    var outstanding: Set<Int> = []
    /// The callers that wait for their reply suspended.
    var pending: [Int: CheckedContinuation<JSONValue, any Error>] = [:]
    /// Replies that came while their caller was still reading, before it suspended.
    var arrived: [Int: Result<JSONValue, ExtensionError>] = [:]
    var cancelled: Set<Int> = []
    var progress: [Int: @Sendable (JSONValue) -> Void] = [:]
    var failure: ExtensionError?
    var exited = false
    /// The waits of ``stop(grace:)`` for the exit, each decided by the exit or its limit.
    var exitWaits: [OneShot<Bool>] = []
    var stderrTail: [UInt8] = []
    /// The secrets of the runs that called: masked in what the extension sent before a
    /// message quotes (and cuts) it.
    var secrets = SecretValues()
    /// Who reads stdout now.
    var reader = Reader.nobody
    /// The reader thread must read stdout to its end: the connection is stopping, or a
    /// caller saw the output end or break.
    var drain = false
  }

  private enum Reader {
    case nobody, thread, caller
  }

  private struct Incoming {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
  }

  /// What one `read` of stdout came to.
  private enum ReadOutcome {
    case more, ended, broken
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
    do {
      let ends = try ChildProcess.makePipe()
      self.wake = ends
    } catch {
      throw abandon(
        "cannot make a pipe: \(error.reason); close some files or raise the limit ('ulimit -n')")
    }
    _ = fcntl(wake.read, F_SETFL, O_NONBLOCK)
    _ = fcntl(wake.write, F_SETFL, O_NONBLOCK)
    guard DetachedThread.start({ [self] in self.readMessages() }) else {
      throw abandon("cannot start a thread to read its output")
    }
    // Without this thread, a message about an exit would lack stderr's last line.
    if !DetachedThread.start({ [self] in self.readLog(from: errors) }) { logEnded.signal() }
  }

  deinit {
    // The reader thread holds the connection until it ends: nothing can signal after this.
    close(wake.read)
    close(wake.write)
  }

  /// The process id.
  public var processIdentifier: Int32 { process.processIdentifier }

  /// Sends a request and waits for its reply.
  ///
  /// - Parameters:
  ///   - method: The method's name.
  ///   - params: Its parameters (an object).
  ///   - progressToken: Whether to pass the request's id as `_meta.progressToken`.
  ///   - onProgress: Receives the params of each progress notification for this request.
  ///   - reason: Why the request is abandoned when the calling task is cancelled, sent in
  ///     `notifications/cancelled`.
  /// - Returns: The reply's `result`.
  /// - Throws: ``ExtensionError`` for an error reply or a broken connection;
  ///   `CancellationError` when the task is cancelled.
  public func request(
    _ method: String, params: JSONValue = .object([]),
    onProgress: (@Sendable (JSONValue) -> Void)? = nil,
    reason: @escaping @Sendable () -> String = { "the request was cancelled" }
  ) async throws -> JSONValue {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      if let onProgress { state.progress[state.nextID] = onProgress }
      return state.nextID
    }
    var params = params
    if onProgress != nil, case .object(var members) = params {
      members.append(("_meta", .object([("progressToken", .integer(id))])))
      params = .object(members)
    }
    let message = Self.requestBytes(id: id, method: method, params: params)
    return try await withTaskCancellationHandler {
      // A task cancelled before it began has had its handler run already: send nothing.
      let refusal: (any Error)? = state.withLock { state in
        if let failure = state.failure { return failure }
        if state.cancelled.contains(id) { return CancellationError() }
        state.outstanding.insert(id)
        return nil
      }
      if let refusal {
        state.withLock { _ = $0.progress.removeValue(forKey: id) }
        throw refusal
      }
      // A long message may fill the pipe: the extension must be free to write while it reads,
      // so the reader thread reads all along.
      let long = message.count > 16_384
      if long { signalReader() }
      do {
        try send(message)
      } catch {
        fail(error)
      }
      if !long { lead(waitingFor: id) }
      // The usual case when the caller read: no suspension, so no trip through the executor.
      if let reply = state.withLock({ $0.arrived.removeValue(forKey: id) }) {
        return try reply.get()
      }
      return try await withCheckedThrowingContinuation { continuation in
        let outcome: Result<JSONValue, any Error>? = state.withLock { state in
          if let reply = state.arrived.removeValue(forKey: id) {
            return reply.mapError { $0 }
          }
          if state.cancelled.contains(id) { return .failure(CancellationError()) }
          if let failure = state.failure { return .failure(failure) }
          state.pending[id] = continuation
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let (outstanding, continuation) = state.withLock { state in
        state.cancelled.insert(id)
        state.progress[id] = nil
        guard state.outstanding.remove(id) != nil else {
          return (false, CheckedContinuation<JSONValue, any Error>?.none)
        }
        return (true, state.pending.removeValue(forKey: id))
      }
      continuation?.resume(throwing: CancellationError())
      guard outstanding else { return }
      try? send(
        .object([
          ("jsonrpc", "2.0"), ("method", "notifications/cancelled"),
          ("params", .object([("requestId", .integer(id)), ("reason", .string(reason()))])),
        ]))
    }
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
    // Nothing may be reading: the reader thread reads on to the end, and so sees the exit.
    state.withLock { $0.drain = true }
    signalReader()
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
  public var failure: ExtensionError? { state.withLock { $0.failure } }

  // MARK: Writing

  /// A request's line, `{"jsonrpc":"2.0","id":N,"method":"M","params":{…}}` and a newline,
  /// written straight into one buffer: the key order the protocol documents, and no
  /// intermediate object on the path of every call.
  static func requestBytes(id: Int, method: String, params: JSONValue) -> [UInt8] {
    let parameters = params.serializedBytes()
    var bytes: [UInt8] = []
    bytes.reserveCapacity(48 + method.utf8.count + parameters.count)
    bytes.append(contentsOf: #"{"jsonrpc":"2.0","id":"#.utf8)
    bytes.append(contentsOf: String(id).utf8)
    bytes.append(contentsOf: #","method":"#.utf8)
    bytes.append(contentsOf: JSONValue.string(method).serializedBytes())
    bytes.append(contentsOf: #","params":"#.utf8)
    bytes.append(contentsOf: parameters)
    bytes.append(contentsOf: "}\n".utf8)
    return bytes
  }

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

  /// Takes the reading role if it is free, and reads until the reply to `id` has come, the
  /// window has passed or the output ends; then hands the role back, to the reader thread
  /// when requests are still outstanding.
  private func lead(waitingFor id: Int) {
    let taken = state.withLock { state in
      guard state.reader == .nobody else { return false }
      state.reader = .caller
      return true
    }
    guard taken else { return }
    let clock = ContinuousClock()
    let end = clock.now + Self.leadWindow
    var ended = false
    while state.withLock({ $0.outstanding.contains(id) && $0.failure == nil }) {
      let left = end - clock.now
      guard left > .zero else { break }
      var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, 1)
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { break }
      guard readOnce() == .more else {
        ended = true
        break
      }
    }
    let handOver = state.withLock { state in
      state.reader = .nobody
      if ended { state.drain = true }
      return !state.outstanding.isEmpty || state.drain
    }
    if handOver { signalReader() }
  }

  /// Wakes the reader thread to take the role.
  private func signalReader() {
    var byte: UInt8 = 1
    _ = write(wake.write, &byte, 1)
  }

  /// The reader thread: serves the requests no caller waits for itself, and notices the end
  /// of the output (the process exited) at any time.
  private func readMessages() {
    var hungUp = false
    serving: while true {
      let turn = state.withLock { state in
        if hungUp { state.drain = true }
        guard state.reader == .nobody, !state.outstanding.isEmpty || state.drain else {
          return false
        }
        state.reader = .thread
        return true
      }
      guard turn else {
        // Asking for no events, this poll wakes on the end of the output, not on data, which
        // is for the caller that holds the role (or for the next request).
        var descriptors = [
          pollfd(fd: hungUp ? -1 : output, events: 0, revents: 0),
          pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        ]
        if poll(&descriptors, 2, -1) < 0 && errno != EINTR { break serving }
        if descriptors[1].revents != 0 {
          var bytes = [UInt8](repeating: 0, count: 64)
          while read(wake.read, &bytes, bytes.count) > 0 {}
        }
        if descriptors[0].revents != 0 { hungUp = true }
        continue
      }
      while true {
        var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, -1) < 0 {
          if errno == EINTR { continue }
          break serving
        }
        guard readOnce() == .more else { break serving }
        let done = state.withLock { state in
          guard state.outstanding.isEmpty, !state.drain else { return false }
          state.reader = .nobody
          return true
        }
        if done { break }
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

  /// Reads once from stdout (which `poll` found readable, so this does not block) and handles
  /// every whole line. Only the holder of the reading role calls it.
  private func readOnce() -> ReadOutcome {
    incoming.withLock { incoming in
      let count = incoming.chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count < 0 { return errno == EINTR || errno == EAGAIN ? .more : .ended }
      if count == 0 { return .ended }
      // Only the new bytes can hold a newline: the rest of the buffer was searched before.
      var searchFrom = incoming.buffer.count
      incoming.buffer.append(contentsOf: incoming.chunk[0..<count])
      var start = 0
      while let newline = incoming.buffer[searchFrom...].firstIndex(of: 0x0A) {
        let line = Array(incoming.buffer[start..<newline])
        start = newline + 1
        searchFrom = start
        if !handle(line) { return .broken }
      }
      incoming.buffer.removeFirst(start)
      if incoming.buffer.count > maximumMessageBytes {
        fail(
          ExtensionError(
            "extension '\(name)' sent a message over \(maximumMessageBytes) bytes; "
              + "messages must be one line of JSON"))
        return .broken
      }
      return .more
    }
  }

  /// Handles one line; returns false when the connection is broken.
  private func handle(_ line: [UInt8]) -> Bool {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { return true }
    let message: JSONValue
    do {
      message = try JSONParser.parse(line).plainValue
    } catch {
      // Masked before the cut, so that no fragment of a secret survives it.
      let secrets = state.withLock { $0.secrets }
      let text = String(secrets.masking(String(decoding: line, as: UTF8.self)).prefix(80))
      fail(
        ExtensionError(
          "extension '\(name)' sent a malformed message '\(text)': \(error.message) at "
            + "column \(error.position.column); it must write one JSON-RPC message a line on stdout"
            + " and log to stderr"))
      return false
    }
    guard case .object(let members) = message else {
      fail(ExtensionError("extension '\(name)' sent a message that is not a JSON object"))
      return false
    }
    // A handful of members: a scan beats building a dictionary; the first of a key counts.
    func field(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }
    if let method = field("method"), case .string(let method) = method {
      if let id = field("id") {
        answer(id: id, method: method)
      } else {
        notification(method, params: field("params") ?? .null)
      }
      return true
    }
    guard let idValue = field("id"), case .integer(let id) = idValue else {
      fail(ExtensionError("extension '\(name)' sent a reply without a numeric id"))
      return false
    }
    let reply: Result<JSONValue, ExtensionError> =
      if let error = field("error") {
        .failure(ExtensionError("extension '\(name)': \(Self.text(of: error))"))
      } else {
        .success(field("result") ?? .null)
      }
    enum Fate {
      case resume(CheckedContinuation<JSONValue, any Error>), kept, ignored, unknown
    }
    let fate = state.withLock { state -> Fate in
      state.progress[id] = nil
      if let continuation = state.pending.removeValue(forKey: id) {
        state.outstanding.remove(id)
        return .resume(continuation)
      }
      if state.outstanding.remove(id) != nil {
        // Its caller is still reading: it takes the reply before it would suspend.
        state.arrived[id] = reply
        return .kept
      }
      return state.cancelled.contains(id) ? .ignored : .unknown
    }
    switch fate {
    case .resume(let continuation): continuation.resume(with: reply.mapError { $0 })
    case .kept, .ignored: break
    case .unknown:
      fail(ExtensionError("extension '\(name)' replied to unknown request id \(id)"))
      return false
    }
    return true
  }

  private func notification(_ method: String, params: JSONValue) {
    guard method == "notifications/progress", case .object(let members) = params,
      let token = members.first(where: { $0.key == "progressToken" })?.value,
      case .integer(let id) = token
    else { return }
    let handler = state.withLock { $0.progress[id] }
    handler?(params)
  }

  /// Answers a request from the extension: `ping`, and "method not found" for the rest.
  private func answer(id: JSONValue, method: String) {
    let reply: JSONValue =
      method == "ping"
      ? .object([("jsonrpc", "2.0"), ("id", id), ("result", .object([]))])
      : .object([
        ("jsonrpc", "2.0"), ("id", id),
        (
          "error",
          .object([("code", -32601), ("message", .string("intentflow does not offer '\(method)'"))])
        ),
      ])
    try? send(reply)
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

  private func fail(_ error: any Error) {
    let failure =
      error as? ExtensionError ?? ExtensionError("extension '\(name)' failed: \(error)")
    let pending = state.withLock { state in
      if state.failure == nil { state.failure = failure }
      defer {
        state.pending = [:]
        state.outstanding = []
      }
      return state.pending
    }
    for continuation in pending.values { continuation.resume(throwing: failure) }
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

  /// The text of an error object: its message, and its data when that is text.
  static func text(of error: JSONValue) -> String {
    guard case .object(let members) = error else { return error.serialized() }
    let message = members.first { $0.key == "message" }?.value
    if case .string(let text)? = message { return text }
    return error.serialized()
  }
}
