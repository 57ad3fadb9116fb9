import Foundation
import Testing

/// Data is shown, never obeyed: escape sequences in a todo's title reach no terminal through
/// dialogs, snippets, `show.result` or `relevant`; piped standard output stays the data.
@Suite("Control characters in data, and where messages point")
struct TerminalOutputTests {
  static let workflow = #"""
    { "name": "pwned", "inputs": { "title": { "default": "\u001b]0;PWNED\u0007 milk" } },
      "steps": [
        { "id": "add", "intent": "todos.add", "parameters": { "title": "${inputs.title}" } },
        { "intent": "todos.find", "parameters": { "query": "milk" } },
        { "intent": "show.result", "parameters": { "input": "${add.title}" } }
      ],
      "output": "${add.title}" }
    """#

  static let raw = "\u{1B}]0;PWNED\u{07} milk"
  static let shown = "␛]0;PWNED␇ milk"

  @Test("dialogs, snippets and show.result on standard error show the escapes as symbols")
  func standardError() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("pwned.json", Self.workflow)
    let result = try await sandbox.run("run", "pwned.json")
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stderr
        == "Added '\(Self.shown)'.\nFound 1 open todo.\n  [ ] \(Self.shown)\n\(Self.shown)\n")
    // Piped standard output is data: byte for byte what the workflow produced.
    #expect(result.stdout == Self.raw + "\n")
    let json = try await sandbox.run("run", "pwned.json", "--json", "--quiet")
    #expect(json.stdout.contains(#""display": "\u001B]0;PWNED\u0007 milk""#), "\(json)")
    let piped = try await sandbox.run("relevant")
    #expect(piped.stdout.contains(Self.raw), "\(piped)")
  }

  @Test(
    "on a terminal, the output and relevant show them too",
    .enabled(if: Sandbox.hasScript, "needs util-linux script"))
  func terminal() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("pwned.json", Self.workflow)
    let run = try await sandbox.runOnTerminal(["run", "pwned.json"], answers: [])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.hasSuffix("\n\(Self.shown)\n\(Self.shown)\n"), "\(run)")
    #expect(!run.stdout.contains("\u{1B}"), "\(run)")
    let relevant = try await sandbox.runOnTerminal(["relevant"], answers: [])
    #expect(relevant.stdout.contains("  \(Self.shown)\n"), "\(relevant)")
    #expect(!relevant.stdout.contains("\u{1B}"), "\(relevant)")
  }

  @Test("an error in a nested workflow quotes that workflow's line, not its caller's")
  func nestedWorkflowErrorQuotesItsOwnFile() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "inner.json",
      """
      {
        "name": "inner",
        "steps": [
          { "intent": "text.uppercase", "parameters": { "input": "fine" } },
          { "intent": "text.uppercase", "parameters": { "input": "fine" } },
          { "intent": "flow.fail", "parameters": { "message": "the inner workflow gave up" } }
        ]
      }
      """)
    try sandbox.write(
      "outer.json",
      """
      {
        "name": "outer",
        "steps": [
          { "intent": "text.uppercase", "parameters": { "input": "one" } },
          { "intent": "text.uppercase", "parameters": { "input": "two" } },
          { "intent": "text.uppercase", "parameters": { "input": "LINE SIX OF THE OUTER FILE" } },
          { "workflow": "inner.json" }
        ]
      }
      """)
    let result = try await sandbox.run("run", "outer.json")
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderr
        == """
        inner.json:6:5: error: in workflow 'inner.json': the inner workflow gave up
            { "intent": "flow.fail", "parameters": { "message": "the inner workflow gave up" } }
            ^

        """)
  }
}
