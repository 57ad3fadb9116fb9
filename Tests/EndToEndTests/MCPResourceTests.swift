import Foundation
import Testing

/// `intentflow mcp`'s entities as resources: templates, list, read and completion of ids,
/// driven by the tests' own client in a temporary home with todos and notes.
@Suite("intentflow mcp: entities as resources, end to end")
struct MCPResourceTests {
  /// Runs one intent in the sandbox and returns the id of the entity it returned.
  static func add(_ intent: String, _ parameters: String, in sandbox: Sandbox) async throws
    -> String
  {
    let run = try await sandbox.run(
      "run", "-", "--json",
      standardInput:
        #"{"name":"add","steps":[{"intent":"\#(intent)","parameters":\#(parameters)}]}"#)
    #expect(run.status == 0, "\(run)")
    let id = try JSONObject(parsing: run.stdout).object("output")?.string("id")
    return try #require(id, "\(run)")
  }

  /// A home with three todos and one note; their ids by title.
  static func home() async throws -> (Sandbox, [String: String]) {
    let sandbox = try Sandbox()
    var ids: [String: String] = [:]
    for title in ["Buy milk", "Call mom", "Buy milk powder"] {
      ids[title] = try await add("todos.add", #"{"title":"\#(title)"}"#, in: sandbox)
    }
    ids["note"] = try await add(
      "notes.create", #"{"body":"Groceries\nmilk, bread and the rest of a long list"}"#,
      in: sandbox)
    return (sandbox, ids)
  }

  /// The `result` of an answer line.
  static func result(_ line: String) throws -> JSONObject {
    try #require(try JSONObject(parsing: line).object("result"), "\(line)")
  }

  @Test("initialize declares resources and completions; an older revision gets no completions")
  func capabilities() async throws {
    let sandbox = try Sandbox()
    let client = try MCPClient(sandbox, "--intents", "todos.*")
    let answer = try await client.request(
      1, "initialize",
      #"{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}"#
    )
    #expect(
      answer.contains(
        #""capabilities":{"tools":{"listChanged":false},"#
          + #""resources":{"subscribe":false,"listChanged":false},"completions":{}}"#), "\(answer)")
    _ = await client.finish()
    let old = try MCPClient(sandbox, "--intents", "todos.*")
    let oldAnswer = try await old.request(
      1, "initialize",
      #"{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"t","version":"1"}}"#
    )
    #expect(
      oldAnswer.contains(
        #""capabilities":{"tools":{"listChanged":false},"#
          + #""resources":{"subscribe":false,"listChanged":false}},"#), "\(oldAnswer)")
    _ = await old.finish()
  }

  @Test("resources/templates/list: one template per entity type the listed tools use")
  func templates() async throws {
    let sandbox = try Sandbox()
    let client = try MCPClient(sandbox, "--intents", "todos.*", "--intents", "notes.find")
    try await client.initialize()
    let answer = try await client.request(1, "resources/templates/list")
    #expect(
      answer
        == #"{"jsonrpc":"2.0","id":1,"result":{"resourceTemplates":["#
        + #"{"uriTemplate":"intentflow://Note/{id}","name":"Note","title":"Note","#
        + #""description":"A Note by its id, as JSON (type, id, display, properties); "#
        + #"completion/complete on 'id' offers ids from words of its title","#
        + #""mimeType":"application/json"},"#
        + #"{"uriTemplate":"intentflow://Todo/{id}","name":"Todo","title":"Todo","#
        + #""description":"A Todo by its id, as JSON (type, id, display, properties); "#
        + #"completion/complete on 'id' offers ids from words of its title","#
        + #""mimeType":"application/json"}]}}"#)
    _ = await client.finish()
  }

  @Test("a server whose tools use no entity type offers none, and reads none")
  func nothingUnlisted() async throws {
    let (sandbox, ids) = try await Self.home()
    let client = try MCPClient(sandbox, "--intents", "text.uppercase")
    try await client.initialize()
    #expect(
      try await client.request(1, "resources/templates/list")
        == #"{"jsonrpc":"2.0","id":1,"result":{"resourceTemplates":[]}}"#)
    #expect(
      try await client.request(2, "resources/list")
        == #"{"jsonrpc":"2.0","id":2,"result":{"resources":[]}}"#)
    let todo = try #require(ids["Buy milk"])
    #expect(
      try await client.request(3, "resources/read", #"{"uri":"intentflow://Todo/\#(todo)"}"#)
        == #"{"jsonrpc":"2.0","id":3,"error":{"code":-32002,"message":"no resources of type "#
        + #"'Todo'; this server offers no entity resources (no listed tool takes or returns "#
        + #"one)","data":{"uri":"intentflow://Todo/\#(todo)"}}}"#)
    _ = await client.finish()
  }

  @Test("resources/list offers the suggested entities: open todos, recent notes")
  func list() async throws {
    let (sandbox, ids) = try await Self.home()
    let client = try MCPClient(sandbox, "--intents", "todos.*", "--intents", "notes.*")
    try await client.initialize()
    let resources = try #require(
      try Self.result(try await client.request(1, "resources/list")).objects("resources"))
    #expect(
      resources.map { $0.string("name") ?? "" }.sorted() == [
        "Buy milk", "Buy milk powder", "Call mom", "Groceries",
      ])
    let uris = Set(resources.compactMap { $0.string("uri") })
    #expect(
      uris == [
        "intentflow://Note/\(ids["note"] ?? "")", "intentflow://Todo/\(ids["Buy milk"] ?? "")",
        "intentflow://Todo/\(ids["Call mom"] ?? "")",
        "intentflow://Todo/\(ids["Buy milk powder"] ?? "")",
      ])
    #expect(resources.allSatisfy { $0.string("mimeType") == "application/json" })
    _ = await client.finish()
  }

  @Test("resources/read gives the entity as --json shows it, deferred properties computed")
  func read() async throws {
    let (sandbox, ids) = try await Self.home()
    let client = try MCPClient(sandbox, "--intents", "todos.*", "--intents", "notes.*")
    try await client.initialize()
    let todo = try #require(ids["Call mom"])
    let answer = try await client.request(
      1, "resources/read", #"{"uri":"intentflow://Todo/\#(todo)"}"#)
    let json =
      #"{\"type\":\"Todo\",\"id\":\"\#(todo)\",\"display\":\"Call mom\",\"properties\":"#
      + #"{\"title\":\"Call mom\",\"due\":null,\"isDone\":false}}"#
    #expect(
      answer
        == #"{"jsonrpc":"2.0","id":1,"result":{"contents":[{"uri":"intentflow://Todo/\#(todo)","#
        + #""mimeType":"application/json","text":"\#(json)"}]}}"#)
    let note = try #require(ids["note"])
    let read = try Self.result(
      try await client.request(2, "resources/read", #"{"uri":"intentflow://Note/\#(note)"}"#))
    let text = try #require(read.objects("contents")?.first?.string("text"))
    let properties = try #require(try JSONObject(parsing: text).object("properties"))
    #expect(properties.string("title") == "Groceries")
    #expect(
      properties.string("preview") == "milk, bread and the rest of a long list",
      "the deferred preview is computed: \(text)")
    _ = await client.finish()
  }

  @Test(
    "resources/read: an unknown type, an unknown id and a URI of another form are errors",
    arguments: [
      (
        #"{"uri":"intentflow://Tod/1"}"#,
        #"{"code":-32002,"message":"no resources of type 'Tod'; did you mean 'Todo'?","#
          + #""data":{"uri":"intentflow://Tod/1"}}"#
      ),
      (
        #"{"uri":"intentflow://Todo/no-such-id"}"#,
        #"{"code":-32002,"message":"no Todo has the id 'no-such-id'; resources/list and "#
          + #"completion/complete offer the ids","data":{"uri":"intentflow://Todo/no-such-id"}}"#
      ),
      (
        #"{"uri":"file:///etc/passwd"}"#,
        #"{"code":-32602,"message":"'file:///etc/passwd' is not an entity resource; write "#
          + #"intentflow://TYPE/ID (resources/templates/list lists the types)"}"#
      ),
      (#"{}"#, #"{"code":-32602,"message":"resources/read needs the resource's 'uri'"}"#),
    ])
  func readErrors(params: String, error: String) async throws {
    let sandbox = try Sandbox()
    let client = try MCPClient(sandbox, "--intents", "todos.*")
    try await client.initialize()
    #expect(
      try await client.request(7, "resources/read", params)
        == #"{"jsonrpc":"2.0","id":7,"error":\#(error)}"#)
    _ = await client.finish()
  }

  @Test("completion/complete on a template's id: title matches, relevant and recent first")
  func completion() async throws {
    let (sandbox, ids) = try await Self.home()
    let milk = try #require(ids["Buy milk"])
    let powder = try #require(ids["Buy milk powder"])
    let mom = try #require(ids["Call mom"])
    let client = try MCPClient(sandbox, "--intents", "todos.*")
    try await client.initialize()
    func complete(_ id: Int, _ value: String) async throws -> String {
      try await client.request(
        id, "completion/complete",
        #"{"ref":{"type":"ref/resource","uri":"intentflow://Todo/{id}"},"#
          + #""argument":{"name":"id","value":"\#(value)"}}"#)
    }
    // Each add was a successful run that used its todo: the newest is the most recent.
    #expect(
      try await complete(1, "milk")
        == #"{"jsonrpc":"2.0","id":1,"result":{"completion":{"values":["#
        + #""\#(powder)","\#(milk)"],"total":2,"hasMore":false}}}"#)
    #expect(
      try await complete(2, "")
        == #"{"jsonrpc":"2.0","id":2,"result":{"completion":{"values":["#
        + #""\#(powder)","\#(mom)","\#(milk)"],"total":3,"hasMore":false}}}"#)
    // An id typed in part completes to the ids it begins.
    #expect(
      try await complete(3, String(mom.prefix(8)))
        == #"{"jsonrpc":"2.0","id":3,"result":{"completion":{"values":["#
        + #""\#(mom)"],"total":1,"hasMore":false}}}"#)
    // Marked relevant while the server runs: offered first at the next request.
    let marked = try await sandbox.run("relevant", "Todo", milk)
    #expect(marked.status == 0, "\(marked)")
    #expect(
      try await complete(4, "milk")
        == #"{"jsonrpc":"2.0","id":4,"result":{"completion":{"values":["#
        + #""\#(milk)","\#(powder)"],"total":2,"hasMore":false}}}"#)
    _ = await client.finish()
  }

  @Test(
    "completion/complete: a prompt, an unknown template or argument are errors",
    arguments: [
      (
        #"{"ref":{"type":"ref/prompt","name":"x"},"argument":{"name":"a","value":""}}"#,
        "this server completes only resource template arguments (ref/resource), not "
          + "ref/prompt; it has no prompts"
      ),
      (
        #"{"ref":{"type":"ref/resource","uri":"intentflow://Todos/{id}"},"#
          + #""argument":{"name":"id","value":""}}"#,
        "no resource template 'intentflow://Todos/{id}': no resources of type 'Todos'; did "
          + "you mean 'Todo'?"
      ),
      (
        #"{"ref":{"type":"ref/resource","uri":"intentflow://Todo/{id}"},"#
          + #""argument":{"name":"title","value":""}}"#,
        "the template 'intentflow://Todo/{id}' has one argument, 'id', not 'title'"
      ),
    ])
  func completionErrors(params: String, message: String) async throws {
    let sandbox = try Sandbox()
    let client = try MCPClient(sandbox, "--intents", "todos.*")
    try await client.initialize()
    #expect(
      try await client.request(5, "completion/complete", params)
        == #"{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"\#(message)"}}"#)
    _ = await client.finish()
  }

  @Test("a tool takes a resource's URI for an entity argument; another type's is refused")
  func uriArgument() async throws {
    let (sandbox, ids) = try await Self.home()
    let mom = try #require(ids["Call mom"])
    let note = try #require(ids["note"])
    let client = try MCPClient(sandbox, "--intents", "todos.complete")
    try await client.initialize()
    let done = try await client.request(
      1, "tools/call",
      #"{"name":"todos.complete","arguments":{"todo":"intentflow://Todo/\#(mom)"}}"#)
    #expect(done.contains(#""structuredContent":{"type":"Todo","id":"\#(mom)","#), "\(done)")
    #expect(done.contains(#""isDone":true"#), "\(done)")
    let wrong = try await client.request(
      2, "tools/call",
      #"{"name":"todos.complete","arguments":{"todo":"intentflow://Note/\#(note)"}}"#)
    #expect(
      wrong
        == #"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"argument "#
        + #"'todo' names a Note ('intentflow://Note/\#(note)'); it takes a Todo: "#
        + #"intentflow://Todo/ID, an id or words that name it"}],"isError":true}}"#)
    _ = await client.finish()
  }
}

/// Issue 24: an entity query that waits does not stop the server from reading.
@Suite("intentflow mcp reads on while an entity query waits")
struct MCPSlowQueryTests {
  @Test("a ping is answered while resources/read waits on an extension's query")
  func pingDuringQuery() async throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(at: sandbox.home, withIntermediateDirectories: true)
    let fixture = Fixtures.repositoryRoot
      .appendingPathComponent("Tests/ExtensionsTests/Fixtures/entity_fixture.py").path
    let gate = sandbox.work.appendingPathComponent("gate").path
    guard mkfifo(gate, 0o600) == 0 else { throw Failure("cannot make the FIFO") }
    try Data(
      """
      { "extensions": { "fx": { "command": "python3", "args": ["\(fixture)"],
        "env": { "FIXTURE_MODE": "slow-query", "FIXTURE_GATE": "\(gate)" } } } }
      """.utf8
    ).write(to: sandbox.home.appendingPathComponent("extensions.json"))
    // Whatever happens, the fixture is let go at the end, so that it cannot outlive the test.
    defer {
      let writer = open(gate, O_WRONLY | O_NONBLOCK)
      if writer >= 0 {
        _ = "go\n".withCString { write(writer, $0, 3) }
        close(writer)
      }
    }
    let client = try MCPClient(sandbox, "--intents", "fx.*")
    try await client.initialize()
    let templates = try await client.request(1, "resources/templates/list")
    #expect(templates.contains(#""uriTemplate":"intentflow://fx.Note/{id}""#), "\(templates)")
    client.send(
      #"{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"intentflow://fx.Note/n1"}}"#
    )
    // The query now waits on the gate; the server still reads and answers.
    #expect(try await client.request(3, "ping") == #"{"jsonrpc":"2.0","id":3,"result":{}}"#)
    #expect(!client.lines.contains { $0.hasPrefix(#"{"jsonrpc":"2.0","id":2,"#) })
    let writer = open(gate, O_WRONLY)
    #expect(writer >= 0)
    _ = "go\n".withCString { write(writer, $0, 3) }
    close(writer)
    let read = try await client.line(startingWith: #"{"jsonrpc":"2.0","id":2,"#)
    #expect(read.contains("Groceries"), "\(read)")
    _ = await client.finish()
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}
