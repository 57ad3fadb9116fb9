import IntentKit
import StrictJSON
import Synchronization

/// Asks the client (`elicitation/create`, MCP 2025-06-18) when a step needs a value, a choice
/// or a confirmation, for a client that declared the `elicitation` capability.
///
/// - A value: a form of one field `value`, with the parameter's schema (a string, a number,
///   an integer, a boolean; an entity as its id, offered from the query's suggestions).
///   Types elicitation cannot carry (lists, dictionaries) are not asked.
/// - A choice: one field `choice`, an `enum` of the candidates' ids with their titles as
///   `enumNames`.
/// - A confirmation: one boolean field `confirm`.
///
/// `accept` answers; `decline` is a no (for a value or a choice: none given, so the call ends
/// naming what was needed); `cancel` and a failed request cancel the call.
struct ElicitingInteraction: InteractionHandler {
  let server: MCPServer

  func requestValue(_ request: ValueRequest) async throws -> Value? {
    var message = request.prompt
    if let reason = request.reason { message = "\(reason). \(message)" }
    var field: [(key: String, value: JSONValue)] = [("title", .string(request.parameter.title))]
    let type = request.parameter.type
    let entities = request.suggestions.compactMap { value -> AnyEntity? in
      if case .entity(let entity) = value { return entity }
      return nil
    }
    switch type {
    case .text, .url, .date, .duration, .any, .entity:
      field.append(("type", "string"))
      if case .entity = type, !entities.isEmpty {
        field.append(("enum", .array(entities.map { .string($0.id) })))
        field.append(
          ("enumNames", .array(entities.map { .string($0.displayRepresentation.title) })))
      }
      if type == .date { field.append(("format", "date-time")) }
      if type == .url { field.append(("format", "uri")) }
    case .integer: field.append(("type", "integer"))
    case .number: field.append(("type", "number"))
    case .boolean: field.append(("type", "boolean"))
    case .nothing, .list, .dictionary: return nil
    }
    if let description = request.parameter.description {
      field.append(("description", .string(description)))
    }
    guard let content = try await elicit(message, field: "value", schema: .object(field)),
      let answer = content["value"]
    else { return nil }
    return Value(json: answer)
  }

  func requestChoice(_ request: ChoiceRequest) async throws -> Int? {
    let keys = request.candidates.enumerated().map { index, candidate -> String in
      if case .entity(let entity) = candidate { return entity.id }
      return String(index + 1)
    }
    let names = request.candidates.map { candidate -> JSONValue in
      if case .entity(let entity) = candidate {
        return .string(entity.displayRepresentation.title)
      }
      return .string(candidate.textDescription)
    }
    let schema: JSONValue = [
      "type": "string", "title": .string(request.parameter.title),
      "enum": .array(keys.map(JSONValue.string)), "enumNames": .array(names),
    ]
    guard let content = try await elicit(request.prompt, field: "choice", schema: schema),
      let chosen = content["choice"]?.text
    else { return nil }
    return keys.firstIndex(of: chosen)
  }

  func requestConfirmation(_ request: ConfirmationRequest) async throws -> Bool? {
    let schema: JSONValue = ["type": "boolean", "title": "Confirm", "default": false]
    guard let content = try await elicit(request.prompt, field: "confirm", schema: schema) else {
      return false
    }
    return content["confirm"] == .bool(true)
  }

  /// Sends one `elicitation/create` of a single required field.
  ///
  /// - Returns: The content of an accepted answer; `nil` for a declined one.
  /// - Throws: ``Cancelled`` when the person cancelled, or the client failed the request.
  private func elicit(_ message: String, field: String, schema: JSONValue) async throws
    -> JSONValue?
  {
    let params: JSONValue = [
      "message": .string(message),
      "requestedSchema": [
        "type": "object", "properties": .object([(field, schema)]),
        "required": [.string(field)],
      ],
    ]
    switch await server.request("elicitation/create", params: params) {
    case .failure(let error): throw Cancelled(reason: "the client could not ask: \(error.message)")
    case .success(let result):
      switch result["action"]?.text {
      case "accept": return result["content"] ?? .object([])
      case "decline": return nil
      default: throw Cancelled(reason: "the person cancelled the question")
      }
    }
  }

  /// The person or the client ended the question without an answer.
  struct Cancelled: Error, Sendable, CustomStringConvertible {
    var reason: String
    var description: String { reason }
  }
}

extension MCPServer {
  /// Whether the client declared that it answers `elicitation/create`.
  var clientElicits: Bool {
    state.withLock { state in
      state.version >= .v2025_06_18 && state.clientCapabilities["elicitation"] != nil
    }
  }

  /// Who answers a call's questions: the client when it elicits, else nobody (the headless
  /// policy).
  var interaction: any InteractionHandler {
    clientElicits ? ElicitingInteraction(server: self) : NonInteractiveHandler()
  }
}
