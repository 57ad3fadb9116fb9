import Foundation
import Testing

/// The runner with extensions: the fixture MCP server of `Tests/ExtensionsTests/Fixtures` and
/// the example IntentFlow extensions of `Examples/Extensions`.
@Suite("Extensions, end to end")
struct ExtensionTests {
  private static let fixture = Fixtures.repositoryRoot
    .appendingPathComponent("Tests/ExtensionsTests/Fixtures/mcp_fixture.py").path
  private static let greeter = Fixtures.repositoryRoot
    .appendingPathComponent("Examples/Extensions/greeter.py").path
  private static let system = Fixtures.repositoryRoot
    .appendingPathComponent("Examples/Extensions/system.sh").path

  private func sandbox() throws -> Sandbox {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(at: sandbox.home, withIntermediateDirectories: true)
    let configuration = """
      { "extensions": {
        "fx": { "command": "python3", "args": ["\(Self.fixture)"], "protocol": "mcp" },
        "greeter": { "command": "python3", "args": ["\(Self.greeter)"] },
        "system": { "command": "\(Self.system)" } } }
      """
    try Data(configuration.utf8).write(
      to: sandbox.home.appendingPathComponent("extensions.json"))
    return sandbox
  }

  @Test("validate checks extension intents and types before the run, with did-you-mean")
  func validate() async throws {
    let sandbox = try sandbox()
    let file = try sandbox.writeNamed(
      "bad.json",
      """
      { "name": "bad", "steps": [
        { "intent": "fx.ad", "parameters": { "a": 1 } },
        { "intent": "fx.add", "parameters": { "a": "many" } } ] }
      """)
    let result = try await sandbox.run("validate", file)
    #expect(result.status == 2, "\(result)")
    #expect(
      result.stderr == """
        bad.json:2:15: error: unknown intent 'fx.ad'; did you mean 'fx.add'?
          { "intent": "fx.ad", "parameters": { "a": 1 } },
                      ^
        bad.json:3:46: error: parameter 'a' of 'fx.add': 'many' is not a whole number
          { "intent": "fx.add", "parameters": { "a": "many" } } ] }
                                                     ^
        2 errors.

        """)
  }

  @Test("a run chains MCP tools and IntentFlow intents; structuredContent feeds ${…}")
  func run() async throws {
    let sandbox = try sandbox()
    let file = try sandbox.writeNamed(
      "ok.json",
      """
      { "name": "ok", "steps": [
        { "id": "sum", "intent": "fx.add", "parameters": { "a": 2, "b": 3 } },
        { "intent": "fx.echo", "parameters": { "text": "sum ${sum.sum}" } },
        { "intent": "greeter.greet", "parameters": { "name": "Ada" } },
        { "intent": "system.shout" } ] }
      """)
    let result = try await sandbox.run("run", file)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "HELLO, ADA!\n")
    let json = try await sandbox.run("run", file, "--json")
    #expect(json.stdout.contains("\"sum 5\""), "\(json.stdout)")
  }

  @Test("describe and intents show extension intents like built-in ones")
  func describe() async throws {
    let sandbox = try sandbox()
    let result = try await sandbox.run("describe", "fx.add")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("fx.add — add\nAdds two integers.\n"), "\(result.stdout)")
    #expect(result.stdout.contains("  b  integer, default 1\n"), "\(result.stdout)")
    let intents = try await sandbox.run("intents")
    #expect(intents.stdout.contains("greeter.greet"), "\(intents.stdout)")
  }

  @Test("a destructive tool needs --yes; without it the run stops with exit code 4")
  func destructive() async throws {
    let sandbox = try sandbox()
    let file = try sandbox.writeNamed(
      "rm.json",
      #"{ "name": "rm", "steps": [ { "intent": "fx.delete_all", "parameters": { "scope": "mine" } } ] }"#
    )
    let refused = try await sandbox.run("run", file)
    #expect(refused.status == 4, "\(refused)")
    #expect(
      refused.stderr.contains(
        "step 'fx.delete_all' would stop for a confirmation that this run cannot ask for"),
      "\(refused)")
    let confirmed = try await sandbox.run("run", file, "--yes")
    #expect(confirmed.status == 0, "\(confirmed)")
    #expect(confirmed.stdout == "deleted mine\n")
  }

  @Test("an MCP tool's log messages are the step's logs in history, secrets masked")
  func logMessages() async throws {
    let sandbox = try sandbox()
    let file = try sandbox.writeNamed(
      "chatty.json",
      #"""
      { "name": "chatty", "inputs": { "token": { "type": "text", "secret": true, "default": "s3cr3t-t0ken" } },
        "steps": [
        { "id": "say", "intent": "fx.echo", "parameters": { "text": "log disk almost full, ${inputs.token}" } },
        { "id": "quiet", "intent": "fx.echo", "parameters": { "text": "nothing" } } ] }
      """#)
    let result = try await sandbox.run("run", file)
    #expect(result.status == 0, "\(result)")
    let printed = try await sandbox.run("history", "logs", "1", "say")
    #expect(printed.status == 0, "\(printed)")
    #expect(
      printed.stdout == """
        warning [fx]: disk almost full, ***
        info: {"echoed":34}

        """)
    let quiet = try await sandbox.run("history", "logs", "1", "quiet")
    #expect(quiet.stdout == "", "\(quiet)")
  }

  @Test("isError fails the step with the tool's text and exit code 1")
  func isError() async throws {
    let sandbox = try sandbox()
    let file = try sandbox.writeNamed(
      "fail.json", #"{ "name": "fail", "steps": [ { "intent": "fx.fail" } ] }"#)
    let result = try await sandbox.run("run", file)
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "fail.json:1:30: error: step 'fx.fail' (fx.fail) failed: the fixture failed on purpose\n"),
      "\(result)")
  }

  @Test("an IntentFlow extension resolves a parameter: an unsupported value stops the step")
  func resolve() async throws {
    let sandbox = try sandbox()
    let file = try sandbox.writeNamed(
      "r.json",
      #"{ "name": "r", "steps": [ { "intent": "greeter.greet", "parameters": { "name": "R2D2" } } ] }"#
    )
    let result = try await sandbox.run("run", file)
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "r.json:1:27: error: step 'greeter.greet': 'name' is unsupported: a name has no digits\n"),
      "\(result)")
  }

  @Test("a broken extension is reported and does not stop a run that does not use it")
  func brokenExtension() async throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(at: sandbox.home, withIntermediateDirectories: true)
    try Data(#"{ "extensions": { "gone": { "command": "/nonexistent/gone" } } }"#.utf8).write(
      to: sandbox.home.appendingPathComponent("extensions.json"))
    let file = try sandbox.writeNamed(
      "hi.json",
      #"{ "name": "hi", "steps": [ { "intent": "text.uppercase", "parameters": { "input": "hi" } } ] }"#
    )
    let result = try await sandbox.run("run", file)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "HI\n")
    #expect(
      result.stderr == "warning: extension 'gone': command '/nonexistent/gone' does not exist "
        + "or is not executable; check 'command' in extensions.json; its intents are unavailable\n")
  }

  @Test("extensions lists each extension, from the cache once it was started")
  func list() async throws {
    let sandbox = try sandbox()
    let first = try await sandbox.run("extensions")
    #expect(first.status == 0, "\(first)")
    #expect(first.stdout.contains("fx  mcp, 5 intents (started)\n"), "\(first.stdout)")
    #expect(first.stdout.contains("  fx.delete_all  delete_all (asks for confirmation)\n"))
    let second = try await sandbox.run("extensions")
    #expect(second.stdout.contains("fx  mcp, 5 intents (cached)\n"), "\(second.stdout)")
    #expect(second.stdout.contains("system  intentflow, 2 intents (cached)\n"))
  }

  @Test("extensions check reports conformance of an MCP server and an IntentFlow extension")
  func check() async throws {
    let sandbox = try sandbox()
    let fx = try await sandbox.run("extensions", "check", "fx")
    #expect(fx.status == 0, "\(fx)")
    #expect(fx.stdout.contains("ok    declares 5 intents\n"), "\(fx.stdout)")
    #expect(fx.stdout.hasSuffix("ok    answers 'ping'\nfx conforms\n"), "\(fx.stdout)")
    let system = try await sandbox.run("extensions", "check", "system")
    #expect(system.stdout.hasSuffix("system conforms\n"), "\(system.stdout)")
    let typo = try await sandbox.run("extensions", "check", "gretter")
    #expect(typo.status == 2)
    #expect(typo.stderr.contains("no extension is called 'gretter'; did you mean 'greeter'?"))
  }
}

extension Sandbox {
  /// Writes `text` to `name` in the working directory and returns `name`, so that
  /// diagnostics name the file as a user would.
  fileprivate func writeNamed(_ name: String, _ text: String) throws -> String {
    try write(name, text)
    return name
  }
}
