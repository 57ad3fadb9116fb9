import Foundation
import Testing

/// `intentflow mcp` asking a client that elicits (`elicitation/create`) for a value, a choice
/// or a confirmation. The client's own request ids start at 100, so that they cannot be taken
/// for the ids of the server's requests (1, 2, …), and each wait names the exact id it wants.
@Suite("intentflow mcp: elicitation, end to end")
struct MCPElicitationTests {
  static let elicits = #"{"elicitation":{}}"#

  /// A home with two todos that "milk" matches.
  static func home() async throws -> Sandbox {
    let sandbox = try Sandbox()
    for title in ["Buy milk", "Buy milk powder"] {
      let run = try await sandbox.run(
        "run", "-",
        standardInput:
          #"{"name":"a","steps":[{"intent":"todos.add","parameters":{"title":"\#(title)"}}]}"#)
      #expect(run.status == 0, "\(run)")
    }
    return sandbox
  }

  /// The server's `number`th request, once written.
  static func serverRequest(_ number: Int, of client: MCPClient) async throws -> JSONObject {
    let line = try await client.line(
      startingWith: #"{"jsonrpc":"2.0","id":\#(number),"method":"elicitation/create","#)
    return try JSONObject(parsing: line)
  }

  /// A server on a home with todos, for the intents `intents`, whose client declared that it
  /// answers elicitation requests.
  static func elicitingClient(intents: String) async throws -> MCPClient {
    let client = try MCPClient(try await Self.home(), "--intents", intents)
    try await client.initialize(capabilities: Self.elicits)
    return client
  }

  /// Calls the tool `name` with `arguments` (a JSON object) as request `id`.
  static func call(_ name: String, _ arguments: String, id: Int, on client: MCPClient) {
    client.send(
      #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(name)","#
        + #""arguments":\#(arguments)}}"#)
  }

  /// Answers the server's request `number`.
  static func answer(_ number: Int, _ result: String, to client: MCPClient) {
    client.send(#"{"jsonrpc":"2.0","id":\#(number),"result":\#(result)}"#)
  }

  /// The text with each todo's id (a UUID) replaced by `ID`.
  static func withoutIDs(_ text: String) -> String {
    MCPServerTests.withoutIDs(text)
  }

  @Test("a choice between entities is asked as an enum of their ids; the answer is the one")
  func disambiguation() async throws {
    let client = try await Self.elicitingClient(intents: "todos.complete")
    Self.call("todos.complete", #"{"todo":"milk"}"#, id: 100, on: client)
    let request = try await Self.serverRequest(1, of: client)
    let line = try await client.line(
      startingWith: #"{"jsonrpc":"2.0","id":1,"method":"elicitation/create","#)
    #expect(
      Self.withoutIDs(line)
        == #"{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"#
        + #""message":"Several Todos match 'milk'. Which one?","#
        + #""requestedSchema":{"type":"object","properties":{"choice":{"type":"string","#
        + #""title":"Todo","enum":["ID","ID"],"enumNames":["Buy milk","Buy milk powder"]}},"#
        + #""required":["choice"]}}}"#)
    let schema = request.object("params")?.object("requestedSchema")?.object("properties")
    let ids = schema?.object("choice")?["enum"] as? [String] ?? []
    try #require(ids.count == 2, "\(line)")
    // While the server waits, a request of the client's is answered, and its id is not
    // taken for the answer the server waits for.
    #expect(try await client.request(101, "ping") == #"{"jsonrpc":"2.0","id":101,"result":{}}"#)
    Self.answer(1, #"{"action":"accept","content":{"choice":"\#(ids[1])"}}"#, to: client)
    let result = try await client.line(startingWith: #"{"jsonrpc":"2.0","id":100,"#)
    #expect(
      Self.withoutIDs(result)
        == #"{"jsonrpc":"2.0","id":100,"result":{"content":[{"type":"text","text":"#
        + #""{\"type\":\"Todo\",\"id\":\"ID\",\"display\":\"Buy milk powder\",\"properties\":"#
        + #"{\"title\":\"Buy milk powder\",\"due\":null,\"isDone\":true}}"},"#
        + #"{"type":"text","text":"Completed 'Buy milk powder'."}],"#
        + #""structuredContent":{"type":"Todo","id":"ID","display":"Buy milk powder","#
        + #""properties":{"title":"Buy milk powder","due":null,"isDone":true}},"isError":false}}"#)
    let output = await client.finish()
    #expect(output.status == 0, "\(output)")
  }

  @Test("a missing value is asked with its schema: an entity as its ids, recently used first")
  func needsValue() async throws {
    let client = try await Self.elicitingClient(intents: "todos.complete")
    Self.call("todos.complete", #"{"todo":"eggs"}"#, id: 100, on: client)
    let request = try await Self.serverRequest(1, of: client)
    let line = try await client.line(
      startingWith: #"{"jsonrpc":"2.0","id":1,"method":"elicitation/create","#)
    #expect(
      Self.withoutIDs(line)
        == #"{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"#
        + #""message":"no Todo matches 'eggs'. Which todo?","requestedSchema":{"type":"object","#
        + #""properties":{"value":{"title":"Todo","type":"string","enum":["ID","ID"],"#
        + #""enumNames":["Buy milk powder","Buy milk"]}},"required":["value"]}}}"#)
    let schema = request.object("params")?.object("requestedSchema")?.object("properties")
    let ids = schema?.object("value")?["enum"] as? [String] ?? []
    try #require(ids.count == 2, "\(line)")
    Self.answer(1, #"{"action":"accept","content":{"value":"\#(ids[0])"}}"#, to: client)
    let result = try await client.line(startingWith: #"{"jsonrpc":"2.0","id":100,"#)
    #expect(result.contains(#""display":"Buy milk powder""#), "\(result)")
    #expect(result.contains(#""isError":false"#), "\(result)")
    _ = await client.finish()
  }

  @Test("declined: the value is not given, and the call ends with isError naming it")
  func declined() async throws {
    let client = try await Self.elicitingClient(intents: "todos.complete")
    Self.call("todos.complete", #"{"todo":"eggs"}"#, id: 100, on: client)
    _ = try await Self.serverRequest(1, of: client)
    Self.answer(1, #"{"action":"decline"}"#, to: client)
    let result = try await client.line(startingWith: #"{"jsonrpc":"2.0","id":100,"#)
    #expect(result.contains(#""isError":true"#), "\(result)")
    #expect(result.contains("needsValue: "), "\(result)")
    _ = await client.finish()
  }

  @Test("a confirmation is a yes/no; yes deletes, no ends the call with isError")
  func confirmation() async throws {
    let client = try await Self.elicitingClient(intents: "todos.delete")
    let sandbox = client.sandbox
    Self.call("todos.delete", #"{"todo":"Buy milk powder"}"#, id: 100, on: client)
    let first = try await client.line(
      startingWith: #"{"jsonrpc":"2.0","id":1,"method":"elicitation/create","#)
    #expect(
      first
        == #"{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"#
        + #""message":"Delete the todo 'Buy milk powder'?","requestedSchema":{"type":"object","#
        + #""properties":{"confirm":{"type":"boolean","title":"Confirm","default":false}},"#
        + #""required":["confirm"]}}}"#)
    Self.answer(1, #"{"action":"accept","content":{"confirm":true}}"#, to: client)
    let deleted = try await client.line(startingWith: #"{"jsonrpc":"2.0","id":100,"#)
    #expect(deleted.contains(#""isError":false"#), "\(deleted)")

    // The server's next request has the next id, whatever the client's ids are.
    Self.call("todos.delete", #"{"todo":"Buy milk"}"#, id: 102, on: client)
    _ = try await Self.serverRequest(2, of: client)
    Self.answer(2, #"{"action":"accept","content":{"confirm":false}}"#, to: client)
    let kept = try await client.line(startingWith: #"{"jsonrpc":"2.0","id":102,"#)
    #expect(kept.contains(#""isError":true"#), "\(kept)")
    _ = await client.finish()
    let left = try await sandbox.run(
      "run", "-", "--json",
      standardInput: #"{"name":"f","steps":[{"intent":"todos.find","parameters":{}}]}"#)
    #expect(left.stdout.contains("Buy milk"), "\(left)")
    #expect(!left.stdout.contains("Buy milk powder"), "\(left)")
  }

  @Test("cancel ends the call: the person did not answer")
  func cancelled() async throws {
    let client = try await Self.elicitingClient(intents: "todos.complete")
    Self.call("todos.complete", #"{"todo":"milk"}"#, id: 100, on: client)
    _ = try await Self.serverRequest(1, of: client)
    Self.answer(1, #"{"action":"cancel"}"#, to: client)
    let result = try await client.line(startingWith: #"{"jsonrpc":"2.0","id":100,"#)
    #expect(result.contains(#""isError":true"#), "\(result)")
    #expect(result.contains("the person cancelled the question"), "\(result)")
    _ = await client.finish()
  }

  @Test("a client request whose id is that of the server's pending request is answered as one")
  func sameIDBothWays() async throws {
    let client = try await Self.elicitingClient(intents: "todos.complete")
    Self.call("todos.complete", #"{"todo":"milk"}"#, id: 100, on: client)
    let request = try await Self.serverRequest(1, of: client)
    let schema = request.object("params")?.object("requestedSchema")?.object("properties")
    let ids = schema?.object("choice")?["enum"] as? [String] ?? []
    try #require(ids.count == 2)
    client.send(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
    _ = try await client.line(startingWith: #"{"jsonrpc":"2.0","id":1,"result":{}}"#)
    Self.answer(1, #"{"action":"accept","content":{"choice":"\#(ids[0])"}}"#, to: client)
    let result = try await client.line(startingWith: #"{"jsonrpc":"2.0","id":100,"#)
    #expect(result.contains(#""display":"Buy milk""#), "\(result)")
    #expect(result.contains(#""isError":false"#), "\(result)")
    _ = await client.finish()
  }
}
