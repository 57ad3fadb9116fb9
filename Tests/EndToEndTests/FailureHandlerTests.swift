import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 22: a workflow's top-level `onFailure` steps, with `${run}`, for every trigger and
/// for a run cancelled by a signal; their failure changes neither status nor exit code.
@Suite("onFailure: steps that run when a run fails, times out or is cancelled")
struct FailureHandlerTests {
  /// A workflow whose step `fails` fails, and whose onFailure step returns `${run}` as text.
  static let reporting = """
    { "name": "reporting", "steps": [
      { "id": "fails", "intent": "flow.fail", "parameters": { "message": "disk full" } } ],
      "onFailure": [ { "id": "report", "intent": "text.uppercase", "parameters": { "input":
        "${run.id}|${run.workflow}|${run.status}|${run.exitCode}|${run.trigger}|${run.error.step}|${run.error.kind}|${run.error.message}" } } ] }
    """

  @Test("after a failed step, onFailure sees ${run}; the run's status and exit code stay")
  func failedRun() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write("flow.json", Self.reporting)
    let run = try await sandbox.run("run", file, "--json")
    #expect(run.status == 1, "\(run)")
    let object = try JSONObject(parsing: run.stdout)
    #expect(object.string("status") == "failed")
    let handled = try #require(object.object("onFailure"), "\(run)")
    #expect(handled.string("status") == "succeeded")
    #expect(
      handled.objects("steps")?.first?.string("output")
        == "1|REPORTING|FAILED|1|MANUAL|FAILS|FAILED|DISK FULL")
    let shown = try JSONObject(
      parsing: try await sandbox.run("history", "show", "1", "--json").stdout)
    #expect(shown.object("run")?.string("status") == "failed")
    #expect(shown.object("run")?["exitCode"] as? Int == 1)
    let steps = shown.objects("steps") ?? []
    #expect(steps.map { $0.string("path") ?? "" } == ["1", "onFailure.1"])
    #expect(steps.last?.string("id") == "report")
    // In the tree, the handler is a top-level step, not a child of step 1.
    let tree = try await sandbox.run("history", "show", "1").stdout
    #expect(tree.contains("\nonFailure.1 report (text.uppercase)  succeeded"), "\(tree)")
  }

  @Test(
    "a tools/call of intentflow mcp runs onFailure with the trigger 'mcp'; isError names the failure"
  )
  func mcpCall() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("flows/reporting.json", Self.reporting)
    let client = try MCPClient(sandbox, "--workflows", "flows")
    try await client.initialize()
    let reply = try await client.request(1, "tools/call", #"{"name":"reporting","arguments":{}}"#)
    #expect(reply.contains(#""isError":true"#), "\(reply)")
    #expect(reply.contains("disk full"), "\(reply)")
    let output = await client.finish()
    #expect(output.status == 0, "\(output)")
    let shown = try JSONObject(
      parsing: try await sandbox.run("history", "show", "1", "--json").stdout)
    #expect(shown.object("run")?.string("trigger") == "mcp")
    #expect(shown.object("run")?.string("status") == "failed")
    let steps = shown.objects("steps") ?? []
    #expect(steps.map { $0.string("path") ?? "" } == ["1", "onFailure.1"], "\(steps)")
    #expect(
      steps.last?.string("output") == "1|REPORTING|FAILED|1|MCP|FAILS|FAILED|DISK FULL",
      "\(steps)")
  }

  @Test("a scheduled run's onFailure sees the trigger 'schedule'")
  func scheduledRun() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write("flow.json", Self.reporting)
    let run = try await IntentFlowProcess(
      executable: IntentFlowBinary.url(), arguments: ["run", file, "--json", "--non-interactive"],
      environment: sandbox.environment.merging(["INTENTFLOW_TRIGGER": "schedule"]) { $1 },
      currentDirectory: sandbox.work, standardInput: nil
    ).finish()
    #expect(run.status == 1, "\(run)")
    let output = try JSONObject(parsing: run.stdout).object("onFailure")?.objects("steps")?
      .first?.string("output")
    #expect(output?.contains("|SCHEDULE|") == true, "\(run)")
  }

  @Test("onFailure does not run when the run succeeds")
  func succeededRun() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(
      "flow.json",
      """
      { "name": "fine", "steps": [ { "intent": "text.uppercase", "parameters": { "input": "ok" } } ],
        "onFailure": [ { "intent": "flow.fail", "parameters": { "message": "should not run" } } ] }
      """)
    let run = try await sandbox.run("run", file, "--json")
    #expect(run.status == 0, "\(run)")
    #expect(try JSONObject(parsing: run.stdout).object("onFailure") == nil)
    #expect(!run.stderr.contains("should not run"))
  }

  @Test("a failing onFailure step is recorded and printed; status and exit code stay the run's")
  func failingHandler() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(
      "flow.json",
      """
      { "name": "twice", "steps": [ { "intent": "flow.fail", "parameters": { "message": "first" } } ],
        "onFailure": [ { "id": "notify", "intent": "flow.fail", "parameters": { "message": "notifier down" } } ] }
      """)
    let run = try await sandbox.run("run", file)
    #expect(run.status == 1, "\(run)")
    #expect(
      run.stderr.contains(
        "warning: the onFailure steps did not succeed (failed): step 'notify' failed: "
          + "notifier down; the run's "
          + "status and exit code are the run's own"), "\(run)")
    let shown = try JSONObject(
      parsing: try await sandbox.run("history", "show", "1", "--json").stdout)
    #expect(shown.object("run")?.string("status") == "failed")
    #expect(shown.object("run")?.string("error") == "first")
    let handler = shown.objects("steps")?.last
    #expect(handler?.string("path") == "onFailure.1")
    #expect(handler?.string("status") == "failed")
    #expect(handler?.object("error")?.string("message") == "notifier down")
  }

  @Test("SIGTERM cancels the run; onFailure still runs, with status cancelled, and exit 143")
  func cancelledBySignal() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(
      "flow.json",
      """
      { "name": "waits", "steps": [
        { "id": "pause", "intent": "flow.wait", "timeout": "2m", "parameters": { "duration": "1m" } } ],
        "onFailure": [ { "intent": "shell.run", "parameters": {
          "script": "printf '%s %s %s' \\"$1\\" \\"$2\\" \\"$3\\" > handled.txt",
          "arguments": ["${run.status}", "${run.exitCode}", "${run.error.kind}"] } } ] }
      """)
    let run = try sandbox.start(["run", file, "--verbose"])
    let waiting = try await run.waitForStandardError(containing: "▸ pause (flow.wait)")
    #expect(waiting, "never started waiting: \(run.stderrSoFar)")
    run.send(SIGTERM)
    let result = await run.finish()
    #expect(result.status == 143, "\(result)")
    let handled = try String(
      contentsOf: sandbox.work.appendingPathComponent("handled.txt"), encoding: .utf8)
    #expect(handled == "cancelled 143 cancelled")
    let history = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    #expect(history.first?.string("status") == "cancelled")
    #expect(history.first?["exitCode"] as? Int == 143)
  }

  @Test("the webhook example posts the run's id and error to a loopback server when it fails")
  func webhookExample() async throws {
    let sandbox = try Sandbox()
    let script = try sandbox.copyFixture("runs/webhook-server.py")
    let server = try IntentFlowProcess(
      executable: URL(fileURLWithPath: "/usr/bin/python3"),
      arguments: [sandbox.work.appendingPathComponent(script).path],
      environment: sandbox.environment, currentDirectory: sandbox.work, standardInput: nil)
    let listening = try await server.waitForStandardOutput(containing: "\n")
    #expect(listening, "\(server.stdoutSoFar)")
    let port = try #require(
      server.stdoutSoFar.split(separator: "\n").first.map { $0.dropFirst("PORT ".count) })
    let run = try await sandbox.run(
      "run", Fixtures.exampleWorkflow("alert-on-failure.json"), "--non-interactive",
      "--input", "folder=no-such-folder", "--input", "webhook=http://127.0.0.1:\(port)/hook")
    #expect(run.status == 1, "\(run)")
    #expect(!run.stderr.contains("onFailure steps did not succeed"), "\(run)")
    let received = await server.finish()
    let line = try #require(
      received.stdout.split(separator: "\n").first { $0.hasPrefix("BODY ") }, "\(received)")
    let body = try JSONObject(parsing: String(line.dropFirst("BODY ".count)))
    #expect(body.string("run") == "1")
    #expect(body.string("status") == "failed")
    #expect(body["exitCode"] as? Int == 1)
    #expect(body.string("workflow") == "alert-on-failure")
    #expect(body.object("error")?.string("step") == "check")
    #expect(body.string("text")?.hasPrefix("IntentFlow: run 1 of alert-on-failure failed") == true)
  }

  @Test("${run} in onFailure is checked before the run: unknown fields, the run's own steps")
  func validation() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(
      "flow.json",
      """
      { "name": "bad", "steps": [ { "id": "first", "intent": "text.uppercase", "parameters": { "input": "${run.status}" } } ],
        "onFailure": [
          { "intent": "text.uppercase", "parameters": { "input": "${run.stauts}" } },
          { "intent": "text.uppercase", "parameters": { "input": "${run.error.mesage}" } },
          { "intent": "text.uppercase", "parameters": { "input": "${first}" } } ] }
      """)
    let result = try await sandbox.run("validate", file)
    #expect(result.status == 2, "\(result)")
    #expect(
      result.stderr.contains(
        "'run.status': the run has only 'id'; write run.id (run.status is for the workflow's "
          + "'onFailure' steps)"), "\(result)")
    #expect(
      result.stderr.contains("'run.stauts': run has no 'stauts'; did you mean 'run.status'?"),
      "\(result)")
    #expect(
      result.stderr.contains(
        "'run.error.mesage': run.error has no 'mesage'; did you mean 'run.error.message'?"),
      "\(result)")
    #expect(
      result.stderr.contains(
        "'onFailure' steps cannot read step 'first' (line 1): it may not have run; "
          + "${run.error} says what failed"), "\(result)")
  }
}
