import Foundation
import Testing

/// The language server's quick fixes, its extension intents and its definitions across
/// files, driven as an editor drives it. Positions are UTF-16 code units: the texts hold `é`
/// (one unit, two bytes) and `🎉` (two units, four bytes) before what the fixes replace.
@Suite("intentflow lsp: quick fixes, extension intents, definitions into other files")
struct LanguageServerCodeActionTests {
  static let plan = """
    {
      "name": "café 🎉",
      "inputs": {"title": {"type": "text"}},
      "stpes": [],
      "steps": [
        {"id": "add", "description": "é🎉", "intent": "todos.ad", "parameters": {"titel": "${inputs.tilte}"}},
        {"id": "when", "intent": "date.adjust", "parameters": {"date": "🎉 ${ad}", "amount": 1, "unit": "hurs"}}
      ]
    }
    """

  static func position(of marker: String, in text: String, by offset: Int = 0) -> String {
    LanguageServerTests.position(of: marker, in: text, by: offset)
  }

  /// A server with `text` open as `plan.json` in `sandbox`; its URI and first diagnostics.
  static func opened(_ text: String, in sandbox: Sandbox, name: String = "plan.json")
    async throws -> (LanguageClient, String, String)
  {
    let client = try LanguageClient(in: sandbox)
    _ = try await client.initialize()
    let uri = "file://" + sandbox.work.appendingPathComponent(name).path
    client.open(uri, text)
    let diagnostics = try await client.notification("textDocument/publishDiagnostics")
    return (client, uri, diagnostics)
  }

  /// A `codeAction` request for the cursor at `position`.
  static func actions(at position: String, in uri: String) -> String {
    #"{"textDocument":{"uri":"\#(uri)"},"range":{"start":\#(position),"end":\#(position)},"#
      + #""context":{"diagnostics":[]}}"#
  }

  /// One quick fix, as the server writes it.
  static func fix(
    _ title: String, _ range: String, _ newText: String, uri: String, diagnostic: String?
  ) -> String {
    let diagnostics = diagnostic.map { #""diagnostics":[\#($0)],"# } ?? ""
    return #"{"title":"\#(title)","kind":"quickfix",\#(diagnostics)"isPreferred":true,"#
      + #""edit":{"changes":{"\#(uri)":[{"range":\#(range),"newText":"\#(newText)"}]}}}"#
  }

  static func range(_ line: Int, _ start: Int, _ end: Int) -> String {
    #"{"start":{"line":\#(line),"character":\#(start)},"end":{"line":\#(line),"character":\#(end)}}"#
  }

  static func diagnostic(_ range: String, _ message: String) -> String {
    #"{"range":\#(range),"severity":1,"source":"intentflow","message":"\#(message)"}"#
  }

  @Test("initialize offers quick fixes")
  func capability() async throws {
    let sandbox = try Sandbox()
    let client = try LanguageClient(in: sandbox)
    let answer = try await client.initialize()
    #expect(answer.contains(#""codeActionProvider":{"codeActionKinds":["quickfix"]}"#), "\(answer)")
    _ = try await client.shutDown()
  }

  @Test(
    "each 'did you mean' diagnostic has a quick fix replacing just the misspelt name, in UTF-16",
    arguments: [
      // An unknown key of the workflow.
      (
        #""stpes""#, 1, "Change 'stpes' to 'steps'", range(3, 3, 8), "steps",
        diagnostic(range(3, 2, 9), "unknown key 'stpes' in the workflow; did you mean 'steps'?")
      ),
      // An unknown intent, after é🎉 on its line.
      (
        "todos.ad", 3, "Change 'todos.ad' to 'todos.add'", range(5, 51, 59), "todos.add",
        diagnostic(
          range(5, 50, 60), "unknown intent 'todos.ad'; did you mean 'todos.add'?")
      ),
    ])
  func didYouMean(
    marker: String, by: Int, title: String, edit: String, newText: String, diagnostic: String
  ) async throws {
    let sandbox = try Sandbox()
    let (client, uri, _) = try await Self.opened(Self.plan, in: sandbox)
    let answer = try await client.request(
      2, "textDocument/codeAction",
      Self.actions(at: Self.position(of: marker, in: Self.plan, by: by), in: uri))
    #expect(
      answer
        == #"{"jsonrpc":"2.0","id":2,"result":["#
        + Self.fix(title, edit, newText, uri: uri, diagnostic: diagnostic) + "]}")
    _ = try await client.shutDown()
  }

  @Test("an unknown parameter, input and step each get their fix; applied, they are gone")
  func parameterInputAndStep() async throws {
    let text = """
      {"name": "ünï", "inputs": {"title": {"type": "text"}}, "steps": [
        {"id": "add", "description": "🎉", "intent": "todos.add", "parameters": {"titel": "é ${inputs.tilte}"}},
        {"intent": "todos.complete", "parameters": {"todo": "${ad}"}}
      ]}
      """
    let sandbox = try Sandbox()
    let (client, uri, diagnostics) = try await Self.opened(text, in: sandbox)
    #expect(diagnostics.contains("did you mean 'title'?"), "\(diagnostics)")
    func fixes(_ id: Int, at marker: String, by: Int) async throws -> [[String: Any]] {
      let answer = try await client.request(
        id, "textDocument/codeAction",
        Self.actions(at: Self.position(of: marker, in: text, by: by), in: uri))
      let object = try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any]
      return object?["result"] as? [[String: Any]] ?? []
    }
    func edit(_ action: [String: Any]?) -> (range: [String: Any], text: String)? {
      let changes = (action?["edit"] as? [String: Any])?["changes"] as? [String: Any]
      guard let edit = (changes?[uri] as? [[String: Any]])?.first,
        let range = edit["range"] as? [String: Any], let text = edit["newText"] as? String
      else { return nil }
      return (range, text)
    }
    let parameter = try await fixes(2, at: #""titel""#, by: 2)
    #expect(parameter.map { $0["title"] as? String } == ["Change 'titel' to 'title'"])
    let input = try await fixes(3, at: "tilte", by: 1)
    #expect(input.map { $0["title"] as? String } == ["Change 'inputs.tilte' to 'inputs.title'"])
    let step = try await fixes(4, at: "${ad}", by: 3)
    #expect(step.map { $0["title"] as? String } == ["Change 'ad' to 'add'"])
    // The edits, applied as an editor applies them (last first), leave nothing to fix.
    var changes: [String] = []
    for action in [step.first, input.first, parameter.first] {
      let (range, newText) = try #require(edit(action))
      let data = try JSONSerialization.data(withJSONObject: ["range": range, "text": newText])
      changes.append(String(decoding: data, as: UTF8.self))
    }
    client.notify(
      "textDocument/didChange",
      #"{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":["#
        + changes.joined(separator: ",") + "]}")
    #expect(
      try await client.notification("textDocument/publishDiagnostics")
        == #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"#
        + #""uri":"\#(uri)","version":2,"diagnostics":[]}}"#)
    _ = try await client.shutDown()
  }

  @Test("a fixed word that is not one of the parameter's words gets a fix to the closest")
  func fixedWord() async throws {
    let sandbox = try Sandbox()
    let (client, uri, _) = try await Self.opened(Self.plan, in: sandbox)
    let answer = try await client.request(
      2, "textDocument/codeAction",
      Self.actions(at: Self.position(of: #"hurs""#, in: Self.plan, by: 1), in: uri))
    let line = 6
    let start = try #require(
      Self.plan.components(separatedBy: "\n")[line].range(of: #"hurs""#).map {
        Self.plan.components(separatedBy: "\n")[line][..<$0.lowerBound].utf16.count
      })
    #expect(
      answer
        == #"{"jsonrpc":"2.0","id":2,"result":["#
        + Self.fix(
          "Change 'hurs' to 'hours'", Self.range(line, start, start + 4), "hours", uri: uri,
          diagnostic: nil) + "]}")
    // A word of the list, in any case, has none; nor has a place with nothing to fix.
    let valid = Self.plan.replacingOccurrences(of: #""hurs""#, with: #""Weeks""#)
    client.notify(
      "textDocument/didChange",
      #"{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"text":"#
        + LanguageClient.quoted(valid) + "}]}")
    #expect(
      try await client.request(
        3, "textDocument/codeAction",
        Self.actions(at: Self.position(of: #"Weeks""#, in: valid, by: 1), in: uri))
        == #"{"jsonrpc":"2.0","id":3,"result":[]}"#)
    #expect(
      try await client.request(
        4, "textDocument/codeAction",
        Self.actions(at: Self.position(of: #""name""#, in: valid, by: 1), in: uri))
        == #"{"jsonrpc":"2.0","id":4,"result":[]}"#)
    _ = try await client.shutDown()
  }

  /// A sandbox whose home configures the fixture MCP server as the extension `fx`.
  static func extensionSandbox() throws -> Sandbox {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(at: sandbox.home, withIntermediateDirectories: true)
    let fixture = Fixtures.repositoryRoot
      .appendingPathComponent("Tests/ExtensionsTests/Fixtures/mcp_fixture.py").path
    let configuration =
      #"{ "extensions": { "fx": { "command": "python3", "args": ["\#(fixture)"], "protocol": "mcp" } } }"#
    try Data(configuration.utf8).write(to: sandbox.home.appendingPathComponent("extensions.json"))
    return sandbox
  }

  @Test("extension intents are completed, with their parameters and their enum's words, and fixed")
  func extensionIntents() async throws {
    let sandbox = try Self.extensionSandbox()
    let text = """
      {"name": "ext", "steps": [
        {"intent": "fx.", "parameters": {}},
        {"intent": "fx.add", "parameters": {"": 1}},
        {"intent": "fx.delete_all", "parameters": {"scope": "mien"}}
      ]}
      """
    let (client, uri, _) = try await Self.opened(text, in: sandbox)
    let intents = try await client.request(
      2, "textDocument/completion",
      #"{"textDocument":{"uri":"\#(uri)"},"position":\#(Self.position(of: #"fx.""#, in: text, by: 3))}"#
    )
    #expect(intents.contains(#"{"label":"fx.add","kind":3,"#), "\(intents)")
    #expect(intents.contains(#"{"label":"fx.echo","kind":3,"#), "\(intents)")
    #expect(intents.contains(#""value":"Adds two integers."}"#), "\(intents)")
    let parameters = try await client.request(
      3, "textDocument/completion",
      #"{"textDocument":{"uri":"\#(uri)"},"position":\#(Self.position(of: #""": 1"#, in: text, by: 1))}"#
    )
    #expect(parameters.contains(#"{"label":"a","kind":5,"detail":"integer""#), "\(parameters)")
    #expect(parameters.contains(#"{"label":"b","kind":5,"detail":"integer?""#), "\(parameters)")
    let words = try await client.request(
      4, "textDocument/completion",
      #"{"textDocument":{"uri":"\#(uri)"},"position":\#(Self.position(of: "mien", in: text))}"#)
    #expect(words.contains(#"{"label":"mine","kind":20,"#), "\(words)")
    #expect(words.contains(#"{"label":"everyone","kind":20,"#), "\(words)")
    let fixes = try await client.request(
      5, "textDocument/codeAction", Self.actions(at: Self.position(of: "mien", in: text), in: uri))
    #expect(fixes.contains(#""title":"Change 'mien' to 'mine'""#), "\(fixes)")
    _ = try await client.shutDown()
  }

  @Test("definition goes from a nested workflow's path to its file, from the file's folder")
  func definitionIntoNestedWorkflow() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "flows/parts/shout.json",
      #"{"name": "shout", "steps": [{"intent": "text.uppercase", "parameters": {"input": "hi"}}]}"#)
    let text = """
      {"name": "outer", "steps": [
        {"id": "loud", "description": "é🎉", "workflow": "parts/shout.json"}
      ]}
      """
    try sandbox.write("flows/outer.json", text)
    let (client, uri, diagnostics) = try await Self.opened(
      text, in: sandbox, name: "flows/outer.json")
    #expect(diagnostics.contains(#""diagnostics":[]"#), "\(diagnostics)")
    let nested = "file://" + sandbox.work.appendingPathComponent("flows/parts/shout.json").path
    #expect(
      try await client.request(
        2, "textDocument/definition",
        #"{"textDocument":{"uri":"\#(uri)"},"position":\#(Self.position(of: "parts/", in: text, by: 2))}"#
      )
        == #"{"jsonrpc":"2.0","id":2,"result":{"uri":"\#(nested)","range":{"start":"#
        + #"{"line":0,"character":0},"end":{"line":0,"character":0}}}}"#)
    _ = try await client.shutDown()
  }
}
