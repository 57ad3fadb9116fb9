import IntentKit
import StandardIntents
import StrictJSON
import Testing

@testable import DataIntents

@Suite("The system intents")
struct SystemIntentsTests {
  let registry = StandardIntents.registry

  @Test(
    "each has the documented parameters and input parameter",
    arguments: [
      (
        "files.list", ["folder", "pattern", "recursive", "includeHidden"], "folder", "list of File"
      ),
      ("files.read", ["file"], "file", "text"),
      ("files.write", ["text", "path", "mode"], "text", "File"),
      ("files.rename", ["file", "name", "overwrite"], "file", "File"),
      ("files.move", ["file", "to", "overwrite"], "file", "File"),
      ("files.copy", ["file", "to", "overwrite"], "file", "File"),
      ("files.delete", ["files", "confirmBeforeDeleting"], "files", "integer"),
      ("files.makeFolder", ["path"], "path", "File"),
      ("files.archive", ["files", "to", "overwrite"], "files", "File"),
      (
        "shell.run",
        [
          "command", "script", "arguments", "input", "directory", "environment", "allowFailure",
          "outputLimit",
        ], "input", "ShellResult"
      ),
      (
        "http.request",
        [
          "url", "method", "headers", "query", "body", "json", "form", "allowFailure",
          "bodyLimit",
        ], "url", "HTTPResponse"
      ),
      ("ask.text", ["prompt", "default"], nil, "text"),
      ("ask.choose", ["prompt", "items", "multiple"], nil, "any value"),
      ("show.result", ["input"], "input", "any value"),
      ("show.notification", ["title", "body"], nil, "nothing"),
      ("flow.stop", ["output"], "output", "any value"),
      ("flow.fail", ["message"], "message", "nothing"),
    ] as [(IntentIdentifier, [String], String?, String)])
  func metadata(identifier: IntentIdentifier, parameters: [String], input: String?, output: String)
    throws
  {
    let intent = try #require(registry.intent(identifier))
    #expect(intent.parameters.map(\.name) == parameters)
    #expect(intent.inputParameter?.name == input)
    #expect(intent.outputType.description == output)
    #expect(!intent.description.isEmpty)
  }

  @Test("records leave out the id in JSON and as a dictionary")
  func recordJSON() throws {
    let result = Value.entity(AnyEntity(ShellResult(stdout: "hi\n", stderr: "", exitCode: 0)))
    #expect(
      result.jsonValue.serialized()
        == #"{"type":"ShellResult","display":"hi","properties":{"stdout":"hi\n","stderr":"","exitCode":0}}"#
    )
    #expect(
      try result.coerced(to: .dictionary)
        == .dictionary(["stdout": .text("hi\n"), "stderr": .text(""), "exitCode": .integer(0)]))
  }
}
