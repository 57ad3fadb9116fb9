import StrictJSON

/// One message an extension sent, as the connection acts on it.
///
/// Parsing knows JSON-RPC 2.0 and nothing of the connection: replies carry their numeric id
/// (the connection numbers its requests), requests from the extension carry theirs as sent,
/// and a line of blanks is no message. What cannot be acted on is a ``Malformed`` message whose
/// text says what is wrong.
enum JSONRPCMessage: Equatable, Sendable {
  /// A reply to one of the connection's requests: its `result`, or the text of its `error`.
  case reply(id: Int, Result<JSONValue, Failure>)
  /// A request from the extension, which must be answered.
  case request(id: JSONValue, method: String)
  /// A notification from the extension.
  case notification(method: String, params: JSONValue)
  /// A line of spaces, tabs or carriage returns.
  case blank

  /// An error reply's text.
  struct Failure: Error, Equatable, Sendable {
    var message: String
  }

  /// Why a line is not a message the connection can act on.
  struct Malformed: Error, Equatable, Sendable {
    /// What is wrong, for a message that names the extension.
    var problem: String
  }

  /// The message on one line.
  ///
  /// - Parameter mask: Hides secrets in the part of the line a ``Malformed`` problem quotes;
  ///   it is applied before the quote is cut, so no fragment of a secret survives the cut.
  /// - Throws: ``Malformed`` for a line that is not JSON, not an object, or a reply without a
  ///   numeric id.
  static func parse(
    _ line: ArraySlice<UInt8>, mask: (String) -> String = { $0 }
  ) throws(Malformed) -> JSONRPCMessage {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { return .blank }
    let message: JSONValue
    do {
      message = try JSONParser.parse(Array(line)).plainValue
    } catch {
      let text = String(mask(String(decoding: line, as: UTF8.self)).prefix(80))
      throw Malformed(
        problem: "sent a malformed message '\(text)': \(error.message) at column "
          + "\(error.position.column); it must write one JSON-RPC message a line on stdout and "
          + "log to stderr")
    }
    guard case .object(let members) = message else {
      throw Malformed(problem: "sent a message that is not a JSON object")
    }
    // A handful of members: a scan beats building a dictionary; the first of a key counts.
    func field(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }
    if case .string(let method)? = field("method") {
      if let id = field("id") { return .request(id: id, method: method) }
      return .notification(method: method, params: field("params") ?? .null)
    }
    guard case .integer(let id)? = field("id") else {
      throw Malformed(problem: "sent a reply without a numeric id")
    }
    if let error = field("error") {
      return .reply(id: id, .failure(Failure(message: text(of: error))))
    }
    return .reply(id: id, .success(field("result") ?? .null))
  }

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

  /// The line that answers the extension's request `id`: an empty result for `ping`, "method
  /// not found" for anything else.
  static func answer(id: JSONValue, method: String) -> JSONValue {
    guard method != "ping" else {
      return .object([("jsonrpc", "2.0"), ("id", id), ("result", .object([]))])
    }
    let error: JSONValue = .object([
      ("code", -32601), ("message", .string("intentflow does not offer '\(method)'")),
    ])
    return .object([("jsonrpc", "2.0"), ("id", id), ("error", error)])
  }

  /// The text of an error object: its message, and its data when that is text.
  static func text(of error: JSONValue) -> String {
    guard case .object(let members) = error else { return error.serialized() }
    let message = members.first { $0.key == "message" }?.value
    if case .string(let text)? = message { return text }
    return error.serialized()
  }
}
