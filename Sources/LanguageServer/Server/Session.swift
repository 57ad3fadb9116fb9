import IntentKit
import StrictJSON
import WorkflowEngine

/// The server's state between messages, and what each message does to it.
///
/// Synchronous: each message is answered from the documents as they stand, and what needs
/// waiting (a pause before validating a change) is returned as an ``Effect`` for the loop.
struct Session {
  let server: LanguageServer
  private(set) var isInitialized = false
  private(set) var isShutDown = false
  private var documents: [String: TextDocument] = [:]
  /// The step types of each document's last plan, kept while the text is broken.
  private var stepTypes: [String: [String: ValueType]] = [:]
  /// The documents changed since they were last validated, with their versions then.
  private var changed: [String: Int] = [:]

  init(server: LanguageServer) {
    self.server = server
  }

  /// What the loop does after a message.
  enum Effect {
    /// Writes a message.
    case send(JSONValue)
    /// Waits for the pause after a change, then calls ``settled(uri:version:)``.
    case settle(uri: String, version: Int)
    /// Ends the server with this code.
    case exit(Int32)
  }

  /// Handles one message's body.
  mutating func receive(_ body: [UInt8]) -> [Effect] {
    let message: JSONValue
    do {
      message = try JSONParser.parse(body).plainValue
    } catch {
      return [.send(Self.errorResponse(id: .null, .parseError, "not JSON: \(error.message)"))]
    }
    guard let method = message.member("method")?.stringValue else {
      // A response to a request of ours; the server sends none that wait for one.
      if message.member("id") != nil { return [] }
      return [.send(Self.errorResponse(id: .null, .invalidRequest, "a message without a method"))]
    }
    let params = message.member("params") ?? .null
    guard let id = message.member("id") else {
      return notification(method, params)
    }
    if !isInitialized, method != "initialize" {
      return [.send(Self.errorResponse(id: id, .serverNotInitialized, "send initialize first"))]
    }
    if isShutDown {
      return [.send(Self.errorResponse(id: id, .invalidRequest, "the server is shut down"))]
    }
    switch method {
    case "initialize":
      isInitialized = true
      return [.send(Self.response(id: id, initializeResult))]
    case "shutdown":
      isShutDown = true
      return [.send(Self.response(id: id, .null))]
    case "textDocument/codeAction":
      return [.send(Self.response(id: id, codeActions(params)))]
    case "textDocument/completion", "textDocument/hover", "textDocument/definition",
      "textDocument/documentSymbol":
      return [.send(Self.response(id: id, answer(method, params)))]
    default:
      return [.send(Self.errorResponse(id: id, .methodNotFound, "no method '\(method)'"))]
    }
  }

  private var initializeResult: JSONValue {
    .object([
      (
        "capabilities",
        .object([
          ("positionEncoding", "utf-16"),
          ("textDocumentSync", .object([("openClose", true), ("change", 2)])),
          (
            "completionProvider",
            .object([("triggerCharacters", .array(["\"", "{", "."]))])
          ),
          ("hoverProvider", true),
          ("definitionProvider", true),
          ("documentSymbolProvider", true),
          ("codeActionProvider", .object([("codeActionKinds", .array(["quickfix"]))])),
        ])
      ),
      ("serverInfo", .object([("name", "intentflow"), ("version", .string(server.version))])),
    ])
  }

  // MARK: - Notifications

  private mutating func notification(_ method: String, _ params: JSONValue) -> [Effect] {
    switch method {
    case "exit":
      return [.exit(isShutDown ? 0 : 1)]
    case "textDocument/didOpen":
      guard isInitialized,
        let item = params.member("textDocument"),
        let uri = item.member("uri")?.stringValue, let text = item.member("text")?.stringValue
      else { return [] }
      let version = item.member("version")?.integerValue ?? 0
      documents[uri] = TextDocument(uri: uri, version: version, text: text)
      changed[uri] = nil
      return [.send(diagnose(uri))]
    case "textDocument/didChange":
      guard isInitialized, let uri = params.member("textDocument", "uri")?.stringValue,
        var document = documents[uri]
      else { return [] }
      for change in params.member("contentChanges")?.arrayValue ?? [] {
        guard let text = change.member("text")?.stringValue else { continue }
        if let range = LSP.range(from: change.member("range")) {
          document.replace(range, with: text)
        } else {
          document.replace(with: text)
        }
      }
      document.version =
        params.member("textDocument", "version")?.integerValue ?? document.version + 1
      documents[uri] = document
      changed[uri] = document.version
      return [.settle(uri: uri, version: document.version)]
    case "textDocument/didClose":
      guard let uri = params.member("textDocument", "uri")?.stringValue else { return [] }
      documents[uri] = nil
      stepTypes[uri] = nil
      changed[uri] = nil
      return [
        .send(
          Self.notification(
            "textDocument/publishDiagnostics",
            .object([
              ("uri", .string(uri)), ("diagnostics", .array([])),
            ])))
      ]
    default:
      return []  // `initialized`, `$/…` and others need nothing
    }
  }

  /// The pause after a change is over: validates the document if it is still at that
  /// version (a later change waits for its own pause).
  mutating func settled(uri: String, version: Int) -> [Effect] {
    guard changed[uri] == version, documents[uri] != nil else { return [] }
    changed[uri] = nil
    return [.send(diagnose(uri))]
  }

  // MARK: - Validation

  /// Validates a document and returns its `publishDiagnostics`.
  private mutating func diagnose(_ uri: String) -> JSONValue {
    guard let document = documents[uri] else { return .null }
    let (analysis, path) = analyze(document)
    if analysis.plan != nil { stepTypes[uri] = analysis.stepOutputTypes }
    let diagnostics = Diagnostics(document: document, path: path).convert(analysis)
    return Self.notification(
      "textDocument/publishDiagnostics",
      .object([
        ("uri", .string(uri)), ("version", .integer(document.version)),
        ("diagnostics", .array(diagnostics)),
      ]))
  }

  /// The engine's analysis of a document, and the path its diagnostics name it by.
  func analyze(_ document: TextDocument) -> (WorkflowAnalysis, String) {
    let path = DocumentURI.path(of: document.uri) ?? document.uri
    let loader = WorkflowLoader(registry: server.registry, read: server.read)
    return (loader.analyze(WorkflowSource(path: path, bytes: document.bytes)), path)
  }

  // MARK: - Requests

  private func answer(_ method: String, _ params: JSONValue) -> JSONValue {
    guard let uri = params.member("textDocument", "uri")?.stringValue,
      let document = documents[uri]
    else { return .null }
    let workflow = WorkflowOutline(
      outline: Outline(document.bytes), registry: server.registry,
      stepTypes: stepTypes[uri] ?? [:])
    let navigation = Navigation(
      document: document, workflow: workflow, filePath: DocumentURI.path(of: uri))
    if method == "textDocument/documentSymbol" { return navigation.symbols() }
    guard let position = LSP.position(from: params.member("position")) else { return .null }
    let offset = document.offset(of: position)
    switch method {
    case "textDocument/completion":
      let items = Completion(document: document, workflow: workflow).items(at: offset)
      return .object([("isIncomplete", false), ("items", .array(items))])
    case "textDocument/hover":
      return navigation.hover(at: offset)
    default:
      return navigation.definition(at: offset, uri: uri)
    }
  }

  /// The quick fixes for a range of a document, from its diagnostics as the text stands.
  private func codeActions(_ params: JSONValue) -> JSONValue {
    guard let uri = params.member("textDocument", "uri")?.stringValue,
      let document = documents[uri], let range = LSP.range(from: params.member("range"))
    else { return .array([]) }
    let (analysis, path) = analyze(document)
    let diagnostics = Diagnostics(document: document, path: path).locate(analysis)
    let workflow = WorkflowOutline(
      outline: Outline(document.bytes), registry: server.registry,
      stepTypes: stepTypes[uri] ?? [:])
    let start = document.offset(of: range.start)
    let end = max(start, document.offset(of: range.end))
    return .array(
      CodeActions(document: document, workflow: workflow, uri: uri).actions(
        for: diagnostics, in: start..<end))
  }

  // MARK: - Messages

  static func response(id: JSONValue, _ result: JSONValue) -> JSONValue {
    .object([("jsonrpc", "2.0"), ("id", id), ("result", result)])
  }

  static func errorResponse(id: JSONValue, _ code: LSP.ErrorCode, _ message: String) -> JSONValue {
    .object([
      ("jsonrpc", "2.0"), ("id", id),
      ("error", .object([("code", .integer(code.rawValue)), ("message", .string(message))])),
    ])
  }

  static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
    .object([("jsonrpc", "2.0"), ("method", .string(method)), ("params", params)])
  }
}
