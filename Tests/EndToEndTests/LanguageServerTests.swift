import Foundation
import Testing

/// The language server, driven through its standard input and output by a client of the
/// test's own, as an editor drives it. Positions are in UTF-16 code units: the texts hold
/// `é` (one unit, two bytes) and `🎉` (two units, one scalar, four bytes) before the places
/// they point at.
@Suite("intentflow lsp serves workflow files to editors")
struct LanguageServerTests {
  static let plan = """
    {
      "name": "café",
      "inputs": {"title": {"type": "text", "default": "Buy bread"}},
      "steps": [
        {"id": "add", "intent": "todos.add", "parameters": {"title": "${inputs.title}"}},
        {"id": "done", "description": "é🎉", "intent": "todos.complet", "parameters": {"todo": "${add}"}},
        {"intent": "text.uppercase", "parameters": {"input": "🎉 ${add.ti}"}}
      ]
    }
    """

  /// The LSP position (line, UTF-16 offset) of `marker`'s first occurrence in `text`, moved
  /// `by` characters.
  static func position(of marker: String, in text: String, by offset: Int = 0) -> String {
    let lines = text.components(separatedBy: "\n")
    for (number, line) in lines.enumerated() {
      guard let range = line.range(of: marker) else { continue }
      let character = line[..<range.lowerBound].utf16.count + offset
      return #"{"line":\#(number),"character":\#(character)}"#
    }
    return #"{"line":-1,"character":-1}"#
  }

  /// A started, initialized server with `plan` open, and its URI; the open's diagnostics
  /// are taken.
  private func opened(_ text: String = plan) async throws -> (
    Sandbox, LanguageClient, String, String
  ) {
    let sandbox = try Sandbox()
    let client = try LanguageClient(in: sandbox)
    _ = try await client.initialize()
    let uri = "file://" + sandbox.work.appendingPathComponent("plan.json").path
    client.open(uri, text)
    let diagnostics = try await client.notification("textDocument/publishDiagnostics")
    return (sandbox, client, uri, diagnostics)
  }

  private func at(_ uri: String, _ position: String) -> String {
    #"{"textDocument":{"uri":"\#(uri)"},"position":\#(position)}"#
  }

  @Test("initialize answers with the capabilities; shutdown then exit ends with 0")
  func initialize() async throws {
    let sandbox = try Sandbox()
    let client = try LanguageClient(in: sandbox)
    #expect(
      try await client.initialize()
        == #"{"jsonrpc":"2.0","id":1,"result":{"capabilities":{"positionEncoding":"utf-16","#
        + #""textDocumentSync":{"openClose":true,"change":2},"completionProvider":"#
        + #"{"triggerCharacters":["\"","{","."]},"hoverProvider":true,"definitionProvider":true,"#
        + #""documentSymbolProvider":true,"codeActionProvider":{"codeActionKinds":["quickfix"]}},"#
        + #""serverInfo":{"name":"intentflow","version":"0.1.0"}}}"#)
    let output = try await client.shutDown()
    #expect(output.status == 0, "\(output)")
  }

  @Test("a request before initialize is refused, and exit without shutdown ends with 1")
  func notInitialized() async throws {
    let sandbox = try Sandbox()
    let client = try LanguageClient(in: sandbox)
    #expect(
      try await client.request(7, "textDocument/hover", "{}")
        == #"{"jsonrpc":"2.0","id":7,"error":{"code":-32002,"message":"send initialize first"}}"#)
    client.notify("exit", "null")
    #expect(await client.process.finish().status == 1)
  }

  @Test("opening a file publishes the validator's diagnostics with UTF-16 ranges")
  func diagnosticsOnOpen() async throws {
    let (_, _, uri, diagnostics) = try await opened()
    #expect(
      diagnostics
        == #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"\#(uri)","#
        + #""version":1,"diagnostics":[{"range":{"start":{"line":5,"character":51},"end":"#
        + #"{"line":5,"character":66}},"severity":1,"source":"intentflow","message":"#
        + #""unknown intent 'todos.complet'; did you mean 'todos.complete'?"},{"range":{"start":"#
        + #"{"line":6,"character":63},"end":{"line":6,"character":69}},"severity":1,"#
        + #""source":"intentflow","message":"Todo has no property 'ti'; it has 'id', 'title', "#
        + #"'due', 'isDone' (in 'add.ti')"}]}}"#)
  }

  @Test("a change is diagnosed again once typing pauses: incremental edits in UTF-16")
  func diagnosticsOnChange() async throws {
    let (_, client, uri, _) = try await opened()
    // Completes 'todos.complet' (after é🎉 on its line) and 'add.ti' (after 🎉 on its line).
    let intentEnd = Self.position(of: #"complet""#, in: Self.plan, by: 7)
    let titleEnd = Self.position(of: "ti}", in: Self.plan, by: 2)
    client.notify(
      "textDocument/didChange",
      #"{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":["#
        + #"{"range":{"start":\#(intentEnd),"end":\#(intentEnd)},"text":"e"},"#
        + #"{"range":{"start":\#(titleEnd),"end":\#(titleEnd)},"text":"tle"}]}"#)
    #expect(
      try await client.notification("textDocument/publishDiagnostics")
        == #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"\#(uri)","#
        + #""version":2,"diagnostics":[]}}"#)
  }

  @Test("after a '.', completion offers the properties of the step's output type")
  func memberCompletion() async throws {
    let (_, client, uri, _) = try await opened()
    let edit = #""range":{"start":{"line":6,"character":67},"end":{"line":6,"character":69}}"#
    #expect(
      try await client.request(
        2, "textDocument/completion", at(uri, Self.position(of: "ti}", in: Self.plan, by: 2)))
        == #"{"jsonrpc":"2.0","id":2,"result":{"isIncomplete":false,"items":["#
        + #"{"label":"id","kind":5,"detail":"text","textEdit":{\#(edit),"newText":"id"}},"#
        + #"{"label":"title","kind":5,"detail":"text","textEdit":{\#(edit),"newText":"title"}},"#
        + #"{"label":"due","kind":5,"detail":"date","textEdit":{\#(edit),"newText":"due"}},"#
        + #"{"label":"isDone","kind":5,"detail":"boolean","textEdit":{\#(edit),"newText":"isDone"}}]}}"#
    )
  }

  @Test("inside '${', completion offers the inputs, the earlier steps and the run's names")
  func referenceCompletion() async throws {
    let (_, client, uri, _) = try await opened()
    // Just after `${` in the third step: nothing typed yet.
    let position = Self.position(of: "add.ti", in: Self.plan)
    let response = try await client.request(3, "textDocument/completion", at(uri, position))
    let edit = #""range":{"start":{"line":6,"character":63},"end":{"line":6,"character":63}}"#
    func item(_ label: String, _ kind: Int, _ detail: String) -> String {
      #"{"label":"\#(label)","kind":\#(kind),"detail":"\#(detail)","textEdit":{\#(edit),"newText":"\#(label)"}}"#
    }
    let items = [
      item("inputs", 9, "the workflow's inputs"), item("add", 6, "Todo"),
      // 'done' names an unknown intent: its output's type is not known.
      item("done", 6, "any value"),
      item("now", 14, "date"), item("today", 14, "date"),
      item("env", 14, "environment variables (text)"), item("run", 14, "the run (id)"),
      item("workflow", 14, "the workflow (name, directory)"),
    ]
    #expect(
      response
        == #"{"jsonrpc":"2.0","id":3,"result":{"isIncomplete":false,"items":["#
        + items.joined(separator: ",") + "]}}")
  }

  @Test("after \"intent\":, completion offers every intent with its output type")
  func intentCompletion() async throws {
    let (_, client, uri, _) = try await opened()
    let response = try await client.request(
      4, "textDocument/completion", at(uri, Self.position(of: "todos.add", in: Self.plan)))
    let edit = #""range":{"start":{"line":4,"character":29},"end":{"line":4,"character":29}}"#
    #expect(
      response.contains(
        #"{"label":"todos.add","kind":3,"detail":"Add Todo → Todo","documentation":"#
          + #"{"kind":"markdown","value":"Adds a new open todo and returns it."},"#
          + #""textEdit":{\#(edit),"newText":"todos.add"}}"#))
  }

  @Test("inside \"parameters\", completion offers the intent's parameters, then its fixed words")
  func parameterCompletion() async throws {
    let text = """
      {"name": "w", "steps": [
        {"id": "later", "intent": "date.adjust", "parameters": {"": 1, "unit": "we"}}
      ]}
      """
    let (_, client, uri, _) = try await opened(text)
    let names = try await client.request(
      5, "textDocument/completion", at(uri, Self.position(of: #""": 1"#, in: text, by: 1)))
    let keyEdit = #""range":{"start":{"line":1,"character":59},"end":{"line":1,"character":59}}"#
    #expect(
      names
        == #"{"jsonrpc":"2.0","id":5,"result":{"isIncomplete":false,"items":["#
        + #"{"label":"date","kind":5,"detail":"date","textEdit":{\#(keyEdit),"newText":"date"}},"#
        + #"{"label":"amount","kind":5,"detail":"integer","documentation":{"kind":"markdown","#
        + #""value":"How many units; negative to go back."},"textEdit":{\#(keyEdit),"#
        + #""newText":"amount"}},{"label":"timezone","kind":5,"detail":"text?","documentation":"#
        + #"{"kind":"markdown","value":"The zone whose calendar counts days; the run's (TZ) when "#
        + #"unset."},"textEdit":{\#(keyEdit),"newText":"timezone"}}]}}"#)
    let words = try await client.request(
      6, "textDocument/completion", at(uri, Self.position(of: #"we""#, in: text, by: 2)))
    #expect(words.contains(#"{"label":"weekdays","kind":20,"detail":"text","#))
    #expect(words.contains(#""newText":"years"}}]}}"#))
  }

  @Test("hover shows an intent's description and parameters, and a reference's type")
  func hover() async throws {
    let (_, client, uri, _) = try await opened()
    #expect(
      try await client.request(
        2, "textDocument/hover", at(uri, Self.position(of: "todos.add", in: Self.plan, by: 2)))
        == #"{"jsonrpc":"2.0","id":2,"result":{"contents":{"kind":"markdown","value":"#
        + #""**todos.add** — Add Todo\n\nAdds a new open todo and returns it.\n\n- `title` "#
        + #"(text, required): What to do.\n- `due` (date): When it is due; none if unset.\n\n"#
        + #"Returns Todo."},"range":{"start":{"line":4,"character":28},"end":"#
        + #"{"line":4,"character":39}}}}"#)
    #expect(
      try await client.request(
        3, "textDocument/hover", at(uri, Self.position(of: "${add}", in: Self.plan, by: 3)))
        == #"{"jsonrpc":"2.0","id":3,"result":{"contents":{"kind":"markdown","value":"#
        + #""`add`: Todo"},"range":{"start":{"line":5,"character":94},"end":"#
        + #"{"line":5,"character":97}}}}"#)
  }

  @Test("definition goes from a ${id} to the step, and symbols list the steps")
  func definitionAndSymbols() async throws {
    let (_, client, uri, _) = try await opened()
    #expect(
      try await client.request(
        2, "textDocument/definition", at(uri, Self.position(of: "${add}", in: Self.plan, by: 3)))
        == #"{"jsonrpc":"2.0","id":2,"result":{"uri":"\#(uri)","range":{"start":"#
        + #"{"line":4,"character":4},"end":{"line":4,"character":84}}}}"#)
    #expect(
      try await client.request(
        3, "textDocument/documentSymbol", #"{"textDocument":{"uri":"\#(uri)"}}"#)
        == #"{"jsonrpc":"2.0","id":3,"result":[{"name":"add","detail":"todos.add","kind":12,"#
        + #""range":{"start":{"line":4,"character":4},"end":{"line":4,"character":84}},"#
        + #""selectionRange":{"start":{"line":4,"character":11},"end":{"line":4,"character":16}}},"#
        + #"{"name":"done","detail":"todos.complet","kind":12,"range":{"start":"#
        + #"{"line":5,"character":4},"end":{"line":5,"character":101}},"selectionRange":{"start":"#
        + #"{"line":5,"character":11},"end":{"line":5,"character":17}}},{"name":"text.uppercase","#
        + #""detail":"text.uppercase","kind":12,"range":{"start":{"line":6,"character":4},"end":"#
        + #"{"line":6,"character":73}},"selectionRange":{"start":{"line":6,"character":15},"end":"#
        + #"{"line":6,"character":31}}}]}"#)
  }
}
