import IntentKit
import StrictJSON
import Synchronization
import WorkflowEngine

/// `resources/templates/list`, `resources/list`, `resources/read` and `completion/complete`:
/// entities through their queries, as ``EntityResources`` offers them.
extension MCPServer {
  /// The most values one `completion/complete` answers with (MCP's limit).
  static let completionLimit = 100

  /// One template per offered entity type.
  func resourceTemplates() -> JSONValue {
    let version = state.withLock { $0.version }
    let templates = resources.types.map { type -> JSONValue in
      var members: [(key: String, value: JSONValue)] = [
        ("uriTemplate", .string(EntityResources.template(of: type))),
        ("name", .string(type.name)),
      ]
      if version >= .v2025_06_18 { members.append(("title", .string(type.displayName))) }
      members.append(
        (
          "description",
          .string(
            "A \(type.displayName) by its id, as JSON (type, id, display, properties); "
              + "completion/complete on 'id' offers ids from words of its title")
        ))
      members.append(("mimeType", "application/json"))
      return .object(members)
    }
    return ["resourceTemplates": .array(templates)]
  }

  /// The suggested entities of every offered type, relevant and recently used ones first.
  func resourceList() async -> Result<JSONValue, JSONRPCError> {
    let version = state.withLock { $0.version }
    var listed: [JSONValue] = []
    for type in resources.types {
      let entities: [AnyEntity]
      do {
        entities = try await query { try await type.suggestedEntities() }
      } catch {
        return .failure(
          JSONRPCError(
            code: .internalError,
            message: "cannot list the \(type.displayName)s: \(Self.describe(error))"))
      }
      for entity in configuration.ranking().ordered(entities) {
        var members: [(key: String, value: JSONValue)] = [
          ("uri", .string(EntityResources.uri(of: entity))),
          ("name", .string(entity.displayRepresentation.title)),
        ]
        if version >= .v2025_06_18 {
          members.append(("title", .string(entity.displayRepresentation.title)))
        }
        if let subtitle = entity.displayRepresentation.subtitle {
          members.append(("description", .string(subtitle)))
        }
        members.append(("mimeType", "application/json"))
        listed.append(.object(members))
      }
    }
    return .success(["resources": .array(listed)])
  }

  /// The entity a URI names, as `--json` shows it, deferred properties computed.
  func readResource(_ params: JSONValue) async -> Result<JSONValue, JSONRPCError> {
    guard let uri = params["uri"]?.text else {
      return .failure(
        JSONRPCError(code: .invalidParams, message: "resources/read needs the resource's 'uri'"))
    }
    guard let address = EntityResources.address(uri) else {
      return .failure(
        JSONRPCError(
          code: .invalidParams,
          message: "'\(uri)' is not an entity resource; write intentflow://TYPE/ID "
            + "(resources/templates/list lists the types)"))
    }
    guard let type = resources.type(named: address.typeName) else {
      return .failure(
        JSONRPCError(
          code: .resourceNotFound, message: resources.unknownType(address.typeName),
          data: ["uri": .string(uri)]))
    }
    let found: [AnyEntity]
    do {
      found = try await query { try await type.entities(for: [address.id]) }
    } catch {
      return .failure(
        JSONRPCError(
          code: .internalError,
          message: "cannot read \(type.displayName) '\(address.id)': \(Self.describe(error))"))
    }
    guard let entity = found.first(where: { $0.id == address.id }) ?? found.first else {
      return .failure(
        JSONRPCError(
          code: .resourceNotFound,
          message: "no \(type.displayName) has the id '\(address.id)'; resources/list and "
            + "completion/complete offer the ids",
          data: ["uri": .string(uri)]))
    }
    let json = Value.entity(entity).jsonValue
    return .success([
      "contents": [
        [
          "uri": .string(uri), "mimeType": "application/json",
          "text": .string(json.serialized()),
        ]
      ]
    ])
  }

  /// Ids for the `id` of a template's URI: the entities whose titles match the text typed
  /// so far (the query's text matching) and those whose ids start with it, relevant and
  /// recently used ones first; the suggested entities when nothing is typed.
  func complete(_ params: JSONValue) async -> Result<JSONValue, JSONRPCError> {
    let reference = params["ref"]
    guard reference?["type"]?.text == "ref/resource" else {
      let kind = reference?["type"]?.text ?? "nothing"
      return .failure(
        JSONRPCError(
          code: .invalidParams,
          message: "this server completes only resource template arguments (ref/resource), "
            + "not \(kind); it has no prompts"))
    }
    let uri = reference?["uri"]?.text ?? ""
    guard let type = resources.types.first(where: { EntityResources.template(of: $0) == uri })
    else {
      let typeName = EntityResources.address(uri)?.typeName ?? uri
      return .failure(
        JSONRPCError(
          code: .invalidParams,
          message: "no resource template '\(uri)': " + resources.unknownType(typeName)))
    }
    guard let name = params["argument"]?["name"]?.text, name == "id" else {
      let name = params["argument"]?["name"]?.text ?? ""
      return .failure(
        JSONRPCError(
          code: .invalidParams,
          message: "the template '\(uri)' has one argument, 'id', not '\(name)'"))
    }
    let typed = params["argument"]?["value"]?.text ?? ""
    var entities: [AnyEntity]
    do {
      entities = try await query { () async throws -> [AnyEntity] in
        let suggested = try await type.suggestedEntities()
        guard !typed.isEmpty else { return suggested }
        let matching = try await type.entities(matching: typed)
        let matched = Set(matching.map(\.id))
        return matching + suggested.filter { $0.id.hasPrefix(typed) && !matched.contains($0.id) }
      }
    } catch {
      return .failure(
        JSONRPCError(
          code: .internalError,
          message: "cannot complete \(type.displayName) ids: \(Self.describe(error))"))
    }
    entities = configuration.ranking().ordered(entities)
    let values = entities.prefix(Self.completionLimit).map { JSONValue.string($0.id) }
    return .success([
      "completion": [
        "values": .array(Array(values)), "total": .integer(entities.count),
        "hasMore": .bool(entities.count > values.count),
      ]
    ])
  }

  /// Runs an entity query with the stores and the run environment a call's steps read.
  private func query<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
    var dependencies = configuration.executor.dependencies
    dependencies.runEnvironment = configuration.executor.environment.runEnvironment
    return try await IntentContext.$current.withValue(IntentContext(dependencies: dependencies)) {
      try await body()
    }
  }

  private static func describe(_ error: any Error) -> String {
    (error as? IntentFlowError)?.message ?? "\(error)"
  }
}
