import ChildProcesses
public import IntentKit
import Races
import StrictJSON

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

/// The extensions of one run: their declarations (from the cache when nothing changed), the
/// intents made from them, and one process per extension, started at its first use and
/// stopped by ``shutdown()``.
public actor ExtensionHost {
  /// How one extension stands.
  public enum State: Sendable {
    /// Its declarations were read; `fromCache` tells whether without starting it.
    case available(declarations: [IntentDeclaration], fromCache: Bool)
    /// It could not be started or listed.
    case broken(ExtensionError)
  }

  public nonisolated let catalog: ExtensionCatalog
  private let environment: [String: String]
  private let cacheDirectory: String?
  private let clientVersion: String
  private let startTimeout: Duration
  /// Times ``startTimeout``: the run environment's clock.
  private let clock: RunClock
  /// How many times a process that died is started again within one run.
  public nonisolated let maximumRestarts: Int
  private var slots: [String: Slot] = [:]
  /// Restarts made so far, by extension.
  private var restarts: [String: Int] = [:]
  /// Sessions replaced by a restart: their processes are gone or broken, and are reaped at
  /// shutdown.
  private var retired: [ExtensionSession] = []

  private enum Slot {
    /// The first caller starts it; later ones wait for the start's outcome.
    case starting(OneShot<Result<ExtensionSession, any Error>>)
    case ready(ExtensionSession)
    case failed(any Error)
  }

  /// Prepares the extensions of a catalog; nothing starts yet.
  ///
  /// - Parameters:
  ///   - environment: The runner's environment, which each process inherits.
  ///   - cacheDirectory: Where tool declarations are cached; `nil` for no cache.
  ///   - startTimeout: The limit on starting and initializing when no step timeout applies.
  ///   - maximumRestarts: How many times a process that died (or broke the protocol) is
  ///     started again, at the next use, within this host's run.
  ///   - clock: The clock that times `startTimeout` (the run environment's).
  public init(
    catalog: ExtensionCatalog, environment: [String: String], cacheDirectory: String?,
    clientVersion: String, startTimeout: Duration = .seconds(10), maximumRestarts: Int = 3,
    clock: RunClock = .live
  ) {
    self.clock = clock
    self.catalog = catalog
    self.environment = environment
    self.cacheDirectory = cacheDirectory
    self.clientVersion = clientVersion
    self.startTimeout = startTimeout
    self.maximumRestarts = maximumRestarts
  }

  /// The session of the extension called `name`, started at the first call, and started
  /// again when its process has died since (at most ``maximumRestarts`` times).
  ///
  /// - Throws: ``ExtensionError`` when it cannot start, or died once more than it may be
  ///   restarted (the message quotes its last failure and so its last line of stderr).
  public func session(_ name: String) async throws -> ExtensionSession {
    switch slots[name] {
    case .ready(let session):
      guard let failure = session.connection.failure else { return session }
      let made = restarts[name, default: 0]
      guard made < maximumRestarts else {
        throw ExtensionError(
          "\(failure.message); it was restarted \(made) \(made == 1 ? "time" : "times") in this "
            + "run and is not started again")
      }
      restarts[name] = made + 1
      retired.append(session)
      slots[name] = nil
      return try await self.session(name)
    case .failed(let error):
      throw error
    case .starting(let started):
      return try await started.value().get()
    case nil:
      guard let configuration = catalog.extensions.first(where: { $0.name == name }) else {
        throw ExtensionError("no extension is called '\(name)'; add it to extensions.json")
      }
      let started = OneShot<Result<ExtensionSession, any Error>>()
      slots[name] = .starting(started)
      let outcome: Result<ExtensionSession, any Error>
      do {
        outcome = .success(
          try await ExtensionSession.start(
            configuration, environment: environment, clientVersion: clientVersion,
            entityTypes: entityTypeMaker(for: name)))
      } catch {
        outcome = .failure(error)
      }
      // Whatever happened to the slot meanwhile, the callers that wait learn the outcome.
      started.resolve(outcome)
      if case .starting(let current) = slots[name], current === started {
        switch outcome {
        case .success(let session): slots[name] = .ready(session)
        case .failure(let error):
          // A cancelled start (the step timed out) may be retried by a later step.
          slots[name] = error is CancellationError ? nil : .failed(error)
        }
      }
      return try outcome.get()
    }
  }

  /// Starts the extension with a time limit, for listing and checks.
  public func startedSession(_ name: String) async throws -> ExtensionSession {
    let limit = startTimeout
    let sleep = clock.sleep
    return try await withThrowingTaskGroup(of: ExtensionSession?.self) { group in
      group.addTask { try await self.session(name) }
      group.addTask {
        try await sleep(limit)
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let session = first else {
        throw ExtensionError(
          "extension '\(name)' did not finish starting within \(limit); check that it answers "
            + "'initialize' on stdout")
      }
      return session
    }
  }

  /// Makes the engine's entity types of extension `name`: their queries go to whichever
  /// process serves it when they run, started then if need be.
  nonisolated func entityTypeMaker(for name: String) -> ExtensionSession.EntityTypeMaker {
    { [self] declaration in
      declaration.entityType { request in
        try await self.session(name).entities(answering: request)
      }
    }
  }

  /// Every extension's state: from the cache when its command has not changed, else by
  /// starting it (the session then serves the run).
  ///
  /// - Parameter refresh: Whether to start every extension even when the cache holds its
  ///   declarations or its failure (the cache is written afresh).
  public func states(refresh: Bool = false) async -> [(ExtensionConfiguration, State)] {
    var states: [(ExtensionConfiguration, State)] = []
    for configuration in catalog.extensions {
      states.append((configuration, await state(of: configuration, refresh: refresh)))
    }
    return states
  }

  /// The state of the extension called `name` (see ``states(refresh:)``); `nil` when no
  /// extension has that name.
  public func state(of name: String, refresh: Bool) async -> State? {
    guard let configuration = catalog.extensions.first(where: { $0.name == name }) else {
      return nil
    }
    return await state(of: configuration, refresh: refresh)
  }

  private func state(of configuration: ExtensionConfiguration, refresh: Bool) async -> State {
    let key = cacheKey(configuration)
    if !refresh, let key, let cached = readCache(configuration, key: key) {
      switch cached {
      case .declarations(let declarations):
        return .available(declarations: declarations, fromCache: true)
      case .broken(let message):
        return .broken(
          ExtensionError(
            "\(message) (remembered from an earlier try; 'intentflow extensions --refresh' "
              + "tries again)"))
      }
    }
    let failure: ExtensionError
    do {
      let session = try await startedSession(configuration.name)
      if let key { writeCache(configuration, key: key, contents: .session(session)) }
      return .available(declarations: session.declarations, fromCache: false)
    } catch let error as ExtensionError {
      failure = error
    } catch is CancellationError {
      return .broken(ExtensionError("extension '\(configuration.name)' was not started: cancelled"))
    } catch {
      failure = ExtensionError("extension '\(configuration.name)' failed: \(error)")
    }
    // A broken extension costs a failed start (up to the start timeout for a hang) each
    // time: remember the failure until its command, arguments or environment change.
    if let key { writeCache(configuration, key: key, contents: .broken(failure.message)) }
    return .broken(failure)
  }

  /// Adds the intents of every available extension to `registry`.
  ///
  /// - Returns: One problem per extension that is broken or whose intents clash with others.
  public func register(into registry: inout IntentRegistry) async -> [String] {
    var problems = catalog.problems
    for (configuration, state) in await states() {
      switch state {
      case .broken(let error):
        problems.append("\(error.message); its intents are unavailable")
      case .available(let declarations, _):
        for declaration in declarations {
          let descriptor = self.descriptor(declaration, of: configuration)
          if registry.intent(descriptor.identifier) != nil {
            problems.append(
              "extension '\(configuration.name)' declares '\(descriptor.identifier)', which "
                + "another intent already has; rename the extension in extensions.json")
            continue
          }
          registry.register(descriptor)
        }
      }
    }
    return problems
  }

  /// The intent descriptor of one declaration: it performs through this host's session.
  public nonisolated func descriptor(
    _ declaration: IntentDeclaration, of configuration: ExtensionConfiguration
  ) -> IntentDescriptor {
    let name = configuration.name
    let identifier = IntentIdentifier("\(name).\(declaration.name)")
    let title = declaration.title
    let destructive = declaration.isDestructive
    let asks = declaration.confirmsWithExtension
    let behavior = DynamicBehavior(
      confirm: { [self] arguments in
        if asks {
          return try await session(name).confirm(declaration, arguments: arguments)
        }
        return destructive
          ? .needsUserConfirmation(prompt: "Run '\(identifier)' (\(title))? It may change data.")
          : .ready
      },
      perform: { [self] arguments, cancellation in
        let context = IntentContext.current
        return try await session(name).perform(
          declaration, arguments: arguments, progress: context.progress,
          cancellation: cancellation, secrets: context.dependencies.secrets, log: context.log)
      })
    var description = declaration.description
    if description.isEmpty { description = "Runs '\(declaration.name)' of extension '\(name)'." }
    return IntentDescriptor(
      identifier: identifier, title: title, description: description,
      parameterSummary: declaration.parameterSummary,
      parameters: declaration.parameters().map { parameter in
        guard declaration.resolvedParameters.contains(parameter.name) else { return parameter }
        var parameter = parameter
        let parameterName = parameter.name
        parameter.resolve = { [self] value in
          try await session(name).resolve(declaration, parameter: parameterName, value: value)
        }
        return parameter
      },
      outputType: declaration.outputType, isLongRunning: declaration.isLongRunning,
      asksForConfirmation: destructive || asks, behavior: behavior)
  }

  /// Stops every process that was started: stdin closed, then SIGTERM, then SIGKILL.
  public func shutdown() async {
    let sessions =
      retired
      + slots.values.compactMap { slot -> ExtensionSession? in
        if case .ready(let session) = slot { return session }
        return nil
      }
    slots = [:]
    retired = []
    await withTaskGroup(of: Void.self) { group in
      for session in sessions { group.addTask { await session.connection.stop() } }
      await group.waitForAll()
    }
  }

  // MARK: The declaration cache

  /// The command's resolved path with its modification time, the arguments and the protocol:
  /// what must be unchanged for the cached declarations to hold.
  private func cacheKey(_ configuration: ExtensionConfiguration) -> String? {
    guard cacheDirectory != nil else { return nil }
    var path = configuration.command
    if !path.contains(Character("/")) {
      // The same search the connection makes, so that the key names the program it starts.
      let search = configuration.environment["PATH"] ?? environment["PATH"] ?? ""
      guard
        let found = ChildProcess.executable(
          named: path, searching: search.split(separator: ":").map(String.init))
      else { return nil }
      path = found
    }
    var stamps = [path]
    // An interpreter's script is usually the first argument: its changes count too.
    for file in [path] + configuration.arguments.prefix(2)
    where file.contains(Character("/")) || file == path {
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
        let modified = attributes[.modificationDate] as? Date
      else { continue }
      // `chmod +x` changes no modification time, yet mends a "not executable" failure.
      let mode = FileManager.default.isExecutableFile(atPath: file) ? "x" : "-"
      stamps.append("\(file)@\(modified.timeIntervalSince1970)\(mode)")
    }
    let env = configuration.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    return JSONValue.array(
      (stamps + configuration.arguments + env + [configuration.wireProtocol.rawValue])
        .map(JSONValue.string)
    ).serialized()
  }

  private func cachePath(_ configuration: ExtensionConfiguration) -> String? {
    cacheDirectory.map { "\($0)/\(configuration.name).json" }
  }

  /// The layout of a cache file; a file of another layout is ignored.
  private static let cacheFormat = 2

  private enum CacheEntry {
    case declarations([IntentDeclaration])
    case broken(String)
  }

  private enum CacheContents {
    case session(ExtensionSession)
    case broken(String)
  }

  private func readCache(_ configuration: ExtensionConfiguration, key: String) -> CacheEntry? {
    guard let path = cachePath(configuration),
      let data = FileManager.default.contents(atPath: path),
      let root = try? JSONParser.parse([UInt8](data)).plainValue
    else { return nil }
    let fields = root.fields
    guard fields["key"]?.text == key, fields["format"] == .integer(Self.cacheFormat) else {
      return nil
    }
    if let message = fields["broken"]?.text { return .broken(message) }
    guard case .array(let items)? = fields["declarations"] else { return nil }
    let name = configuration.name
    do {
      switch configuration.wireProtocol {
      case .mcp:
        return .declarations(
          try items.map { item throws(ExtensionError) in
            try IntentDeclaration(mcpTool: item, extension: name)
          })
      case .intentflow:
        var entities: [JSONValue] = []
        if case .array(let list)? = fields["entities"] { entities = list }
        return .declarations(
          try ExtensionSession.declarations(
            intents: items, entities: entities, extension: name,
            entityTypes: entityTypeMaker(for: name)
          ).1)
      }
    } catch {
      return nil
    }
  }

  private func writeCache(
    _ configuration: ExtensionConfiguration, key: String, contents: CacheContents
  ) {
    guard let directory = cacheDirectory, let path = cachePath(configuration) else { return }
    var members: [(key: String, value: JSONValue)] = [
      ("format", .integer(Self.cacheFormat)), ("key", .string(key)),
    ]
    switch contents {
    case .session(let session):
      members += [
        ("protocolVersion", .string(session.protocolVersion)),
        ("entities", .array(session.rawEntities)),
        ("declarations", .array(session.rawDeclarations)),
      ]
    case .broken(let message):
      members.append(("broken", .string(message)))
    }
    let document: JSONValue = .object(members)
    // The cache only saves time: a directory that cannot be written costs a start next time.
    try? FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    let temporary = path + ".\(getpid()).tmp"
    guard
      FileManager.default.createFile(
        atPath: temporary, contents: Data(document.serializedBytes(pretty: true)))
    else { return }
    if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
  }
}
