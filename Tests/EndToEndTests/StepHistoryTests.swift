import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 22, point 1–2: every run records its steps; `history show` and `history logs`.
@Suite("Step history: what each step received, returned and printed")
struct StepHistoryTests {
  /// Runs `workflow` (JSON text) and returns `history show 1 --json`'s run and steps.
  func runAndShow(
    _ workflow: String, _ arguments: [String] = [], in sandbox: Sandbox
  ) async throws -> (run: IntentFlowProcess.Output, show: JSONObject, steps: [JSONObject]) {
    let file = try sandbox.write("flow.json", workflow)
    let run = try await sandbox.start(["run", file] + arguments).finish(timeout: .seconds(20))
    let shown = try await sandbox.run("history", "show", "1", "--json")
    #expect(shown.status == 0, "\(shown)")
    let object = try JSONObject(parsing: shown.stdout)
    return (run, object, object.objects("steps") ?? [])
  }

  @Test("each step is recorded with its path, intent, status, parameters and output")
  func recordsSteps() async throws {
    let sandbox = try Sandbox()
    let (run, show, steps) = try await runAndShow(
      """
      { "name": "three", "steps": [
        { "id": "greet", "intent": "text.uppercase", "parameters": { "input": "hello" } },
        { "intent": "text.lowercase" },
        { "if": "${greet} == 'HELLO'", "then": [ { "intent": "text.titlecase" } ] } ] }
      """, in: sandbox)
    #expect(run.status == 0, "\(run)")
    #expect(show.object("run")?.string("status") == "succeeded")
    #expect(show.object("run")?.string("workflow") == "three")
    #expect(steps.map { $0.string("path") ?? "" } == ["1", "2", "3.1", "3"])
    let first = try #require(steps.first)
    #expect(first.string("id") == "greet")
    #expect(first.string("intent") == "text.uppercase")
    #expect(first.string("status") == "succeeded")
    #expect(first["attempts"] as? Int == 1)
    #expect(first.object("parameters")?.string("input") == "hello")
    #expect(first.string("output") == "HELLO")
    #expect(first.isNull("error"))
    #expect(first["durationMs"] is Double || first["durationMs"] is Int)
    #expect(first.string("startedAt") != nil && first.string("finishedAt") != nil)
    #expect(
      first.keys.isSuperset(of: [
        "path", "id", "intent", "status", "attempts", "startedAt", "finishedAt", "durationMs",
        "parameters", "output", "error", "logs",
      ]))
    #expect(steps[2].string("output") == "Hello")
    #expect(steps[3].string("kind") == "if")
  }

  @Test("a failed step keeps its error kind and message; retries count as attempts")
  func failedStep() async throws {
    let sandbox = try Sandbox()
    let (run, show, steps) = try await runAndShow(
      """
      { "name": "breaks", "steps": [
        { "id": "ok", "intent": "text.uppercase", "parameters": { "input": "a" } },
        { "id": "boom", "intent": "flow.fail", "parameters": { "message": "disk full" },
          "retry": { "count": 2, "delay": "0s", "on": ["failed"] } },
        { "intent": "text.uppercase", "parameters": { "input": "never" } } ] }
      """, in: sandbox)
    #expect(run.status == 1, "\(run)")
    #expect(show.object("run")?.string("status") == "failed")
    #expect(steps.map { $0.string("path") ?? "" } == ["1", "2"])
    let boom = try #require(steps.last)
    #expect(boom.string("status") == "failed")
    #expect(boom["attempts"] as? Int == 3)
    #expect(boom.object("error")?.string("kind") == "failed")
    #expect(boom.object("error")?.string("message")?.contains("disk full") == true)
  }

  @Test("shell.run leaves the end of its stdout and stderr; history logs prints them")
  func shellLogs() async throws {
    let sandbox = try Sandbox()
    let (run, _, steps) = try await runAndShow(
      """
      { "name": "noisy", "steps": [
        { "id": "build", "intent": "shell.run",
          "parameters": { "script": "echo compiling; echo 'warning: old' >&2; exit 3" } } ] }
      """, in: sandbox)
    #expect(run.status == 1, "\(run)")
    let logs = try #require(steps.first?.objects("logs"))
    #expect(logs.map { $0.string("stream") ?? "" } == ["stdout", "stderr"])
    #expect(logs.map { $0.string("text") ?? "" } == ["compiling", "warning: old"])
    let printed = try await sandbox.run("history", "logs", "1", "build")
    #expect(printed.status == 0, "\(printed)")
    #expect(printed.stdout == "compiling\nstderr: warning: old\n")
    let unknown = try await sandbox.run("history", "logs", "1", "biuld")
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("run 1 has no recorded step 'biuld'; did you mean 'build'?"))
  }

  @Test("secret inputs are *** in parameters, output, errors and logs")
  func secrets() async throws {
    let sandbox = try Sandbox()
    let (_, _, steps) = try await runAndShow(
      """
      { "name": "secretive", "inputs": { "token": { "type": "text", "secret": true } },
        "steps": [
        { "id": "echo", "intent": "shell.run",
          "parameters": { "script": "echo \\"token=$1\\"", "arguments": ["${inputs.token}"] } },
        { "id": "up", "intent": "text.compose", "parameters": { "text": "t ${inputs.token}" } } ] }
      """, ["--input", "token=hunter2-swordfish"], in: sandbox)
    for name in ["runs.sqlite", "runs.sqlite-wal"] {
      let url = sandbox.home.appendingPathComponent(name)
      guard let data = FileManager.default.contents(atPath: url.path) else { continue }
      #expect(!String(decoding: data, as: UTF8.self).contains("hunter2-swordfish"), "\(name)")
    }
    let show = try await sandbox.run("history", "show", "1", "--json")
    #expect(!show.stdout.contains("hunter2"), "\(show.stdout)")
    #expect(steps.last?.string("output") == "t ***")
    #expect(steps.first?.objects("logs")?.first?.string("text") == "token=***")
  }

  @Test("a loop records a sample of its passes, every failed pass, and its counts")
  func loopSample() async throws {
    let sandbox = try Sandbox()
    let (run, show, steps) = try await runAndShow(
      """
      { "name": "loop", "steps": [
        { "id": "each", "repeat": 30, "as": "n", "steps": [
          { "id": "check", "if": "${n} == 25", "then": [
            { "id": "bad", "intent": "flow.fail", "parameters": { "message": "pass 25" },
              "onError": "continue" } ] } ] } ] }
      """, in: sandbox)
    #expect(run.status == 0, "\(run)")
    let paths = steps.map { $0.string("path") ?? "" }
    #expect(paths.contains("1[1].1"))
    #expect(paths.contains("1[10].1"))
    #expect(!paths.contains("1[11].1"))
    #expect(paths.contains("1[25].1.1"))
    let loop = try #require(steps.first { $0.string("path") == "1" })
    #expect(loop.object("passes")?["total"] as? Int == 30)
    #expect(loop.object("passes")?["failed"] as? Int == 1)
    #expect(loop.object("passes")?["recorded"] as? Int == 11)
    let bad = try #require(steps.first { $0.string("path") == "1[25].1.1" })
    #expect(bad.string("status") == "failed")
    #expect(bad["recovered"] as? Bool == true)
    #expect(show.object("run")?["recoveredFailures"] as? Int == 1)
    let listed = try await sandbox.run("history")
    #expect(listed.stdout.contains("1 step failure carried past (onError)"), "\(listed.stdout)")
  }

  @Test("a nested workflow's steps are recorded below its step")
  func nestedWorkflow() async throws {
    let sandbox = try Sandbox()
    _ = try sandbox.write(
      "inner.json",
      #"{ "name": "inner", "steps": [ { "intent": "text.uppercase", "parameters": { "input": "x" } } ] }"#
    )
    let (run, _, steps) = try await runAndShow(
      """
      { "name": "outer", "steps": [
        { "intent": "text.uppercase", "parameters": { "input": "a" } },
        { "id": "sub", "workflow": "inner.json" } ] }
      """, in: sandbox)
    #expect(run.status == 0, "\(run)")
    #expect(steps.map { $0.string("path") ?? "" } == ["1", "2.1", "2"])
    #expect(steps[1].string("output") == "X")
  }

  @Test("a run killed while a step waits keeps the steps that finished before it")
  func killedRunKeepsSteps() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/wait-for-signal.json")
    let run = try sandbox.start(["run", file, "--verbose"])
    let waiting = try await run.waitForStandardError(containing: "▸ pause (flow.wait)")
    #expect(waiting, "never started waiting: \(run.stderrSoFar)")
    run.send(SIGKILL)
    _ = await run.finish(timeout: .seconds(10))
    let show = try JSONObject(
      parsing: try await sandbox.run("history", "show", "1", "--json").stdout)
    #expect(show.object("run")?.string("status") == "abandoned")
    // The waiting step is recorded `running` as it starts; the kill may come just before.
    let steps = show.objects("steps") ?? []
    #expect(steps.first?.string("id") == "hello")
    #expect(steps.first?.string("status") == "succeeded")
    #expect(steps.count == 1 || steps.count == 2, "\(steps)")
    if steps.count == 2 {
      #expect(steps[1].string("id") == "pause")
      #expect(steps[1].string("status") == "running")
    }
  }

  @Test("history show prints the run and its steps as a tree")
  func showText() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(
      "tree.json",
      """
      { "name": "tree", "steps": [
        { "id": "items", "intent": "text.split", "parameters": { "input": "a,b", "separator": "," } },
        { "forEach": "${items}", "as": "item", "steps": [
          { "intent": "text.uppercase", "parameters": { "input": "${item}" } } ] } ] }
      """)
    #expect(try await sandbox.run("run", file).status == 0)
    let shown = try await sandbox.run("history", "show", "1")
    #expect(shown.status == 0, "\(shown)")
    let lines = shown.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("run 1  tree  succeeded  exit 0  manual") == true, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("1 items (text.split)  succeeded") })
    #expect(lines.contains { $0.hasPrefix("  2[1].1 (text.uppercase)  succeeded") })
    #expect(lines.contains { $0.hasPrefix("2 (forEach)  succeeded") && $0.hasSuffix("2 passes") })
    #expect(lines.contains("      output: \"A\""))
  }

  @Test("bad run numbers and actions are usage errors that say what to write")
  func usage() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/short-wait.json")
    #expect(try await sandbox.run("run", file).status == 0)
    let missing = try await sandbox.run("history", "show", "7")
    #expect(missing.status == 2)
    #expect(
      missing.stderr.contains("there is no run 7 in history; 'intentflow history' lists the runs"))
    let word = try await sandbox.run("history", "show", "last")
    #expect(word.status == 2)
    #expect(word.stderr.contains("'last' is not a run number"))
    let action = try await sandbox.run("history", "7")
    #expect(action.status == 2)
    #expect(action.stderr.contains("write 'history show 7' to see run 7"))
  }

  @Test("history filters by status, trigger and start time")
  func filters() async throws {
    let sandbox = try Sandbox()
    let good = try sandbox.write(
      "good.json", #"{ "name": "good", "steps": [ { "intent": "date.now" } ] }"#)
    let bad = try sandbox.write(
      "bad.json",
      #"{ "name": "bad", "steps": [ { "intent": "flow.fail", "parameters": { "message": "no" } } ] }"#
    )
    #expect(try await sandbox.run("run", good).status == 0)
    #expect(try await sandbox.run("run", bad).status == 1)
    let failed = try parseJSONArray(
      try await sandbox.run("history", "--status", "failed", "--json").stdout)
    #expect(failed.map { $0.string("workflow") ?? "" } == ["bad"])
    let recent = try parseJSONArray(
      try await sandbox.run("history", "--since", "1h", "--trigger", "manual", "--json").stdout)
    #expect(recent.count == 2)
    let future = try parseJSONArray(
      try await sandbox.run("history", "--since", "2999-01-01", "--json").stdout)
    #expect(future.isEmpty)
    let typo = try await sandbox.run("history", "--status", "faild")
    #expect(typo.status == 2)
    #expect(typo.stderr.contains("unknown status 'faild'; did you mean 'failed'?"))
    let trigger = try await sandbox.run("history", "--trigger", "cron")
    #expect(trigger.status == 2)
    #expect(trigger.stderr.contains("unknown trigger 'cron'"))
    let since = try await sandbox.run("history", "--since", "yesterday")
    #expect(since.status == 2)
    #expect(since.stderr.contains("'yesterday' is neither a duration nor a date"))
  }

  @Test("a value longer than the limit is stored cut, with a marker")
  func cutOutput() async throws {
    let sandbox = try Sandbox()
    let (run, _, steps) = try await runAndShow(
      """
      { "name": "big", "steps": [
        { "intent": "shell.run", "parameters": { "script": "head -c 40000 /dev/zero | tr '\\\\0' x" } },
        { "intent": "text.uppercase" } ] }
      """, in: sandbox)
    #expect(run.status == 0, "\(run)")
    let output = try #require(steps.last?.string("output"))
    #expect(output.hasSuffix(" … [cut: 40002 bytes in all]"), "\(output.suffix(60))")
    #expect(output.utf8.count < 17_000)
  }
}
