import Foundation
public import IntentKit
import StrictJSON

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
  private var slots: [String: Slot] = [:]

  private enum Slot {
    case starting([CheckedContinuation<ExtensionSession, any Error>])
    case ready(ExtensionSession)
    case failed(any Error)
  }

  /// Prepares the extensions of a catalog; nothing starts yet.
  ///
  /// - Parameters:
  ///   - environment: The runner's environment, which each process inherits.
  ///   - cacheDirectory: Where tool declarations are cached; `nil` for no cache.
  ///   - startTimeout: The limit on starting and initializing when no step timeout applies.
  public init(
    catalog: ExtensionCatalog, environment: [String: String], cacheDirectory: String?,
    clientVersion: String, startTimeout: Duration = .seconds(10)
  ) {
    self.catalog = catalog
    self.environment = environment
    self.cacheDirectory = cacheDirectory
    self.clientVersion = clientVersion
    self.startTimeout = startTimeout
  }

  /// The session of the extension called `name`, started at the first call.
  public func session(_ name: String) async throws -> ExtensionSession {
    switch slots[name] {
    case .ready(let session):
      if let failure = session.connection.failure { throw failure }
      return session
    case .failed(let error):
      throw error
    case .starting(var waiters):
      return try await withCheckedThrowingContinuation { continuation in
        waiters.append(continuation)
        slots[name] = .starting(waiters)
      }
    case nil:
      guard let configuration = catalog.extensions.first(where: { $0.name == name }) else {
        throw ExtensionError("no extension is called '\(name)'; add it to extensions.json")
      }
      slots[name] = .starting([])
      let outcome: Result<ExtensionSession, any Error>
      do {
        outcome = .success(
          try await ExtensionSession.start(
            configuration, environment: environment, clientVersion: clientVersion))
      } catch {
        outcome = .failure(error)
      }
      guard case .starting(let waiters) = slots[name] else { return try outcome.get() }
      switch outcome {
      case .success(let session): slots[name] = .ready(session)
      case .failure(let error):
        // A cancelled start (the step timed out) may be retried by a later step.
        slots[name] = error is CancellationError ? nil : .failed(error)
      }
      for waiter in waiters { waiter.resume(with: outcome) }
      return try outcome.get()
    }
  }

  /// Starts the extension with a time limit, for listing and checks.
  public func startedSession(_ name: String) async throws -> ExtensionSession {
    let limit = startTimeout
    return try await withThrowingTaskGroup(of: ExtensionSession?.self) { group in
      group.addTask { try await self.session(name) }
      group.addTask {
        try await Task.sleep(for: limit)
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

  /// Every extension's state: from the cache when its command has not changed, else by
  /// starting it (the session then serves the run).
  public func states() async -> [(ExtensionConfiguration, State)] {
    var states: [(ExtensionConfiguration, State)] = []
    for configuration in catalog.extensions {
      states.append((configuration, await state(of: configuration)))
    }
    return states
  }

  private func state(of configuration: ExtensionConfiguration) async -> State {
    let key = cacheKey(configuration)
    if let key, let cached = readCache(configuration, key: key) {
      return .available(declarations: cached, fromCache: true)
    }
    do {
      let session = try await startedSession(configuration.name)
      if let key { writeCache(configuration, key: key, session: session) }
      return .available(declarations: session.declarations, fromCache: false)
    } catch let error as ExtensionError {
      return .broken(error)
    } catch {
      return .broken(ExtensionError("extension '\(configuration.name)' failed: \(error)"))
    }
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
        let progress = IntentContext.current.progress
        return try await session(name).perform(
          declaration, arguments: arguments, progress: progress, cancellation: cancellation)
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
    let sessions = slots.values.compactMap { slot -> ExtensionSession? in
      if case .ready(let session) = slot { return session }
      return nil
    }
    slots = [:]
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
    if !path.contains("/") {
      let search = configuration.environment["PATH"] ?? environment["PATH"] ?? ""
      guard
        let found = search.split(separator: ":").map({ "\($0)/\(path)" }).first(where: {
          FileManager.default.isExecutableFile(atPath: $0)
        })
      else { return nil }
      path = found
    }
    var stamps = [path]
    // An interpreter's script is usually the first argument: its changes count too.
    for file in [path] + configuration.arguments.prefix(2) where file.contains("/") || file == path
    {
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
        let modified = attributes[.modificationDate] as? Date
      else { continue }
      stamps.append("\(file)@\(modified.timeIntervalSince1970)")
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

  private func readCache(_ configuration: ExtensionConfiguration, key: String)
    -> [IntentDeclaration]?
  {
    guard let path = cachePath(configuration),
      let data = FileManager.default.contents(atPath: path),
      let root = try? JSONParser.parse([UInt8](data)).plainValue
    else { return nil }
    let fields = root.fields
    guard fields["key"]?.text == key, case .array(let items)? = fields["declarations"] else {
      return nil
    }
    do {
      return try items.map { item throws(ExtensionError) in
        switch configuration.wireProtocol {
        case .mcp: return try IntentDeclaration(mcpTool: item, extension: configuration.name)
        case .intentflow:
          return try IntentDeclaration(intentflowIntent: item, extension: configuration.name)
        }
      }
    } catch {
      return nil
    }
  }

  private func writeCache(
    _ configuration: ExtensionConfiguration, key: String, session: ExtensionSession
  ) {
    guard let directory = cacheDirectory, let path = cachePath(configuration) else { return }
    let document: JSONValue = .object([
      ("key", .string(key)), ("protocolVersion", .string(session.protocolVersion)),
      ("declarations", .array(session.rawDeclarations)),
    ])
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
