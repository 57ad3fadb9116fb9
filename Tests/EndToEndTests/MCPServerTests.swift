import Foundation
import Testing

/// `intentflow mcp` driven by a client of the tests' own, with the exact lines it writes.
@Suite("intentflow mcp, end to end")
struct MCPServerTests {
  /// A workflow directory with one workflow of an input and an entity output, and one whose
  /// output is text.
  static func sandbox() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.write(
      "flows/plan.json",
      #"{"name": "plan-the-day", "description": "Add a todo and mark it done.", "#
        + #""inputs": {"title": {"type": "string", "default": "Buy bread"}}, "#
        + #""steps": [{"id": "add", "intent": "todos.add", "parameters": {"title": "${inputs.title}"}}, "#
        + #"{"id": "done", "intent": "todos.complete", "parameters": {"todo": "${add}"}}], "#
        + #""output": "${done}"}"#)
    try sandbox.write(
      "flows/shout.json",
      #"{"name": "shout", "inputs": {"text": {"type": "string", "description": "What to say."}, "#
        + #""times": {"type": "integer", "default": 1}}, "#
        + #""steps": [{"intent": "text.uppercase", "parameters": {"input": "${inputs.text}"}}]}"#)
    return sandbox
  }

  /// The text with each todo's id (a UUID) replaced by `ID`.
  static func withoutIDs(_ text: String) -> String {
    text.replacingOccurrences(
      of: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", with: "ID",
      options: .regularExpression)
  }

  @Test(
    "initialize answers the client's revision when it is spoken, else the newest",
    arguments: [
      ("2025-06-18", "2025-06-18"), ("2025-03-26", "2025-03-26"), ("2024-11-05", "2024-11-05"),
      ("2099-01-01", "2025-06-18"),
    ])
  func negotiation(requested: String, answered: String) async throws {
    let sandbox = try Self.sandbox()
    let client = try MCPClient(sandbox, "--workflows", "flows")
    let answer = try await client.request(
      1, "initialize",
      #"{"protocolVersion":"\#(requested)","capabilities":{},"clientInfo":{"name":"t","version":"1"}}"#
    )
    let completions = answered == "2024-11-05" ? "" : #","completions":{}"#
    #expect(
      answer
        == #"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"\#(answered)","#
        + #""capabilities":{"tools":{"listChanged":false},"#
        + #""resources":{"subscribe":false,"listChanged":false}\#(completions)},"#
        + #""serverInfo":{"name":"intentflow","version":"0.1.0"},"#
        + #""instructions":"Each tool runs an IntentFlow workflow or intent. Tools marked "#
        + #"destructiveHint ask for confirmation before they change anything."}}"#)
    let output = await client.finish()
    #expect(output.status == 0, "\(output)")
  }

  @Test(
    "tools/list: each workflow by its name, its inputs as inputSchema, its output as outputSchema")
  func listsWorkflows() async throws {
    let sandbox = try Self.sandbox()
    let client = try MCPClient(sandbox, "--workflows", "flows")
    try await client.initialize()
    let answer = try await client.request(1, "tools/list")
    #expect(
      answer
        == #"{"jsonrpc":"2.0","id":1,"result":{"tools":["#
        + #"{"name":"plan-the-day","title":"plan-the-day","description":"Add a todo and mark it done.","#
        + #""inputSchema":{"type":"object","properties":{"title":{"type":"string","default":"Buy bread"}},"#
        + #""additionalProperties":false},"#
        + #""outputSchema":{"type":"object","properties":{"type":{"const":"Todo"},"id":{"type":"string"},"#
        + #""display":{"type":"string"},"properties":{"type":"object"}},"required":["type","display","properties"]},"#
        + #""annotations":{"title":"plan-the-day","readOnlyHint":false,"destructiveHint":false,"#
        + #""idempotentHint":false,"openWorldHint":false}},"#
        + #"{"name":"shout","title":"shout","inputSchema":{"type":"object","properties":{"#
        + #""text":{"type":"string","description":"What to say."},"times":{"type":"integer","default":1}},"#
        + #""required":["text"],"additionalProperties":false},"#
        + #""outputSchema":{"type":"object","properties":{"output":{"type":"string"}},"required":["output"]},"#
        + #""annotations":{"title":"shout","readOnlyHint":true,"destructiveHint":false,"#
        + #""idempotentHint":true,"openWorldHint":false}}]}}"#)
    _ = await client.finish()
  }

  @Test("intents are tools only when --intents names them; a confirming one is destructive")
  func listsIntents() async throws {
    let sandbox = try Sandbox()
    let client = try MCPClient(sandbox, "--workflows", sandbox.work.path, "--intents", "todos.del*")
    try await client.initialize()
    let answer = try await client.request(1, "tools/list")
    #expect(
      answer
        == #"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"todos.delete","#
        + #""title":"Delete Todo","description":"Deletes a todo for good. Asks for confirmation first.","#
        + #""inputSchema":{"type":"object","properties":{"todo":{"type":"string","#
        + #""description":"a Todo: its id (intentflow://Todo/{id}) or text that names it"}},"#
        + #""required":["todo"],"additionalProperties":false},"#
        + #""outputSchema":{"type":"object","properties":{"type":{"const":"Todo"},"id":{"type":"string"},"#
        + #""display":{"type":"string"},"properties":{"type":"object"}},"required":["type","display","properties"]},"#
        + #""annotations":{"title":"Delete Todo","readOnlyHint":false,"destructiveHint":true,"#
        + #""idempotentHint":false,"openWorldHint":false}}]}}"#)
    _ = await client.finish()
  }

  @Test("an older client gets no fields of later revisions")
  func olderRevision() async throws {
    let sandbox = try Self.sandbox()
    let client = try MCPClient(sandbox, "--workflows", "flows")
    try await client.initialize(version: "2024-11-05")
    let list = try await client.request(1, "tools/list")
    #expect(
      !list.contains("outputSchema") && !list.contains("annotations")
        && !list.contains("title\":\"shout"))
    let call = try await client.request(
      2, "tools/call", #"{"name":"shout","arguments":{"text":"hi"}}"#)
    #expect(
      call
        == #"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"{\"output\":\"HI\"}"}],"#
        + #""isError":false}}"#)
    _ = await client.finish()
  }

  @Test("tools/call runs the workflow: text output wrapped as {output}, an entity as it is")
  func calls() async throws {
    let sandbox = try Self.sandbox()
    let client = try MCPClient(sandbox, "--workflows", "flows")
    try await client.initialize()
    let shout = try await client.request(
      1, "tools/call", #"{"name":"shout","arguments":{"text":"hi","times":"2"}}"#)
    #expect(
      shout
        == #"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"{\"output\":\"HI\"}"}],"#
        + #""structuredContent":{"output":"HI"},"isError":false}}"#)
    let plan = try await client.request(
      2, "tools/call", #"{"name":"plan-the-day","arguments":{"title":"Buy milk"}}"#)
    let todo =
      #"{"type":"Todo","id":"ID","display":"Buy milk","properties":{"title":"Buy milk","due":null,"#
      + #""isDone":true}}"#
    let quoted = todo.replacingOccurrences(of: "\"", with: "\\\"")
    #expect(
      Self.withoutIDs(plan)
        == #"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"\#(quoted)"},"#
        + #"{"type":"text","text":"Added 'Buy milk'."},{"type":"text","text":"Completed 'Buy milk'."}],"#
        + #""structuredContent":\#(todo),"isError":false}}"#)
    let output = await client.finish()
    #expect(output.status == 0, "\(output)")
    let history = try await sandbox.run("history", "--json")
    let runs = try parseJSONArray(history.stdout)
    #expect(runs.map { $0.string("trigger") } == ["mcp", "mcp"], "\(history)")
    #expect(runs.map { $0.string("workflow") } == ["plan-the-day", "shout"], "\(history)")
    #expect(runs.map { $0.string("status") } == ["succeeded", "succeeded"], "\(history)")
  }

  @Test("a workflow call records its steps as run does: history show RUN --json")
  func stepHistory() async throws {
    let sandbox = try Self.sandbox()
    let client = try MCPClient(sandbox, "--workflows", "flows")
    try await client.initialize()
    let plan = try await client.request(
      1, "tools/call", #"{"name":"plan-the-day","arguments":{"title":"Buy milk"}}"#)
    #expect(plan.contains(#""isError":false"#), "\(plan)")
    _ = await client.finish()
    let shown = try await sandbox.run("history", "show", "1", "--json")
    #expect(shown.status == 0, "\(shown)")
    let show = try JSONObject(parsing: shown.stdout)
    #expect(show.object("run")?.string("trigger") == "mcp")
    #expect(show.object("run")?.string("workflow") == "plan-the-day")
    let steps = show.objects("steps") ?? []
    #expect(steps.map { $0.string("path") ?? "" } == ["1", "2"], "\(shown.stdout)")
    #expect(steps.map { $0.string("id") ?? "" } == ["add", "done"])
    #expect(steps.map { $0.string("intent") ?? "" } == ["todos.add", "todos.complete"])
    #expect(steps.map { $0.string("status") ?? "" } == ["succeeded", "succeeded"])
    #expect(steps.first?.object("parameters")?.string("title") == "Buy milk")
    #expect(steps.last?.object("output")?.object("properties")?["isDone"] as? Bool == true)
  }

  @Test("a call's secret arguments are *** in its recorded steps")
  func stepHistorySecrets() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "flows/login.json",
      #"{"name":"login","inputs":{"token":{"type":"text","secret":true}},"steps":["#
        + #"{"id":"up","intent":"text.compose","parameters":{"text":"t ${inputs.token}"}}]}"#)
    let client = try MCPClient(sandbox, "--workflows", "flows")
    try await client.initialize()
    let call = try await client.request(
      1, "tools/call", #"{"name":"login","arguments":{"token":"hunter2-swordfish"}}"#)
    #expect(call.contains(#""isError":false"#), "\(call)")
    _ = await client.finish()
    let shown = try await sandbox.run("history", "show", "1", "--json")
    #expect(!shown.stdout.contains("hunter2"), "\(shown.stdout)")
    let steps = try JSONObject(parsing: shown.stdout).objects("steps") ?? []
    #expect(steps.map { $0.string("output") ?? "" } == ["t ***"], "\(shown.stdout)")
    #expect(steps.first?.object("parameters")?.string("text") == "t ***")
  }

  @Test(
    "arguments are checked before anything runs; a mismatch is a result with isError",
    arguments: [
      (
        #"{"text":"hi","tims":2}"#,
        "unknown argument 'tims' for 'shout'; did you mean 'times'?"
      ),
      (
        #"{"text":"hi","times":"many"}"#,
        "argument 'times' must be an integer: 'many' is not a whole number"
      ),
      (
        #"{"times":2}"#,
        "argument 'text' is required (text): What to say.; call 'shout' again with a value for it"
      ),
      (#"[1]"#, "the arguments of 'shout' must be a JSON object of 'text', 'times'"),
    ])
  func mismatch(arguments: String, message: String) async throws {
    let sandbox = try Self.sandbox()
    let client = try MCPClient(sandbox, "--workflows", "flows")
    try await client.initialize()
    let answer = try await client.request(
      1, "tools/call", #"{"name":"shout","arguments":\#(arguments)}"#)
    #expect(
      answer
        == #"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"\#(message)"}],"#
        + #""isError":true}}"#)
    _ = await client.finish()
    let history = try await sandbox.run("history", "--json")
    #expect(try parseJSONArray(history.stdout).isEmpty, "nothing ran: \(history)")
  }

  @Test("an intent called as a tool is recorded as a run of one step, with its parameters")
  func intentStepHistory() async throws {
    let sandbox = try Sandbox()
    let client = try MCPClient(sandbox, "--intents", "text.*")
    try await client.initialize()
    let reply = try await client.request(
      1, "tools/call", #"{"name":"text.uppercase","arguments":{"input":"quiet"}}"#)
    #expect(reply.contains(#""isError":false"#), "\(reply)")
    let failed = try await client.request(
      2, "tools/call", #"{"name":"text.base64Decode","arguments":{"input":"%%%"}}"#)
    #expect(failed.contains(#""isError":true"#), "\(failed)")
    _ = await client.finish()
    let shown = try JSONObject(
      parsing: try await sandbox.run("history", "show", "1", "--json").stdout)
    #expect(shown.object("run")?.string("trigger") == "mcp")
    let steps = shown.objects("steps") ?? []
    #expect(steps.map { $0.string("path") ?? "" } == ["1"], "\(steps)")
    #expect(steps.first?.string("intent") == "text.uppercase")
    #expect(steps.first?.string("status") == "succeeded")
    #expect(steps.first?.object("parameters")?.string("input") == "quiet")
    #expect(steps.first?.string("output") == "QUIET")
    let second = try JSONObject(
      parsing: try await sandbox.run("history", "show", "2", "--json").stdout)
    let failure = second.objects("steps")?.first
    #expect(failure?.string("status") == "failed", "\(second)")
    #expect(failure?.object("error")?.string("kind") == "unsupported", "\(second)")
  }

  @Test("without --yes a confirming intent ends with isError; with --yes it runs")
  func confirmation() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.run(
      "run", "-",
      standardInput:
        #"{"name":"a","steps":[{"intent":"todos.add","parameters":{"title":"Buy milk"}}]}"#)
    let headless = try MCPClient(sandbox, "--intents", "todos.delete")
    try await headless.initialize()
    let refused = try await headless.request(
      1, "tools/call", #"{"name":"todos.delete","arguments":{"todo":"Buy milk"}}"#)
    #expect(
      refused
        == #"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"confirmationRequired: "#
        + #"step 'todos.delete' needs confirmation: Delete the todo 'Buy milk'?; the server was started "#
        + #"without --yes, so no confirmation can be given"}],"isError":true}}"#)
    _ = await headless.finish()
    let yes = try MCPClient(sandbox, "--intents", "todos.delete", "--yes")
    try await yes.initialize()
    let deleted = try await yes.request(
      1, "tools/call", #"{"name":"todos.delete","arguments":{"todo":"Buy milk"}}"#)
    #expect(deleted.contains(#""isError":false"#), "\(deleted)")
    _ = await yes.finish()
  }

  @Test("several entities that match end the call with isError listing the candidates")
  func disambiguation() async throws {
    let sandbox = try Sandbox()
    for title in ["Buy milk", "Buy milk powder"] {
      _ = try await sandbox.run(
        "run", "-",
        standardInput:
          #"{"name":"a","steps":[{"intent":"todos.add","parameters":{"title":"\#(title)"}}]}"#)
    }
    let client = try MCPClient(sandbox, "--intents", "todos.complete")
    try await client.initialize()
    let answer = try await client.request(
      1, "tools/call", #"{"name":"todos.complete","arguments":{"todo":"milk"}}"#)
    #expect(
      Self.withoutIDs(answer)
        == #"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"disambiguation: "#
        + #"step 'todos.complete' needs a choice for 'todo': 2 Todos match 'milk' (candidates: "#
        + #"'Buy milk', 'Buy milk powder')\ncandidates:\n"#
        + #"- Buy milk (id ID)\n- Buy milk powder (id ID)"}],"isError":true}}"#)
    _ = await client.finish()
  }

  @Test("JSON-RPC errors: not JSON, unknown method, unknown tool; ping answers")
  func protocolErrors() async throws {
    let sandbox = try Self.sandbox()
    let client = try MCPClient(sandbox, "--workflows", "flows")
    try await client.initialize()
    client.send("{not json")
    let parse = try await client.line(startingWith: #"{"jsonrpc":"2.0","id":null,"#)
    #expect(
      parse.hasPrefix(
        #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: "#))
    #expect(
      try await client.request(1, "resources/subscribe")
        == #"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"unknown method "#
        + #"'resources/subscribe'; this server answers initialize, ping, tools/list, tools/call, "#
        + #"resources/list, resources/templates/list, resources/read and completion/complete"}}"#
    )
    #expect(
      try await client.request(2, "tools/call", #"{"name":"shuot"}"#)
        == #"{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"unknown tool 'shuot'; "#
        + #"did you mean 'shout'?"}}"#)
    #expect(try await client.request(3, "ping") == #"{"jsonrpc":"2.0","id":3,"result":{}}"#)
    let output = await client.finish()
    #expect(output.status == 0)
  }

  @Test("a call with a progress token gets notifications/progress, one a step, before its result")
  func progress() async throws {
    let sandbox = try Self.sandbox()
    let client = try MCPClient(sandbox, "--workflows", "flows")
    try await client.initialize()
    _ = try await client.request(
      1, "tools/call", #"{"name":"plan-the-day","arguments":{},"_meta":{"progressToken":"p1"}}"#)
    let notes = client.lines.filter { $0.contains("notifications/progress") }
    #expect(
      notes == [
        #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p1","#
          + #""progress":1,"total":2,"message":"step 'add' finished"}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p1","#
          + #""progress":2,"total":2,"message":"step 'done' finished"}}"#,
      ])
    _ = await client.finish()
  }

  @Test("notifications/cancelled cancels the running step; no result is sent; history says why")
  func cancellation() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "flows/slow.json",
      #"{"name":"slow","steps":[{"intent":"flow.wait","parameters":{"duration":"1h"},"timeout":"none"}]}"#
    )
    let client = try MCPClient(sandbox, "--workflows", "flows")
    try await client.initialize()
    client.send(
      #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow","arguments":{},"#
        + #""_meta":{"progressToken":1}}}"#)
    // The run is recorded as it starts: wait for its row rather than for time to pass.
    var started = false
    for _ in 0..<200 where !started {
      let history = try await sandbox.run("history", "--json")
      started = history.stdout.contains("\"slow\"")
    }
    #expect(started)
    client.send(
      #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"#
        + #""reason":"the user pressed stop"}}"#)
    #expect(try await client.request(2, "ping") == #"{"jsonrpc":"2.0","id":2,"result":{}}"#)
    let output = await client.finish()
    #expect(output.status == 0)
    #expect(!output.stdout.contains(#""id":1,"#), "\(output)")
    let runs = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    #expect(runs.first?.string("status") == "cancelled")
    #expect(runs.first?.string("error")?.contains("the user pressed stop") == true, "\(runs)")
  }
}
