public import IntentKit
public import StrictJSON

/// A started, initialized extension: its connection, the protocol version agreed and the
/// intents it declared.
public struct ExtensionSession: Sendable {
  /// The MCP versions this client speaks, newest first.
  public static let mcpVersions = ["2025-06-18", "2025-03-26", "2024-11-05"]
  /// The IntentFlow protocol versions this client speaks, newest first: `2` adds entity types
  /// and `entities/query`.
  public static let intentflowVersions = ["2", "1"]

  public let configuration: ExtensionConfiguration
  public let connection: JSONRPCConnection
  /// The version the extension answered with.
  public let protocolVersion: String
  /// Every intent it declares, in its order.
  public let declarations: [IntentDeclaration]
  /// The raw declarations (tools or intents), for the cache.
  public let rawDeclarations: [JSONValue]
  /// The entity types it declares (IntentFlow protocol version 2), in its order.
  public var entityDeclarations: [EntityDeclaration] = []
  /// The raw entity type declarations, for the cache.
  public var rawEntities: [JSONValue] = []
  /// Whether it listed entity types under a version that has none (a mistake `check` reports).
  public var ignoredEntities = false

  /// Makes the engine's entity type of a declared one, routing its queries somewhere: the host
  /// sends them to whichever process serves the extension at the time.
  public typealias EntityTypeMaker = @Sendable (EntityDeclaration) -> EntityType

  /// Starts the process and runs the handshake: `initialize`, `notifications/initialized`,
  /// then for MCP `tools/list` page by page.
  ///
  /// - Throws: ``ExtensionError`` when it cannot start, breaks the protocol, or offers a
  ///   version this client does not speak; `CancellationError` when cancelled.
  ///
  /// - Parameter entityTypes: Makes the engine's entity types; `nil` to send their queries to
  ///   this session's process.
  public static func start(
    _ configuration: ExtensionConfiguration, environment: [String: String],
    clientVersion: String, entityTypes: EntityTypeMaker? = nil
  ) async throws -> ExtensionSession {
    var environment = environment
    environment.merge(configuration.environment) { _, new in new }
    let connection = try JSONRPCConnection(
      name: configuration.name, command: configuration.command,
      arguments: configuration.arguments, environment: environment)
    do {
      let maker =
        entityTypes ?? { declaration in
          declaration.entityType { request in
            try await entities(answering: request, connection: connection)
          }
        }
      return try await handshake(
        configuration, connection, clientVersion: clientVersion, entityTypes: maker)
    } catch {
      await connection.stop(grace: .milliseconds(200))
      throw error
    }
  }

  private static func handshake(
    _ configuration: ExtensionConfiguration, _ connection: JSONRPCConnection,
    clientVersion: String, entityTypes: EntityTypeMaker
  ) async throws -> ExtensionSession {
    let name = configuration.name
    let client: JSONValue = .object([("name", "intentflow"), ("version", .string(clientVersion))])
    switch configuration.wireProtocol {
    case .mcp:
      let result = try await connection.request(
        "initialize",
        params: .object([
          ("protocolVersion", .string(mcpVersions[0])), ("capabilities", .object([])),
          ("clientInfo", client),
        ]))
      let version = try agreed(result, supported: mcpVersions, name: name, what: "MCP")
      try connection.notify("notifications/initialized")
      var tools: [JSONValue] = []
      var cursor: JSONValue?
      repeat {
        let params: JSONValue = cursor.map { .object([("cursor", $0)]) } ?? .object([])
        let page = try await connection.request("tools/list", params: params).fields
        guard case .array(let items)? = page["tools"] else {
          throw ExtensionError("extension '\(name)' answered 'tools/list' without a 'tools' list")
        }
        tools += items
        cursor = page["nextCursor"].flatMap { $0 == .null ? nil : $0 }
        if tools.count > 10_000 {
          throw ExtensionError("extension '\(name)' lists more than 10000 tools; is it looping?")
        }
      } while cursor != nil
      let declarations = try tools.map { tool throws(ExtensionError) in
        try IntentDeclaration(mcpTool: tool, extension: name)
      }
      return ExtensionSession(
        configuration: configuration, connection: connection, protocolVersion: version,
        declarations: declarations, rawDeclarations: tools)
    case .intentflow:
      let result = try await connection.request(
        "initialize",
        params: .object([
          ("protocolVersion", .string(intentflowVersions[0])), ("client", client),
        ]))
      let version = try agreed(
        result, supported: intentflowVersions, name: name, what: "IntentFlow protocol")
      try connection.notify("notifications/initialized")
      guard case .array(let intents)? = result.fields["intents"] else {
        throw ExtensionError(
          "extension '\(name)' answered 'initialize' without an 'intents' list")
      }
      let rawEntities: [JSONValue]
      switch result.fields["entities"] {
      case .array(let items)? where version != "1": rawEntities = items
      case nil, .null?, .array?: rawEntities = []
      default:
        throw ExtensionError("extension '\(name)' answered 'initialize' with 'entities' not a list")
      }
      let (entities, declarations) = try declarations(
        intents: intents, entities: rawEntities, extension: name, entityTypes: entityTypes)
      var session = ExtensionSession(
        configuration: configuration, connection: connection, protocolVersion: version,
        declarations: declarations, rawDeclarations: intents)
      session.entityDeclarations = entities
      session.rawEntities = rawEntities
      if version == "1", case .array(let listed)? = result.fields["entities"] {
        session.ignoredEntities = !listed.isEmpty
      }
      return session
    }
  }

  /// Reads the entity types, then the intents that may name them.
  static func declarations(
    intents: [JSONValue], entities: [JSONValue], extension name: String,
    entityTypes: EntityTypeMaker
  ) throws(ExtensionError) -> ([EntityDeclaration], [IntentDeclaration]) {
    var declared: [EntityDeclaration] = []
    var types: [String: EntityType] = [:]
    for raw in entities {
      let entity = try EntityDeclaration(intentflowEntity: raw, extension: name)
      guard types[entity.name] == nil else {
        throw ExtensionError(
          "extension '\(name)' declares the entity type '\(entity.name)' twice; rename one")
      }
      declared.append(entity)
      types[entity.name] = entityTypes(entity)
    }
    let intents = try intents.map { intent throws(ExtensionError) in
      try IntentDeclaration(intentflowIntent: intent, extension: name, entityTypes: types)
    }
    return (declared, intents)
  }

  /// Sends one `entities/query` and returns its `entities` list.
  static func entities(answering request: EntityQueryRequest, connection: JSONRPCConnection)
    async throws -> [JSONValue]
  {
    let result = try await connection.request("entities/query", params: request.params)
    guard case .array(let items)? = result.fields["entities"] else {
      throw ExtensionError(
        "extension '\(connection.name)' answered 'entities/query' (\(request.kind.rawValue)) "
          + "for '\(request.type)' without an 'entities' list")
    }
    return items
  }

  /// Runs one entity query in this session.
  public func entities(answering request: EntityQueryRequest) async throws -> [JSONValue] {
    try await Self.entities(answering: request, connection: connection)
  }

  /// A JSON value from the extension as a value of `type`: entities (objects, or ids looked up
  /// with `entities/query`) for an entity type, `Value(json:)` for the rest.
  func value(from json: JSONValue, as type: ValueType) async throws -> Value {
    switch (type, json) {
    case (.entity(let entityType), .object):
      return .entity(
        AnyEntity(try entityDeclaration(of: entityType).entity(from: json, as: entityType)))
    case (.entity(let entityType), .string), (.entity(let entityType), .integer):
      let id = json.text ?? json.serialized()
      guard let found = try await entityType.entities(for: [id]).first else {
        throw ExtensionError(
          "extension '\(configuration.name)' returned the id '\(id)', which its "
            + "\(entityType.displayName) query does not find")
      }
      return .entity(found)
    case (.list(let element), .array(let items)) where element.entityType != nil:
      var values: [Value] = []
      for item in items { values.append(try await value(from: item, as: element)) }
      return .list(values)
    default:
      return Value(json: json)
    }
  }

  private func entityDeclaration(of type: EntityType) throws(ExtensionError) -> EntityDeclaration {
    guard let declaration = entityDeclarations.first(where: { $0.qualifiedName == type.name })
    else {
      throw ExtensionError(
        "extension '\(configuration.name)' no longer declares the entity type '\(type.name)'; "
          + "run 'intentflow extensions --refresh'")
    }
    return declaration
  }

  private static func agreed(
    _ result: JSONValue, supported: [String], name: String, what: String
  ) throws(ExtensionError) -> String {
    guard let version = result.fields["protocolVersion"]?.text else {
      throw ExtensionError("extension '\(name)' answered 'initialize' without a 'protocolVersion'")
    }
    guard supported.contains(version) else {
      throw ExtensionError(
        "extension '\(name)' speaks \(what) version '\(version)', which this intentflow does "
          + "not; it speaks \(supported.map { "'\($0)'" }.joined(separator: ", "))")
    }
    return version
  }

  /// Performs an intent and returns its value.
  ///
  /// - Throws: ``ExtensionError`` for a failure (the tool's own error text for MCP `isError`);
  ///   `CancellationError` when the step is cancelled, after telling the extension why.
  public func perform(
    _ declaration: IntentDeclaration, arguments: [String: Value],
    progress: ProgressReporter, cancellation: DynamicCancellation,
    secrets: SecretValues = SecretValues(), log: StepLog? = nil
  ) async throws -> Value {
    connection.hide(secrets)
    var members: [(key: String, value: JSONValue)] = []
    for (key, value) in arguments.sorted(by: { $0.key < $1.key }) where value != .null {
      members.append((key, value.jsonValue))
    }
    let onProgress: @Sendable (JSONValue) -> Void = { params in
      let fields = params.fields
      func number(_ key: String) -> Int? {
        switch fields[key] {
        case .integer(let value)?: return value
        case .number(let value)?: return Int(exactly: value.rounded()) ?? nil
        default: return nil
        }
      }
      progress.update(
        completed: number("progress") ?? 0, total: number("total"),
        message: fields["message"]?.text)
    }
    let reason: @Sendable () -> String = {
      cancellation.reason?.description ?? "the run was cancelled"
    }
    let name = configuration.name
    switch configuration.wireProtocol {
    case .mcp:
      let result = try await connection.request(
        "tools/call",
        params: .object([("name", .string(declaration.name)), ("arguments", .object(members))]),
        onProgress: onProgress, log: log, reason: reason
      ).fields
      let text = Self.text(of: result["content"])
      if result["isError"] == .bool(true) {
        // The step's error names the intent, and so the extension, already.
        throw ExtensionError(text.isEmpty ? "the tool of '\(name)' reported an error" : text)
      }
      if let structured = result["structuredContent"], declaration.outputType == .dictionary {
        return Value(json: structured)
      }
      return declaration.outputType == .dictionary ? .dictionary([:]) : .text(text)
    case .intentflow:
      let result = try await connection.request(
        "intents/perform",
        params: .object([("intent", .string(declaration.name)), ("parameters", .object(members))]),
        onProgress: onProgress, log: log, reason: reason
      ).fields
      if declaration.outputType == .nothing { return .null }
      return try await value(from: result["value"] ?? .null, as: declaration.outputType)
    }
  }

  /// Asks an IntentFlow extension whether the intent can go ahead (`intents/confirm`).
  public func confirm(_ declaration: IntentDeclaration, arguments: [String: Value]) async throws
    -> ConfirmationResult
  {
    var members: [(key: String, value: JSONValue)] = []
    for (key, value) in arguments.sorted(by: { $0.key < $1.key }) where value != .null {
      members.append((key, value.jsonValue))
    }
    let result = try await connection.request(
      "intents/confirm",
      params: .object([("intent", .string(declaration.name)), ("parameters", .object(members))])
    ).fields
    switch result["result"]?.text {
    case "needsConfirmation":
      return .needsUserConfirmation(prompt: result["prompt"]?.text ?? "Run '\(declaration.title)'?")
    case "failure":
      return .failure(reason: result["reason"]?.text ?? "the extension refused")
    default:
      return .ready
    }
  }

  /// Asks an IntentFlow extension to resolve one parameter's value (`intents/resolve`).
  public func resolve(_ declaration: IntentDeclaration, parameter: String, value: Value)
    async throws -> ParameterResolution<Value>
  {
    let result = try await connection.request(
      "intents/resolve",
      params: .object([
        ("intent", .string(declaration.name)), ("parameter", .string(parameter)),
        ("value", value.jsonValue),
      ])
    ).fields
    let prompt = result["prompt"]?.text
    let type = declaration.parameters().first { $0.name == parameter }?.type ?? .any
    func read(_ json: JSONValue?) async throws -> Value {
      guard let json else { return value }
      return try await self.value(from: json, as: type)
    }
    switch result["result"]?.text {
    case "success"?:
      return .success(try await read(result["value"]))
    case "needsValue"?:
      return .needsValue(prompt: prompt)
    case "unsupported"?:
      return .unsupported(reason: result["reason"]?.text ?? "the extension refused it")
    case "disambiguation"?:
      guard case .array(let candidates)? = result["candidates"] else { break }
      var values: [Value] = []
      for candidate in candidates { values.append(try await read(candidate)) }
      return .disambiguation(values, prompt: prompt)
    case "confirmationRequired"?:
      return .confirmationRequired(
        try await read(result["value"]),
        prompt: prompt ?? "Use '\(value.textDescription)' for '\(parameter)'?")
    default:
      break
    }
    throw ExtensionError(
      "extension '\(configuration.name)' answered 'intents/resolve' for '\(parameter)' without "
        + "a known 'result' (success, needsValue, unsupported, disambiguation, "
        + "confirmationRequired)")
  }

  /// The text items of an MCP `content` list, one a line.
  static func text(of content: JSONValue?) -> String {
    guard case .array(let items)? = content else { return "" }
    return items.compactMap { item in
      let fields = item.fields
      return fields["type"]?.text == "text" ? fields["text"]?.text : nil
    }.joined(separator: "\n")
  }
}
