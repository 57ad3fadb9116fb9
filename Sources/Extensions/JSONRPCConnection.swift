import Dispatch
import Foundation
public import StrictJSON
import Synchronization

/// A JSON-RPC 2.0 connection to one extension process over its standard streams, one message
/// a line, requests multiplexed by id.
///
/// A thread of its own reads stdout with blocking `read` (never the Swift concurrency pool,
/// which a blocking call would starve), another keeps the tail of stderr for error messages.
/// Anything that breaks the protocol — an exit, a malformed or oversized line, a reply to an
/// unknown id — fails every pending request and every later one with an ``ExtensionError``
/// naming the extension; the runner itself carries on.
public final class JSONRPCConnection: Sendable {
  /// The extension's name, for messages.
  public let name: String
  /// The longest line accepted from the extension.
  public let maximumMessageBytes: Int
  private let process: Process
  private let input: FileHandle
  private let state = Mutex(State())
  /// Serializes writes; true once stdin is closed.
  private let writeLock = Mutex(false)
  /// Signalled when stderr reaches its end, so that an exit's message can quote the last line.
  private let logEnded = DispatchSemaphore(value: 0)

  private struct State {
    var nextID = 1
    var pending: [Int: CheckedContinuation<JSONValue, any Error>] = [:]
    var cancelled: Set<Int> = []
    var progress: [Int: @Sendable (JSONValue) -> Void] = [:]
    var failure: ExtensionError?
    var exited = false
    var stderrTail: [UInt8] = []
  }

  /// Starts the program and connects to it.
  ///
  /// - Throws: ``ExtensionError`` when the program cannot be started.
  public init(
    name: String, command: String, arguments: [String], environment: [String: String],
    maximumMessageBytes: Int = 8 << 20
  ) throws(ExtensionError) {
    self.name = name
    self.maximumMessageBytes = maximumMessageBytes
    let process = Process()
    var environment = environment
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    if command.contains("/") {
      guard FileManager.default.isExecutableFile(atPath: command) else {
        throw ExtensionError(
          "extension '\(name)': command '\(command)' does not exist or is not executable; "
            + "check 'command' in extensions.json")
      }
      process.executableURL = URL(fileURLWithPath: command)
    } else if let found = Self.find(command, path: path) {
      process.executableURL = URL(fileURLWithPath: found)
    } else {
      throw ExtensionError(
        "extension '\(name)': command '\(command)' was not found on PATH; give its full path "
          + "in extensions.json")
    }
    environment["INTENTFLOW_EXTENSION"] = name
    process.arguments = arguments
    process.environment = environment
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    do {
      try process.run()
    } catch {
      throw ExtensionError(
        "extension '\(name)': cannot start '\(command)': \(error.localizedDescription)")
    }
    self.process = process
    self.input = stdin.fileHandleForWriting
    let output = stdout.fileHandleForReading.fileDescriptor
    let errors = stderr.fileHandleForReading.fileDescriptor
    Thread.detachNewThread { [self] in self.readMessages(from: output) }
    Thread.detachNewThread { [self] in self.readLog(from: errors) }
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
    let message: JSONValue = .object([
      ("jsonrpc", "2.0"), ("id", .integer(id)), ("method", .string(method)), ("params", params),
    ])
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let refusal: (any Error)? = state.withLock { state in
          if let failure = state.failure { return failure }
          if state.cancelled.contains(id) { return CancellationError() }
          state.pending[id] = continuation
          return nil
        }
        if let refusal {
          continuation.resume(throwing: refusal)
          return
        }
        do {
          try send(message)
        } catch {
          fail(error)
        }
      }
    } onCancel: {
      let continuation = state.withLock { state in
        state.cancelled.insert(id)
        state.progress[id] = nil
        return state.pending.removeValue(forKey: id)
      }
      guard let continuation else { return }
      continuation.resume(throwing: CancellationError())
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
      if !closed { try? input.close() }
      closed = true
    }
    // A connection that broke the protocol may be stuck writing: no point in waiting for it.
    if failure == nil, await waitForExit(within: grace) { return }
    kill(process.processIdentifier, SIGTERM)
    if await waitForExit(within: grace) { return }
    kill(process.processIdentifier, SIGKILL)
    _ = await waitForExit(within: nil)
  }

  /// Whether the process is gone.
  public var hasExited: Bool { state.withLock { $0.exited } }

  /// The connection's failure, once it broke.
  public var failure: ExtensionError? { state.withLock { $0.failure } }

  // MARK: Writing

  private func send(_ message: JSONValue) throws(ExtensionError) {
    var bytes = message.serializedBytes()
    bytes.append(0x0A)
    let name = name
    let input = input
    let failure: ExtensionError? = writeLock.withLock { closed in
      if closed { return ExtensionError("extension '\(name)' is stopping; nothing more is sent") }
      let error = Self.writeAll(bytes, to: input.fileDescriptor)
      guard error != 0 else { return nil }
      let reason = String(cString: strerror(error))
      return ExtensionError("extension '\(name)' stopped reading its input (\(reason))")
    }
    if let failure { throw failure }
  }

  /// Writes every byte, and returns 0 or the `errno` of the failure.
  ///
  /// SIGPIPE is blocked on this thread while it writes: an extension that has exited makes
  /// the write fail with EPIPE instead of killing the runner, and the signal then pending is
  /// taken back before the mask is restored.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    defer {
      var none = timespec(tv_sec: 0, tv_nsec: 0)
      while sigtimedwait(&pipeSignal, nil, &none) == SIGPIPE {}
      pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return write(descriptor, base + offset, buffer.count - offset)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += count
    }
    return 0
  }

  // MARK: Reading

  private func readMessages(from descriptor: Int32) {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    reading: while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      // Only the new bytes can hold a newline: the rest of the buffer was searched before.
      var searchFrom = buffer.count
      buffer.append(contentsOf: chunk[0..<count])
      var start = 0
      while let newline = buffer[searchFrom...].firstIndex(of: 0x0A) {
        let line = Array(buffer[start..<newline])
        start = newline + 1
        searchFrom = start
        if !handle(line) { break reading }
      }
      buffer.removeFirst(start)
      if buffer.count > maximumMessageBytes {
        fail(
          ExtensionError(
            "extension '\(name)' sent a message over \(maximumMessageBytes) bytes; "
              + "messages must be one line of JSON"))
        break
      }
    }
    process.waitUntilExit()
    // A grandchild may hold stderr open: wait for its end a moment only.
    _ = logEnded.wait(timeout: .now() + .milliseconds(500))
    let status = process.terminationStatus
    let how =
      process.terminationReason == .uncaughtSignal
      ? "was killed by signal \(status)" : "exited with status \(status)"
    let log = state.withLock { String(decoding: $0.stderrTail, as: UTF8.self) }
    let tail = log.split(separator: "\n").last.map { ": \($0)" } ?? ""
    fail(ExtensionError("extension '\(name)' \(how)\(tail)"))
    state.withLock { $0.exited = true }
  }

  /// Handles one line; returns false when the connection is broken.
  private func handle(_ line: [UInt8]) -> Bool {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { return true }
    let message: JSONValue
    do {
      message = try JSONParser.parse(line).plainValue
    } catch {
      let text = String(decoding: line.prefix(80), as: UTF8.self)
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
    let fields = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    if let method = fields["method"], case .string(let method) = method {
      if let id = fields["id"] {
        answer(id: id, method: method)
      } else {
        notification(method, params: fields["params"] ?? .null)
      }
      return true
    }
    guard let idValue = fields["id"], case .integer(let id) = idValue else {
      fail(ExtensionError("extension '\(name)' sent a reply without a numeric id"))
      return false
    }
    let continuation = state.withLock { state in
      state.progress[id] = nil
      return state.pending.removeValue(forKey: id)
    }
    guard let continuation else {
      if state.withLock({ $0.cancelled.contains(id) }) { return true }
      fail(ExtensionError("extension '\(name)' replied to unknown request id \(id)"))
      return false
    }
    if let error = fields["error"] {
      continuation.resume(throwing: ExtensionError("extension '\(name)': \(Self.text(of: error))"))
    } else {
      continuation.resume(returning: fields["result"] ?? .null)
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
      defer { state.pending = [:] }
      return state.pending
    }
    for continuation in pending.values { continuation.resume(throwing: failure) }
  }

  /// Waits for the reader thread to see the exit, checking every 5 ms: a shutdown path, where
  /// polling keeps no waiter behind when the limit passes first.
  private func waitForExit(within limit: Duration?) async -> Bool {
    let clock = ContinuousClock()
    let end = limit.map { clock.now + $0 }
    while !hasExited {
      if let end, clock.now >= end { return hasExited }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return true
  }

  /// The text of an error object: its message, and its data when that is text.
  static func text(of error: JSONValue) -> String {
    guard case .object(let members) = error else { return error.serialized() }
    let message = members.first { $0.key == "message" }?.value
    if case .string(let text)? = message { return text }
    return error.serialized()
  }

  private static func find(_ command: String, path: String) -> String? {
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(command)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
