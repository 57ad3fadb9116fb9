import Extensions
import Foundation
import StrictJSON
import Testing

@Suite("The JSON-RPC connection")
struct JSONRPCConnectionTests {
  @Test("writing to an extension that has exited is an error, not a SIGPIPE for the runner")
  func brokenPipe() async throws {
    let connection = try JSONRPCConnection(
      name: "gone", command: "/bin/sh", arguments: ["-c", "exit 7"],
      environment: ProcessInfo.processInfo.environment)
    // The reader thread notices the exit; until then, let it run.
    while !connection.hasExited { await Task.yield() }
    #expect(throws: ExtensionError("extension 'gone' stopped reading its input (Broken pipe)")) {
      try connection.notify("notifications/initialized")
    }
    await #expect(throws: ExtensionError("extension 'gone' exited with status 7")) {
      try await connection.request("ping")
    }
  }

  @Test("concurrent requests each get their own reply, whatever the order of the replies")
  func multiplexing() async throws {
    let connection = try JSONRPCConnection(
      name: "reorder", command: "python3", arguments: [try Self.fixture("reorder_fixture.py")],
      environment: ProcessInfo.processInfo.environment)
    for batch in [1, 2, 5, 8] {
      for _ in 0..<10 {
        let answers = try await withThrowingTaskGroup(of: (Int, JSONValue).self) { group in
          for n in 0..<batch {
            group.addTask {
              let params: JSONValue = .object([("n", .integer(n)), ("batch", .integer(batch))])
              return (n, try await connection.request("work", params: params))
            }
          }
          return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(answers.count == batch)
        for (n, answer) in answers { #expect(answer == .object([("n", .integer(n))])) }
      }
    }
    // A request longer than a pipe holds, while others are outstanding.
    let long = JSONValue.string(String(repeating: "x", count: 200_000))
    let answers = try await withThrowingTaskGroup(of: JSONValue.self) { group in
      for n in 0..<2 {
        group.addTask {
          let params: JSONValue = .object([
            ("n", .integer(n)), ("batch", .integer(2)), ("pad", n == 1 ? long : .null),
          ])
          return try await connection.request("work", params: params)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(Set(answers) == [.object([("n", .integer(0))]), .object([("n", .integer(1))])])
    await connection.stop()
    #expect(connection.hasExited)
  }

  @Test("a missing command is refused before anything starts")
  func missingCommand() {
    #expect(
      throws: ExtensionError(
        "extension 'x': command 'no-such-program-here' was not found on PATH; give its full "
          + "path in extensions.json")
    ) {
      try JSONRPCConnection(
        name: "x", command: "no-such-program-here", arguments: [],
        environment: ["PATH": "/usr/bin:/bin"])
    }
  }

  /// A file of `Fixtures` in the test bundle.
  static func fixture(_ name: String) throws -> String {
    try Fixture.serverPath().replacingOccurrences(of: "mcp_fixture.py", with: name)
  }
}
