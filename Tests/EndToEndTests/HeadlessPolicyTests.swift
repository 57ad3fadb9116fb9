import Foundation
import Testing

/// DESIGN section 4: when the plan shows that a step will ask for confirmation, a run that
/// nobody can answer stops before its first step, naming every such step: nothing is
/// half-done.
@Suite("Runs nobody can answer stop before their first step")
struct HeadlessPolicyTests {
  static let workflow = """
    { "name": "tidy", "steps": [
      { "id": "note", "intent": "files.write", "parameters": { "text": "started", "path": "out.txt" } },
      { "id": "gone", "intent": "todos.delete", "parameters": { "todo": "milk" } },
      { "id": "shout", "intent": "text.uppercase", "confirm": true, "parameters": { "input": "x" } }
    ] }
    """

  @Test("--non-interactive without --yes writes nothing and names every step that would ask")
  func stopsBeforeTheFirstStep() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("tidy.json", Self.workflow)
    let result = try await sandbox.run("run", "tidy.json", "--non-interactive")
    #expect(result.status == 4, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == """
        tidy.json:3:3: error: 2 steps would stop for a confirmation that this run cannot ask \
        for; nothing ran: 'gone' (todos.delete) at line 3, 'shout' (text.uppercase) at line 4
          { "id": "gone", "intent": "todos.delete", "parameters": { "todo": "milk" } },
          ^
        note: run it with --yes to confirm, or on a terminal to be asked

        """)
    #expect(
      !FileManager.default.fileExists(atPath: sandbox.work.appendingPathComponent("out.txt").path))

    let json = try JSONObject(parsing: try await sandbox.run("run", "tidy.json", "--json").stdout)
    #expect(json.string("status") == "confirmationRequired")
    #expect(json.objects("steps")?.isEmpty == true)
    #expect(json.object("error")?.string("kind") == "confirmationRequired")
    #expect(json.object("error")?.string("step") == "gone")

    let history = try await sandbox.run("history", "--json")
    let runs = try parseJSONArray(history.stdout)
    #expect(runs.map { $0.string("status") } == ["confirmationRequired", "confirmationRequired"])
  }

  @Test("--yes runs it: the confirmations are answered")
  func yesRunsIt() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("tidy.json", Self.workflow)
    let result = try await sandbox.run("run", "tidy.json", "--non-interactive", "--yes")
    // Deleting 'milk' needs a todo named so: the run gets that far, past the first step.
    #expect(result.status == 3, "\(result)")
    #expect(
      FileManager.default.fileExists(atPath: sandbox.work.appendingPathComponent("out.txt").path))
  }

  @Test("a step of a nested workflow that asks counts too")
  func nestedWorkflows() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "inner.json",
      #"{ "name": "inner", "steps": [ { "intent": "notes.delete", "parameters": { "note": "x" } } ] }"#
    )
    try sandbox.write(
      "outer.json",
      """
      { "name": "outer", "steps": [
        { "intent": "files.write", "parameters": { "text": "started", "path": "out.txt" } },
        { "workflow": "inner.json" }
      ] }
      """)
    let result = try await sandbox.run("run", "outer.json")
    #expect(result.status == 4, "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "inner.json:1:31: error: step 'notes.delete' would stop for a confirmation that this run "
          + "cannot ask for; nothing ran\n"), "\(result)")
    #expect(
      !FileManager.default.fileExists(atPath: sandbox.work.appendingPathComponent("out.txt").path))
  }

  @Test("validate says which steps ask, and what a run without a terminal needs")
  func validateSaysSo() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("tidy.json", Self.workflow)
    let result = try await sandbox.run("validate", "tidy.json")
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout
        == "tidy.json: ok, 'tidy' with 3 steps; steps 'gone' (todos.delete), 'shout' "
        + "(text.uppercase) ask for confirmation: without a terminal, run it with --yes\n")
    let json = try parseJSONArray(try await sandbox.run("validate", "tidy.json", "--json").stdout)
    #expect(json.first?["asksForConfirmation"] as? [String] == ["gone", "shout"])
  }
}
