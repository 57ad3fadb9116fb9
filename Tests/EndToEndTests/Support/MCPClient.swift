import Foundation

/// A small MCP client for the tests: starts `intentflow mcp`, writes one JSON-RPC message a
/// line to its standard input and waits for the line that answers it, so that each test
/// checks the exact text the server wrote.
final class MCPClient: Sendable {
  struct NoAnswer: Error, CustomStringConvertible {
    var request: String
    var output: String
    var description: String { "no answer to \(request)\n--- stdout so far ---\n\(output)" }
  }

  let process: IntentFlowProcess
  /// The server's home, kept for as long as the client: a sandbox removes its files when it
  /// goes.
  let sandbox: Sandbox

  /// Starts `intentflow mcp ARGUMENTS…` in the sandbox.
  init(_ sandbox: Sandbox, _ arguments: String...) throws {
    self.sandbox = sandbox
    process = try sandbox.start(["mcp"] + arguments, standardInput: "", keepingInputOpen: true)
  }

  /// Writes one line.
  func send(_ line: String) {
    process.type(line + "\n")
  }

  /// Sends a request and returns the server's answer line (the one with the same id).
  func request(_ id: Int, _ method: String, _ params: String = "{}") async throws -> String {
    try await answer(
      to: #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#, id: id)
  }

  /// Writes `line` and returns the answer with `id`.
  func answer(to line: String, id: Int) async throws -> String {
    send(line)
    return try await self.line(startingWith: #"{"jsonrpc":"2.0","id":\#(id),"#, for: line)
  }

  /// Initializes the session (revision 2025-06-18 unless told otherwise) and sends
  /// `notifications/initialized`.
  func initialize(version: String = "2025-06-18", capabilities: String = "{}") async throws {
    _ = try await request(
      0, "initialize",
      #"{"protocolVersion":"\#(version)","capabilities":\#(capabilities),"#
        + #""clientInfo":{"name":"tests","version":"1"}}"#)
    send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
  }

  /// The first line of standard output that starts with `prefix`, once written.
  func line(startingWith prefix: String, for request: String = "") async throws -> String {
    // A raw prefix appears only at a line's start: inside a string its quotes are escaped.
    guard try await process.waitForStandardOutput(containing: prefix) else {
      throw NoAnswer(request: request, output: process.stdoutSoFar)
    }
    if let line = lines.first(where: { $0.hasPrefix(prefix) }) { return line }
    throw NoAnswer(request: request, output: process.stdoutSoFar)
  }

  /// Every line written so far.
  var lines: [String] { process.stdoutSoFar.split(separator: "\n").map(String.init) }

  /// Ends the input and waits for the server to exit.
  func finish() async -> IntentFlowProcess.Output {
    process.closeStandardInput()
    return await process.finish()
  }
}
