import Extensions
import Foundation
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
}
