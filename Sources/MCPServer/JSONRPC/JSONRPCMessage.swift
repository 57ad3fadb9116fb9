public import StrictJSON

/// One message of JSON-RPC 2.0 as MCP's stdio transport carries it: one JSON object a line.
///
/// A request has an `id` and a `method`; a notification a `method` and no `id`; a response
/// an `id` and a `result` or an `error`. MCP 2025-06-18 sends no batches; an array is refused
/// as an invalid request.
public enum JSONRPCMessage: Sendable, Equatable {
  case request(id: JSONValue, method: String, params: JSONValue)
  case notification(method: String, params: JSONValue)
  case response(id: JSONValue, result: Result<JSONValue, JSONRPCError>)

  /// A line that is not a message: what to answer, with the id when one could be read.
  public struct Malformed: Error, Sendable, Equatable {
    public var id: JSONValue
    public var error: JSONRPCError
  }

  /// Reads one line of the transport.
  ///
  /// - Throws: ``Malformed``: a parse error (`-32700`) for text that is not JSON, an invalid
  ///   request (`-32600`) for JSON that is not a JSON-RPC 2.0 message.
  public init(line: String) throws(Malformed) {
    let root: JSONValue
    do {
      root = try JSONParser.parse(line).plainValue
    } catch {
      throw Malformed(
        id: .null, error: JSONRPCError(code: .parseError, message: "parse error: \(error)"))
    }
    guard case .object = root else {
      throw Malformed(
        id: .null,
        error: JSONRPCError(
          code: .invalidRequest, message: "a message must be one JSON object (no batches)"))
    }
    let id = root["id"]
    func invalid(_ message: String) -> Malformed {
      Malformed(id: id ?? .null, error: JSONRPCError(code: .invalidRequest, message: message))
    }
    guard root["jsonrpc"] == .string("2.0") else { throw invalid("'jsonrpc' must be \"2.0\"") }
    if let id {
      switch id {
      case .string, .integer: break
      default: throw invalid("'id' must be a string or an integer")
      }
    }
    if let method = root["method"] {
      guard case .string(let name) = method else { throw invalid("'method' must be a string") }
      let params = root["params"] ?? .object([])
      switch params {
      case .object, .array: break
      default: throw invalid("'params' must be an object")
      }
      if let id {
        self = .request(id: id, method: name, params: params)
      } else {
        self = .notification(method: name, params: params)
      }
      return
    }
    guard let id else { throw invalid("a message needs a 'method' or an 'id'") }
    if let result = root["result"] {
      self = .response(id: id, result: .success(result))
    } else if let error = root["error"] {
      let code: Int
      if case .integer(let value) = error["code"] { code = value } else { code = 0 }
      let message: String
      if case .string(let text) = error["message"] { message = text } else { message = "" }
      self = .response(
        id: id,
        result: .failure(
          JSONRPCError(
            code: JSONRPCError.Code(rawValue: code), message: message,
            data: error["data"])))
    } else {
      throw invalid("a response needs a 'result' or an 'error'")
    }
  }

  /// The message as one line of JSON, without its line break.
  public var line: String { json.serialized() }

  /// The message as a JSON object.
  public var json: JSONValue {
    switch self {
    case .request(let id, let method, let params):
      return ["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params]
    case .notification(let method, let params):
      return ["jsonrpc": "2.0", "method": .string(method), "params": params]
    case .response(let id, .success(let result)):
      return ["jsonrpc": "2.0", "id": id, "result": result]
    case .response(let id, .failure(let error)):
      return ["jsonrpc": "2.0", "id": id, "error": error.json]
    }
  }
}

/// A JSON-RPC error object: a code, a message that says what to do, optional data.
public struct JSONRPCError: Error, Sendable, Equatable {
  /// The codes of JSON-RPC 2.0 that the server answers with.
  public struct Code: Sendable, Hashable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The line is not JSON.
    public static let parseError = Code(rawValue: -32700)
    /// The JSON is not a JSON-RPC 2.0 request.
    public static let invalidRequest = Code(rawValue: -32600)
    /// No such method.
    public static let methodNotFound = Code(rawValue: -32601)
    /// The params are wrong: an unknown tool, a missing name (MCP's choice for both).
    public static let invalidParams = Code(rawValue: -32602)
    /// Something broke inside the server.
    public static let internalError = Code(rawValue: -32603)
    /// MCP: no resource with that URI.
    public static let resourceNotFound = Code(rawValue: -32002)
  }

  public var code: Code
  public var message: String
  public var data: JSONValue?

  public init(code: Code, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  var json: JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("code", .integer(code.rawValue)), ("message", .string(message)),
    ]
    if let data { members.append(("data", data)) }
    return .object(members)
  }
}

extension JSONValue {
  /// The member named `key` of an object; `nil` for a missing member or a value that is not
  /// an object.
  subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The text of a string value.
  var text: String? {
    if case .string(let text) = self { return text }
    return nil
  }
}
