import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 22, resume (DESIGN §12): `intentflow resume RUN` finishes a run without performing
/// again what it finished. Effects are counted in a file the steps append to.
@Suite("Resume: finishing a run without redoing what it did")
struct ResumeTests {
  /// A workflow whose step `check` fails until the file `ready` exists in the work directory;
  /// every shell step appends its name to `effects`.
  static let flaky = """
    { "name": "flaky", "inputs": { "dir": { "type": "text" } },
      "steps": [
        { "id": "one", "intent": "shell.run",
          "parameters": { "script": "echo one >> \\"$1/effects\\"; echo first",
                          "arguments": ["${inputs.dir}"] } },
        { "id": "upper", "intent": "text.uppercase", "parameters": { "input": "${one}" } },
        { "id": "check", "intent": "shell.run",
          "parameters": { "script": "test -f \\"$1/ready\\" && echo check >> \\"$1/effects\\" && echo ready",
                          "arguments": ["${inputs.dir}"] } },
        { "id": "last", "intent": "text.join",
          "parameters": { "input": ["${upper}", "${check}", "${one.stdout}"], "separator": "+" } } ] }
    """

  func effects(_ sandbox: Sandbox) -> [String] {
    let url = sandbox.work.appendingPathComponent("effects")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }

  func touch(_ name: String, in sandbox: Sandbox) throws {
    _ = try sandbox.write(name, "")
  }

  func show(_ run: Int, in sandbox: Sandbox) async throws -> JSONObject {
    let shown = try await sandbox.run("history", "show", String(run), "--json")
    #expect(shown.status == 0, "\(shown)")
    return try JSONObject(parsing: shown.stdout)
  }

  @Test("a failed run resumes at the step that failed: earlier steps are restored, not redone")
  func resumesAtFailure() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write("flaky.json", Self.flaky)
    let first = try await sandbox.run("run", file, "--input", "dir=\(sandbox.work.path)")
    #expect(first.status == 1, "\(first)")
    #expect(effects(sandbox) == ["one"])

    try touch("ready", in: sandbox)
    let resumed = try await sandbox.run("resume", "1")
    #expect(resumed.status == 0, "\(resumed)")
    // The restored record reads as it did: its text, and its properties.
    #expect(resumed.stdout == "FIRST+ready+first\n\n", "\(resumed)")
    #expect(resumed.stderr.contains("resuming run 1 of 'flaky': 2 steps"), "\(resumed)")
    #expect(effects(sandbox) == ["one", "check"], "step 'one' was not performed again")

    let shown = try await show(2, in: sandbox)
    #expect(shown.object("run")?.string("trigger") == "resume")
    #expect(shown.object("run")?["resumes"] as? Int == 1)
    let steps = shown.objects("steps") ?? []
    #expect(steps.map { $0.string("path") ?? "" } == ["1", "2", "3", "4"])
    #expect(steps.map { $0["attempts"] as? Int ?? -1 } == [0, 0, 1, 1])
    #expect(steps.allSatisfy { $0.string("status") == "succeeded" })
    let text = try await sandbox.run("history", "show", "2")
    #expect(text.stdout.contains("resumes run 1"), "\(text)")
    #expect(text.stdout.contains("1 one (shell.run)  succeeded (restored)"), "\(text)")

    // The resumed run keeps run 1 as it was, and a resumed run that failed resumes in turn.
    let original = try await show(1, in: sandbox)
    #expect(original.object("run")?.string("status") == "failed")
    let again = try await sandbox.run("resume", "2")
    #expect(again.status == 2)
    #expect(again.stderr.contains("run 2 succeeded: there is nothing to resume"), "\(again)")
  }

  @Test("resume refuses a running, unknown, succeeded or changed run, and standard input")
  func refusals() async throws {
    let sandbox = try Sandbox()
    let none = try await sandbox.run("resume", "1")
    #expect(none.status == 2)
    #expect(none.stderr.contains("there is no run 1 in history"), "\(none)")
    let word = try await sandbox.run("resume", "first")
    #expect(word.status == 2)
    #expect(word.stderr.contains("'first' is not a run number"), "\(word)")

    let file = try sandbox.write("flaky.json", Self.flaky)
    _ = try await sandbox.run("run", file, "--input", "dir=\(sandbox.work.path)")
    let missing = try await sandbox.run("resume", "7")
    #expect(missing.stderr.contains("there is no run 7 in history"), "\(missing)")

    // Edited since: refused unless --allow-changed.
    _ = try sandbox.write("flaky.json", Self.flaky.replacingOccurrences(of: "first", with: "1st"))
    try touch("ready", in: sandbox)
    let changed = try await sandbox.run("resume", "1")
    #expect(changed.status == 2, "\(changed)")
    #expect(changed.stderr.contains("changed since run 1; pass --allow-changed"), "\(changed)")
    #expect(effects(sandbox) == ["one"])
    let allowed = try await sandbox.run("resume", "1", "--allow-changed")
    #expect(allowed.status == 0, "\(allowed)")
    #expect(effects(sandbox) == ["one", "check"])

    let piped = try await sandbox.run(
      "run", "-", standardInput: #"{ "name": "p", "steps": [ { "intent": "flow.fail" } ] }"#)
    #expect(piped.status == 1, "\(piped)")
    let stdin = try await sandbox.run("resume", "3")
    #expect(stdin.status == 2)
    #expect(stdin.stderr.contains("read its workflow from standard input"), "\(stdin)")
  }

  @Test("--from STEP performs that step and what follows again; an unknown step is refused")
  func fromStep() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write("flaky.json", Self.flaky)
    _ = try await sandbox.run("run", file, "--input", "dir=\(sandbox.work.path)")
    try touch("ready", in: sandbox)
    let unknown = try await sandbox.run("resume", "1", "--from", "chek")
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr.contains("run 1 has no step 'chek'; did you mean 'check'?"), "\(unknown)")
    let fromOne = try await sandbox.run("resume", "1", "--from", "one")
    #expect(fromOne.status == 0, "\(fromOne)")
    #expect(effects(sandbox) == ["one", "one", "check"])
    let steps = try await show(2, in: sandbox).objects("steps") ?? []
    #expect(steps.map { $0["attempts"] as? Int ?? -1 } == [1, 1, 1, 1])
    // A path works as well as an id: from step 3, steps 1 and 2 are restored.
    let fromPath = try await sandbox.run("resume", "1", "--from", "3")
    #expect(fromPath.status == 0, "\(fromPath)")
    #expect(effects(sandbox) == ["one", "one", "check", "check"])
  }

  @Test("a loop resumes at its first pass that did not succeed")
  func loopPass() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(
      "loop.json",
      """
      { "name": "loop", "inputs": { "dir": { "type": "text" } },
        "steps": [
          { "id": "each", "forEach": ["a", "b", "c"], "steps": [
            { "id": "say", "intent": "shell.run",
              "parameters": { "script": "test \\"$2\\" != b || test -f \\"$1/ready\\" && echo $2 >> \\"$1/effects\\" && echo $2",
                              "arguments": ["${inputs.dir}", "${item}"] } } ] },
          { "intent": "text.join", "parameters": { "input": "${each}", "separator": "," } } ] }
      """)
    let first = try await sandbox.run("run", file, "--input", "dir=\(sandbox.work.path)")
    #expect(first.status == 1, "\(first)")
    #expect(effects(sandbox) == ["a"])
    try touch("ready", in: sandbox)
    let resumed = try await sandbox.run("resume", "1")
    #expect(resumed.status == 0, "\(resumed)")
    #expect(resumed.stdout == "a,b,c\n", "\(resumed)")
    #expect(effects(sandbox) == ["a", "b", "c"])
    let steps = try await show(2, in: sandbox).objects("steps") ?? []
    #expect(steps.first?.string("path") == "1[1].1")
    #expect(steps.first?["attempts"] as? Int == 0)
  }

  @Test("past a loop's sample, the passes that finished are not performed again either")
  func loopPastSample() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(
      "long.json",
      """
      { "name": "long", "inputs": { "dir": { "type": "text" } },
        "steps": [
          { "id": "each", "repeat": 15, "as": "pass", "steps": [
            { "id": "label", "intent": "text.compose", "parameters": { "text": "p${pass}" } },
            { "id": "say", "intent": "shell.run",
              "parameters": { "script": "test \\"$2\\" != p13 || test -f \\"$1/ready\\" && echo $2 >> \\"$1/effects\\" && echo $2",
                              "arguments": ["${inputs.dir}", "${label}"] } } ] },
          { "intent": "text.join", "parameters": { "input": "${each}", "separator": "," } } ] }
      """)
    let first = try await sandbox.run("run", file, "--input", "dir=\(sandbox.work.path)")
    #expect(first.status == 1, "\(first)")
    #expect(effects(sandbox) == (1...12).map { "p\($0)" })
    try touch("ready", in: sandbox)
    let resumed = try await sandbox.run("resume", "1")
    #expect(resumed.status == 0, "\(resumed)")
    #expect(resumed.stdout == (1...15).map { "p\($0)" }.joined(separator: ",") + "\n")
    #expect(effects(sandbox) == (1...15).map { "p\($0)" }, "each pass performed once")
  }

  @Test("a failure that onError carried past is carried past again, its steps not redone")
  func carriedPast() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(
      "carry.json",
      """
      { "name": "carry", "inputs": { "dir": { "type": "text" } },
        "steps": [
          { "id": "optional", "intent": "shell.run", "onError": "continue",
            "parameters": { "script": "echo optional >> \\"$1/effects\\"; exit 1",
                            "arguments": ["${inputs.dir}"] } },
          { "id": "alert", "intent": "flow.fail", "parameters": { "message": "boom" },
            "onError": [ { "id": "note", "intent": "shell.run",
              "parameters": { "script": "echo note >> \\"$1/effects\\"; echo noted",
                              "arguments": ["${inputs.dir}"] } } ] },
          { "id": "gate", "intent": "shell.run",
            "parameters": { "script": "test -f \\"$1/ready\\" && echo gate >> \\"$1/effects\\"",
                            "arguments": ["${inputs.dir}"] } } ] }
      """)
    let first = try await sandbox.run("run", file, "--input", "dir=\(sandbox.work.path)")
    #expect(first.status == 1, "\(first)")
    #expect(effects(sandbox) == ["optional", "note"])
    try touch("ready", in: sandbox)
    let resumed = try await sandbox.run("resume", "1")
    #expect(resumed.status == 0, "\(resumed)")
    #expect(effects(sandbox) == ["optional", "note", "gate"])
    let run = try await show(2, in: sandbox).object("run")
    #expect(run?["recoveredFailures"] as? Int == 2)
  }

  @Test("a nested workflow resumes at its own step that did not succeed")
  func nested() async throws {
    let sandbox = try Sandbox()
    _ = try sandbox.write(
      "inner.json",
      """
      { "name": "inner", "inputs": { "dir": { "type": "text" } },
        "steps": [
          { "id": "first", "intent": "shell.run",
            "parameters": { "script": "echo inner1 >> \\"$1/effects\\"", "arguments": ["${inputs.dir}"] } },
          { "id": "gate", "intent": "shell.run",
            "parameters": { "script": "test -f \\"$1/ready\\" && echo inner2 >> \\"$1/effects\\"",
                            "arguments": ["${inputs.dir}"] } } ] }
      """)
    let file = try sandbox.write(
      "outer.json",
      """
      { "name": "outer", "inputs": { "dir": { "type": "text" } },
        "steps": [
          { "id": "before", "intent": "shell.run",
            "parameters": { "script": "echo outer >> \\"$1/effects\\"", "arguments": ["${inputs.dir}"] } },
          { "id": "sub", "workflow": "inner.json", "inputs": { "dir": "${inputs.dir}" } } ] }
      """)
    let first = try await sandbox.run("run", file, "--input", "dir=\(sandbox.work.path)")
    #expect(first.status == 1, "\(first)")
    #expect(effects(sandbox) == ["outer", "inner1"])
    try touch("ready", in: sandbox)
    let resumed = try await sandbox.run("resume", "1")
    #expect(resumed.status == 0, "\(resumed)")
    #expect(effects(sandbox) == ["outer", "inner1", "inner2"])
    let steps = try await show(2, in: sandbox).objects("steps") ?? []
    #expect(steps.map { $0.string("path") ?? "" } == ["1", "2.1", "2.2", "2"])
    #expect(steps.map { $0["attempts"] as? Int ?? -1 } == [0, 0, 1, 1])
  }

  @Test("a resumed run that fails again runs its onFailure steps again")
  func onFailureAgain() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(
      "alert.json",
      """
      { "name": "alert", "inputs": { "dir": { "type": "text" } },
        "steps": [
          { "id": "gate", "intent": "shell.run",
            "parameters": { "script": "test -f \\"$1/ready\\"", "arguments": ["${inputs.dir}"] } } ],
        "onFailure": [
          { "id": "tell", "intent": "shell.run",
            "parameters": { "script": "echo \\"alert $2\\" >> \\"$1/effects\\"",
                            "arguments": ["${inputs.dir}", "${run.id}"] } } ] }
      """)
    let first = try await sandbox.run("run", file, "--input", "dir=\(sandbox.work.path)")
    #expect(first.status == 1, "\(first)")
    let again = try await sandbox.run("resume", "1")
    #expect(again.status == 1, "\(again)")
    #expect(effects(sandbox) == ["alert 1", "alert 2"])
  }

  @Test("secret inputs are not stored: resume asks for them again (exit 3 without them)")
  func secretInputs() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(
      "secret.json",
      """
      { "name": "secret", "inputs": {
          "dir": { "type": "text" }, "token": { "type": "text", "secret": true } },
        "steps": [
          { "id": "use", "intent": "shell.run",
            "parameters": { "script": "test -f \\"$1/ready\\" && echo \\"$2\\" >> \\"$1/effects\\"",
                            "arguments": ["${inputs.dir}", "${inputs.token}"] } } ] }
      """)
    let first = try await sandbox.run(
      "run", file, "--input", "dir=\(sandbox.work.path)", "--input", "token=hunter2-swordfish")
    #expect(first.status == 1, "\(first)")
    for name in ["runs.sqlite", "runs.sqlite-wal"] {
      let url = sandbox.home.appendingPathComponent(name)
      guard let data = FileManager.default.contents(atPath: url.path) else { continue }
      #expect(!String(decoding: data, as: UTF8.self).contains("hunter2"), "\(name)")
    }
    try touch("ready", in: sandbox)
    let without = try await sandbox.run("resume", "1")
    #expect(without.status == 3, "\(without)")
    #expect(without.stderr.contains("input 'token' needs a value"), "\(without)")
    let given = try await sandbox.run("resume", "1", "--input", "token=hunter2-swordfish")
    #expect(given.status == 0, "\(given)")
    #expect(effects(sandbox) == ["hunter2-swordfish"])
  }

  @Test("an entity a step returned is read again by id; one that is gone fails clearly")
  func entities() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(
      "todo.json",
      """
      { "name": "todo", "inputs": { "dir": { "type": "text" } },
        "steps": [
          { "id": "add", "intent": "todos.add", "parameters": { "title": "Buy milk" } },
          { "id": "gate", "intent": "shell.run",
            "parameters": { "script": "test -f \\"$1/ready\\"", "arguments": ["${inputs.dir}"] } },
          { "intent": "text.compose", "parameters": { "text": "${add.title} ${add.id}" } } ] }
      """)
    let first = try await sandbox.run("run", file, "--input", "dir=\(sandbox.work.path)")
    #expect(first.status == 1, "\(first)")
    try touch("ready", in: sandbox)
    let resumed = try await sandbox.run("resume", "1")
    #expect(resumed.status == 0, "\(resumed)")
    #expect(resumed.stdout.hasPrefix("Buy milk "), "\(resumed)")
    let listed = try await sandbox.run(
      "run", "-", standardInput: #"{ "name": "l", "steps": [ { "intent": "todos.find" } ] }"#)
    #expect(listed.stdout == "Buy milk\n", "one todo, not two: \(listed)")

    // Gone: the todo is deleted, then a run that returned it is resumed.
    let again = try await sandbox.run("run", file, "--input", "dir=/nonexistent")
    #expect(again.status == 1, "\(again)")
    let delete = try await sandbox.run(
      "run", "-", "--yes",
      standardInput: """
        { "name": "d", "steps": [
          { "id": "found", "intent": "todos.find", "parameters": { "query": "Buy" } },
          { "forEach": "${found}", "steps": [
            { "intent": "todos.delete", "parameters": { "todo": "${item}" } } ] } ] }
        """)
    #expect(delete.status == 0, "\(delete)")
    let gone = try await sandbox.run("resume", "4", "--input", "dir=\(sandbox.work.path)")
    #expect(gone.status == 1, "\(gone)")
    #expect(gone.stderr.contains("returned Todo"), "\(gone)")
    #expect(gone.stderr.contains("in run 4, and it is gone"), "\(gone)")
  }

  @Test("a step stopped while it performed asks before it is performed again")
  func interrupted() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(
      "slow.json",
      """
      { "name": "slow", "inputs": { "dir": { "type": "text" } },
        "steps": [
          { "id": "prepare", "intent": "text.uppercase", "parameters": { "input": "x" } },
          { "id": "send", "intent": "shell.run", "timeout": "200ms",
            "parameters": { "script": "echo send >> \\"$1/effects\\"; test -f \\"$1/ready\\" || exec sleep 30",
                            "arguments": ["${inputs.dir}"] } } ] }
      """)
    let first = try await sandbox.run("run", file, "--input", "dir=\(sandbox.work.path)")
    #expect(first.status == 5, "\(first)")
    try touch("ready", in: sandbox)
    let refused = try await sandbox.run("resume", "1")
    #expect(refused.status == 4, "\(refused)")
    #expect(refused.stderr.contains("may have had its effect in run 1"), "\(refused)")
    #expect(refused.stderr.contains("--yes"), "\(refused)")
    #expect(effects(sandbox) == ["send"])
    let yes = try await sandbox.run("resume", "1", "--yes")
    #expect(yes.status == 0, "\(yes)")
    #expect(effects(sandbox) == ["send", "send"])
  }

  @Test("a workflow an MCP client called resumes from the command line, with its arguments")
  func mcpRun() async throws {
    let sandbox = try Sandbox()
    _ = try sandbox.write("flows/flaky.json", Self.flaky)
    let client = try MCPClient(sandbox, "--workflows", "flows")
    try await client.initialize()
    let arguments = #"{"name":"flaky","arguments":{"dir":"\#(sandbox.work.path)"}}"#
    let reply = try await client.request(1, "tools/call", arguments)
    #expect(reply.contains(#""isError":true"#), "\(reply)")
    _ = await client.finish()
    #expect(effects(sandbox) == ["one"])
    try touch("ready", in: sandbox)
    let resumed = try await sandbox.run("resume", "1")
    #expect(resumed.status == 0, "\(resumed)")
    #expect(effects(sandbox) == ["one", "check"])
  }

  @Test("a run cancelled by SIGTERM resumes; its cancelled step asks before it runs again")
  func cancelled() async throws {
    let sandbox = try Sandbox()
    let fifo = sandbox.work.appendingPathComponent("started").path
    let reader = try CrossProcessEvents.makeFIFO(at: fifo)
    defer { close(reader) }
    let file = try sandbox.write(
      "cancelled.json",
      """
      { "name": "cancelled", "inputs": { "dir": { "type": "text" } },
        "steps": [
          { "id": "before", "intent": "shell.run",
            "parameters": { "script": "echo before >> \\"$1/effects\\"", "arguments": ["${inputs.dir}"] } },
          { "id": "send", "intent": "shell.run", "timeout": "none",
            "parameters": { "script": "echo send >> \\"$1/effects\\"; if [ ! -f \\"$1/ready\\" ]; then echo up > \\"$1/started\\"; exec sleep 30; fi; echo sent",
                            "arguments": ["${inputs.dir}"] } } ] }
      """)
    let process = try sandbox.start(["run", file, "--input", "dir=\(sandbox.work.path)"])
    #expect(try await CrossProcessEvents.readAll(reader) == "up\n")
    process.send(SIGTERM)
    let stopped = await process.finish()
    #expect(stopped.status == 143, "\(stopped)")
    let original = try await show(1, in: sandbox)
    #expect(original.object("run")?.string("status") == "cancelled")
    try touch("ready", in: sandbox)
    let refused = try await sandbox.run("resume", "1")
    #expect(refused.status == 4, "\(refused)")
    let resumed = try await sandbox.run("resume", "1", "--yes")
    #expect(resumed.status == 0, "\(resumed)")
    #expect(resumed.stdout == "sent\n", "\(resumed)")
    #expect(effects(sandbox) == ["before", "send", "send"])
  }

  @Test("a run is not resumed twice at once")
  func resumedOnce() async throws {
    let sandbox = try Sandbox()
    let fifo = sandbox.work.appendingPathComponent("started").path
    let reader = try CrossProcessEvents.makeFIFO(at: fifo)
    defer { close(reader) }
    let file = try sandbox.write(
      "once.json",
      """
      { "name": "once", "inputs": { "dir": { "type": "text" } },
        "steps": [
          { "id": "slow", "intent": "shell.run", "timeout": "none",
            "parameters": { "script": "test -f \\"$1/ready\\" || exit 1; echo up > \\"$1/started\\"; exec sleep 30",
                            "arguments": ["${inputs.dir}"] } } ] }
      """)
    let first = try await sandbox.run("run", file, "--input", "dir=\(sandbox.work.path)")
    #expect(first.status == 1, "\(first)")
    try touch("ready", in: sandbox)
    let resuming = try sandbox.start(["resume", "1"])
    #expect(try await CrossProcessEvents.readAll(reader) == "up\n")
    let second = try await sandbox.run("resume", "1")
    #expect(second.status == 2, "\(second)")
    #expect(
      second.stderr.contains("run 1 is being resumed by run 2, which is still running"),
      "\(second)")
    resuming.send(SIGTERM)
    let stopped = await resuming.finish()
    #expect(stopped.status == 143, "\(stopped)")
  }

  @Test("a run killed with SIGKILL is abandoned, and resume finishes it")
  func killed() async throws {
    let sandbox = try Sandbox()
    let fifo = sandbox.work.appendingPathComponent("started").path
    let reader = try CrossProcessEvents.makeFIFO(at: fifo)
    defer { close(reader) }
    let file = try sandbox.write(
      "killed.json",
      """
      { "name": "killed", "inputs": { "dir": { "type": "text" } },
        "steps": [
          { "id": "before", "intent": "shell.run",
            "parameters": { "script": "echo before >> \\"$1/effects\\"", "arguments": ["${inputs.dir}"] } },
          { "id": "send", "intent": "shell.run", "timeout": "none",
            "parameters": { "script": "echo send >> \\"$1/effects\\"; if [ ! -f \\"$1/ready\\" ]; then echo up > \\"$1/started\\"; exec sleep 30; fi",
                            "arguments": ["${inputs.dir}"] } },
          { "id": "after", "intent": "shell.run",
            "parameters": { "script": "echo after >> \\"$1/effects\\"; echo done", "arguments": ["${inputs.dir}"] } } ] }
      """)
    let process = try sandbox.start(["run", file, "--input", "dir=\(sandbox.work.path)"])
    #expect(try await CrossProcessEvents.readAll(reader) == "up\n")
    process.send(SIGKILL)
    let killed = await process.finish()
    #expect(killed.signal == SIGKILL, "\(killed)")
    try touch("ready", in: sandbox)

    let refused = try await sandbox.run("resume", "1")
    #expect(refused.status == 4, "\(refused)")
    let original = try await show(1, in: sandbox)
    #expect(original.object("run")?.string("status") == "abandoned")
    // The step that was performing says so.
    let recorded = (original.objects("steps") ?? []).map {
      "\($0.string("id") ?? "") \($0.string("status") ?? "")"
    }
    #expect(recorded == ["before succeeded", "send running"], "\(recorded)")
    let resumed = try await sandbox.run("resume", "1", "--yes")
    #expect(resumed.status == 0, "\(resumed)")
    #expect(resumed.stdout == "done\n", "\(resumed)")
    #expect(effects(sandbox) == ["before", "send", "send", "after"])
  }
}
