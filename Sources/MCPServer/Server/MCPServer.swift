public import IntentKit
import StrictJSON
import Suggestions
import Synchronization
public import WorkflowEngine

/// IntentFlow as a Model Context Protocol server: the tools of a ``ToolCatalog`` over a
/// ``MessageChannel`` (stdio), with the SiriKit lifecycle of every call mapped onto the
/// protocol (DESIGN section 14).
///
/// ``serve()`` reads messages until the input ends. Requests other than `tools/call` and the
/// entity queries are answered in order, as they arrive; each call and each entity query runs
/// as a child of one task group, so that
/// `ping`, `notifications/cancelled` and the client's answers to the server's own requests
/// are read while calls run. At the end of input every call still running is awaited (its
/// result is written), and every request the server made of the client fails.
///
/// A class: the session's state (the negotiated revision, the client's capabilities, the
/// calls running, the requests awaiting the client) has one identity, behind one lock.
public final class MCPServer: Sendable {
  /// What the server exposes and how it runs calls.
  public struct Configuration: Sendable {
    /// `serverInfo.name` and `version`.
    public var name = "intentflow"
    public var version: String
    /// The tools to list, in order.
    public var tools: [Tool]
    /// Answer every confirmation with yes (`--yes`).
    public var assumeYes = false
    /// What every run starts from: dependencies (stores, ranking), the evaluation
    /// environment, the default timeout. Its interaction, observer and cancellation reason
    /// are the server's.
    public var executor = Executor.Configuration()
    /// Records one call in history; `nil` records nothing. Told the tool's name, the
    /// workflow's path (`intent:ID` for an intent) and the arguments, once they are checked.
    public var record:
      @Sendable (_ tool: String, _ path: String, _ arguments: [String: Value])
        -> (any CallRecording)? = { _, _, _ in nil }
    /// The executor a call's own task prefers (see `CLIContext.taskExecutor`).
    public var taskExecutor: (any TaskExecutor)?
    /// The order of suggested entities in `resources/list` and `completion/complete`:
    /// relevant, then recently used ones first. Asked at each request, so that what calls
    /// used since the server started counts.
    public var ranking: @Sendable () -> EntityRanking = { .none }

    public init(version: String, tools: [Tool]) {
      self.version = version
      self.tools = tools
    }
  }

  struct State {
    var version = ProtocolVersion.supported[0]
    var clientCapabilities = JSONValue.object([])
    var running: [JSONValue: RunningCall] = [:]
    var nextRequest = 1
    var pending: [Int: CheckedContinuation<Result<JSONValue, JSONRPCError>, Never>] = [:]
    var inputEnded = false
  }

  /// A call in progress, as `notifications/cancelled` finds it.
  struct RunningCall: Sendable {
    let cancel: @Sendable (String) -> Void
  }

  let configuration: Configuration
  let channel: MessageChannel
  let state = Mutex(State())
  private let toolsByName: [String: Tool]
  /// The entity types offered as resources: those the tools take or return.
  let resources: EntityResources

  public init(configuration: Configuration, channel: MessageChannel) {
    self.configuration = configuration
    self.channel = channel
    var byName: [String: Tool] = [:]
    for tool in configuration.tools where byName[tool.name] == nil { byName[tool.name] = tool }
    toolsByName = byName
    resources = EntityResources(tools: configuration.tools)
  }

  /// Serves until the input ends and every call has finished.
  public func serve() async {
    await withDiscardingTaskGroup { group in
      while let line = await channel.readLine() {
        if line.allSatisfy(\.isWhitespace) { continue }
        let message: JSONRPCMessage
        do throws(JSONRPCMessage.Malformed) {
          message = try JSONRPCMessage(line: line)
        } catch {
          channel.send(.response(id: error.id, result: .failure(error.error)))
          continue
        }
        switch message {
        case .request(let id, "tools/call", let params):
          group.addTask { await self.runCall(id: id, params: params) }
        case .request(let id, let method, let params) where Self.queriesEntities(method):
          // An entity query may wait (an extension's query, a busy store): the loop reads on,
          // so that a call's elicitation answers and cancellations still arrive meanwhile.
          group.addTask {
            self.channel.send(.response(id: id, result: await self.answer(method, params: params)))
          }
        case .request(let id, let method, let params):
          channel.send(.response(id: id, result: await answer(method, params: params)))
        case .notification(let method, let params):
          notice(method, params: params)
        case .response(let id, let result):
          deliver(id, result)
        }
      }
      endOfInput()
    }
  }

  /// Whether a request runs entity queries (resources, completion), which may wait: it is
  /// answered from a task of its own, not in the reading loop, so its answer may come after
  /// those of later requests (JSON-RPC matches answers by id).
  static func queriesEntities(_ method: String) -> Bool {
    ["resources/list", "resources/read", "completion/complete"].contains(method)
  }

  /// The answer to a request other than `tools/call`.
  func answer(_ method: String, params: JSONValue) async -> Result<JSONValue, JSONRPCError> {
    switch method {
    case "initialize": return .success(initialize(params))
    case "ping": return .success(.object([]))
    case "tools/list":
      let version = state.withLock { $0.version }
      return .success(["tools": .array(configuration.tools.map { $0.listing(for: version) })])
    case "resources/templates/list": return .success(resourceTemplates())
    case "resources/list": return await resourceList()
    case "resources/read": return await readResource(params)
    case "completion/complete": return await complete(params)
    default:
      return .failure(
        JSONRPCError(
          code: .methodNotFound,
          message: "unknown method '\(method)'; this server answers initialize, ping, "
            + "tools/list, tools/call, resources/list, resources/templates/list, "
            + "resources/read and completion/complete"))
    }
  }

  func initialize(_ params: JSONValue) -> JSONValue {
    let version = ProtocolVersion.negotiated(requested: params["protocolVersion"]?.text)
    state.withLock { state in
      state.version = version
      state.clientCapabilities = params["capabilities"] ?? .object([])
    }
    return [
      "protocolVersion": .string(version.rawValue),
      "capabilities": capabilities(for: version),
      "serverInfo": [
        "name": .string(configuration.name), "version": .string(configuration.version),
      ],
      "instructions": .string(
        "Each tool runs an IntentFlow workflow or intent. Tools marked destructiveHint ask for "
          + "confirmation before they change anything."),
    ]
  }

  /// What the server offers: tools and resources; completions from 2025-03-26 (the
  /// revision that declares them).
  func capabilities(for version: ProtocolVersion) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("tools", ["listChanged": false]),
      ("resources", ["subscribe": false, "listChanged": false]),
    ]
    if version >= .v2025_03_26 { members.append(("completions", .object([]))) }
    return .object(members)
  }

  func notice(_ method: String, params: JSONValue) {
    switch method {
    case "notifications/cancelled":
      guard let id = params["requestId"] else { return }
      let reason = params["reason"]?.text ?? "the client cancelled the call"
      let call = state.withLock { $0.running[id] }
      call?.cancel(reason)
    default: break  // notifications/initialized and others need no answer
    }
  }

  /// Hands the client's answer to the server's request that awaits it.
  func deliver(_ id: JSONValue, _ result: Result<JSONValue, JSONRPCError>) {
    guard case .integer(let number) = id else { return }
    let waiter = state.withLock { $0.pending.removeValue(forKey: number) }
    waiter?.resume(returning: result)
  }

  /// Sends a request to the client and waits for its answer; fails at once when the input
  /// has ended.
  func request(_ method: String, params: JSONValue) async -> Result<JSONValue, JSONRPCError> {
    await withCheckedContinuation { continuation in
      let number = state.withLock { state -> Int? in
        guard !state.inputEnded else { return nil }
        let number = state.nextRequest
        state.nextRequest += 1
        state.pending[number] = continuation
        return number
      }
      guard let number else {
        continuation.resume(
          returning: .failure(
            JSONRPCError(code: .internalError, message: "the client closed its input")))
        return
      }
      channel.send(.request(id: .integer(number), method: method, params: params))
    }
  }

  private func endOfInput() {
    let waiting = state.withLock { state in
      state.inputEnded = true
      defer { state.pending = [:] }
      return Array(state.pending.values)
    }
    for waiter in waiting {
      waiter.resume(
        returning: .failure(
          JSONRPCError(code: .internalError, message: "the client closed its input")))
    }
  }

  /// Runs one `tools/call` and writes its response, unless the client cancelled it (MCP
  /// asks for no response then).
  private func runCall(id: JSONValue, params: JSONValue) async {
    let reason = Locked<String?>(nil)
    let task = Task(executorPreference: configuration.taskExecutor) {
      await self.call(params, cancelledBecause: { reason.value })
    }
    let registered = state.withLock { state -> Bool in
      guard state.running[id] == nil else { return false }
      state.running[id] = RunningCall { why in
        reason.value = why
        task.cancel()
      }
      return true
    }
    guard registered else {
      task.cancel()
      _ = await task.value
      channel.send(
        .response(
          id: id,
          result: .failure(
            JSONRPCError(
              code: .invalidRequest, message: "a request with id \(id.serialized()) is running"))))
      return
    }
    let result = await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
    state.withLock { $0.running[id] = nil }
    if reason.value != nil { return }
    channel.send(.response(id: id, result: result))
  }

  /// The result of a `tools/call`: a JSON-RPC error for a call that names no tool the server
  /// lists, else a tool result (with `isError` for arguments that do not fit and for runs
  /// that did not succeed).
  func call(_ params: JSONValue, cancelledBecause reason: @escaping @Sendable () -> String?)
    async -> Result<JSONValue, JSONRPCError>
  {
    guard let name = params["name"]?.text else {
      return .failure(
        JSONRPCError(code: .invalidParams, message: "tools/call needs the tool's 'name'"))
    }
    guard let tool = toolsByName[name] else {
      var message = "unknown tool '\(name)'"
      if let suggestion = Spelling.closest(to: name, among: configuration.tools.map(\.name)) {
        message += "; did you mean '\(suggestion)'?"
      } else {
        message += "; tools/list lists the tools"
      }
      return .failure(JSONRPCError(code: .invalidParams, message: message))
    }
    let version = state.withLock { $0.version }
    let arguments: [String: Value]
    switch ToolArguments.check(params["arguments"], for: tool) {
    case .success(let values): arguments = values
    case .failure(let mismatch):
      return .success(ToolResult.error(mismatch.message).json(for: version))
    }
    let progress = params["_meta"]?["progressToken"].map {
      ProgressNotifier(token: $0, channel: channel)
    }
    let outcome = await CallRun(
      server: self, tool: tool, arguments: arguments, progress: progress,
      cancellationReason: reason
    ).run()
    return .success(outcome.json(for: version))
  }
}

/// A value behind a lock that escaping closures can share.
final class Locked<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: Value) {
    mutex = Mutex(value)
  }

  var value: Value {
    get { mutex.withLock { $0 } }
    set { mutex.withLock { $0 = newValue } }
  }

  func mutate(_ change: (inout Value) -> Void) {
    mutex.withLock { change(&$0) }
  }
}

/// One call's record in history, begun when the arguments are checked.
public protocol CallRecording: Sendable {
  /// The journal that records a workflow call's steps as they end (DESIGN §12), each entry
  /// as `redact` makes it (secret inputs hidden); `nil` when no steps are recorded.
  func stepJournal(redacting redact: @escaping @Sendable (StepEntry) -> StepEntry)
    -> StepJournal?
  /// The run's identifier in history (`${run.id}` in `onFailure` steps), when it has one.
  var runID: String? { get }
  /// Notes how the call ended.
  func finish(_ result: RunResult)
}

extension CallRecording {
  /// Records no steps.
  public func stepJournal(redacting redact: @escaping @Sendable (StepEntry) -> StepEntry)
    -> StepJournal?
  { nil }

  /// No identifier.
  public var runID: String? { nil }
}
