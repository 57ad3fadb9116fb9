import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Every exit code of the runner, with its message")
struct ExitCodeTests {
  @Test("0: a short wait within its timeout passes the previous output on")
  func succeeded() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/short-wait.json")
    let result = try await sandbox.run("run", file, "--non-interactive")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "STILL HERE\n")
    #expect(result.stderr.isEmpty)
  }

  @Test("1: an error thrown by perform names the step and its source line")
  func performFailed() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/complete-deleted.json")
    let result = try await sandbox.run("run", file, "--yes", "--non-interactive")
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr == """
        Added 'Ephemeral'.
        Deleted 'Ephemeral'.
        complete-deleted.json:7:5: error: step 'done' (todos.complete) failed: the todo \
        'Ephemeral' no longer exists; it may have been deleted
            { "id": "done", "intent": "todos.complete", "parameters": { "todo": "${add}" } }
            ^

        """)

    let json = try JSONObject(parsing: try await sandbox.run("run", file, "--yes", "--json").stdout)
    #expect(json.string("status") == "failed")
    let error = try #require(json.object("error"))
    #expect(error.string("kind") == "failed")
    #expect(error.string("step") == "done")
    #expect(error["parameter"] == nil)
  }

  @Test("1: a 300-character title is unsupported")
  func unsupported() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/add-title.json")
    let title = String(repeating: "t", count: 300)
    let result = try await sandbox.run("run", file, "--input", "title=\(title)", "--json")
    #expect(result.status == 1, "\(result)")
    let json = try JSONObject(parsing: result.stdout)
    #expect(json.string("status") == "failed")
    let error = try #require(json.object("error"))
    #expect(error.string("kind") == "unsupported")
    #expect(error.string("step") == "add")
    #expect(error.string("parameter") == "title")
    #expect(
      error.string("message")
        == "step 'add': 'title' is unsupported: the title is too long (300 characters; at most 255)"
    )
    #expect(
      result.stderr.hasPrefix("add-title.json:6:5: error: step 'add': 'title' is unsupported"))

    let atLimit = try await sandbox.run(
      "run", file, "--input", "title=\(String(repeating: "t", count: 255))")
    #expect(atLimit.status == 0, "\(atLimit)")
  }

  @Test("3: an empty title needs a value, and without a terminal nothing is asked")
  func emptyTitleNeedsValue() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/add-title.json")
    let result = try await sandbox.run("run", file, "--input", "title=", "--non-interactive")
    #expect(result.status == 3, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr == """
        add-title.json:6:5: error: step 'add' needs a value for 'title': What's the title?
            { "id": "add", "intent": "todos.add", "parameters": { "title": "${inputs.title}" } }
            ^
        note: run it on a terminal to be asked, or give the value in the workflow or with --input

        """)

    // Standard input that is not a terminal counts as non-interactive too.
    let piped = try await sandbox.run(
      "run", file, "--input", "title=", "--json", standardInput: "an answer nobody asked for\n")
    #expect(piped.status == 3, "\(piped)")
    let error = try #require(try JSONObject(parsing: piped.stdout).object("error"))
    #expect(error.string("kind") == "needsValue")
    #expect(error.string("parameter") == "title")
  }

  @Test("3: an input without a default needs a value")
  func missingInput() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/add-title.json")
    let result = try await sandbox.run("run", file, "--json")
    #expect(result.status == 3, "\(result)")
    let json = try JSONObject(parsing: result.stdout)
    #expect(json.string("status") == "needsValue")
    let error = try #require(json.object("error"))
    #expect(error.string("kind") == "needsValue")
    #expect(error.string("parameter") == "title")
    #expect(
      error.string("message")
        == "input 'title' needs a value and has no default; pass --input title=VALUE")
    #expect(result.stderr.hasPrefix("error: input 'title' needs a value and has no default"))
  }

  @Test("3: two todos match a name; --json lists the candidates")
  func disambiguation() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/two-milks.json")
    let result = try await sandbox.run("run", file, "--json", "--non-interactive")
    #expect(result.status == 3, "\(result)")
    let json = try JSONObject(parsing: result.stdout)
    #expect(json.string("status") == "disambiguation")
    let error = try #require(json.object("error"))
    #expect(error.string("kind") == "disambiguation")
    #expect(error.string("step") == "done")
    #expect(error.string("parameter") == "todo")
    let candidates = try #require(error.objects("candidates"))
    #expect(candidates.map { $0.string("display") } == ["Buy milk", "Buy milk powder"])
    for candidate in candidates {
      #expect(candidate.keys == ["type", "id", "display", "properties"])
      #expect(candidate.string("type") == "Todo")
    }
    #expect(
      result.stderr.contains(
        "two-milks.json:7:5: error: step 'done' needs a choice for 'todo': 2 Todos match 'milk' "
          + "(candidates: 'Buy milk', 'Buy milk powder')\n"))
  }

  @Test("4: deleting needs confirmation; --yes gives it")
  func confirmation() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/delete.json")
    let refused = try await sandbox.run("run", file, "--json")
    #expect(refused.status == 4, "\(refused)")
    let json = try JSONObject(parsing: refused.stdout)
    #expect(json.string("status") == "confirmationRequired")
    #expect(json.object("error")?.string("kind") == "confirmationRequired")
    #expect(
      json.object("error")?.string("message")
        == "step 'delete' (todos.delete) would stop for a confirmation that this run cannot ask "
        + "for; nothing ran")
    #expect(
      refused.stderr.contains("note: run it with --yes to confirm, or on a terminal to be asked"))

    let confirmed = try await sandbox.run("run", file, "--yes")
    #expect(confirmed.status == 0, "\(confirmed)")
    #expect(confirmed.stdout == "Throw away\n")
    #expect(confirmed.stderr == "Added 'Throw away'.\nDeleted 'Throw away'.\n")

    // The refused run stopped before its first step: it added nothing.
    let find = try sandbox.copyFixture("runs/find-open.json")
    let found = try await sandbox.run("run", find)
    #expect(found.status == 0, "\(found)")
    #expect(found.stdout == "")
  }

  @Test("5: a wait longer than its step's timeout times out")
  func timedOut() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/wait-too-long.json")
    let result = try await sandbox.run("run", file, "--json")
    #expect(result.status == 5, "\(result)")
    let json = try JSONObject(parsing: result.stdout)
    #expect(json.string("status") == "timedOut")
    let error = try #require(json.object("error"))
    #expect(error.string("kind") == "timedOut")
    #expect(error.string("step") == "pause")
    #expect(error.string("message") == "step 'pause' timed out after 200ms")
    #expect(
      result.stderr.hasPrefix("wait-too-long.json:5:5: error: step 'pause' timed out after 200ms\n")
    )
    #expect(result.stderr.contains("note: raise the step's \"timeout\""))
  }

  @Test("5: --timeout sets the limit of steps without their own")
  func defaultTimeoutOption() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/short-wait.json")
    try sandbox.write(
      "no-timeout.json",
      String(decoding: try Fixtures.data("runs/short-wait.json"), as: UTF8.self)
        .replacingOccurrences(of: #""timeout": "5s", "#, with: ""))
    let result = try await sandbox.run("run", "no-timeout.json", "--timeout", "100ms")
    #expect(result.status == 5, "\(result)")
    #expect(result.stderr.contains("error: step 'pause' timed out after 100ms"))
    // A step's own timeout wins over --timeout.
    #expect(try await sandbox.run("run", file, "--timeout", "100ms").status == 0)
  }

  @Test(
    "128+N: a signal cancels a waiting run", arguments: [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")])
  func cancelledBySignal(signal: Int32, name: String) async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/wait-for-signal.json")
    let run = try sandbox.start(["run", file, "--json", "--verbose"])
    // The watcher is in place before the first step starts (--verbose shows it).
    let waiting = try await run.waitForStandardError(containing: "▸ pause (flow.wait)")
    #expect(waiting, "never started waiting: \(run.stderrSoFar)")
    run.send(signal)
    let result = await run.finish(timeout: .seconds(10))
    #expect(result.signal == nil, "\(result)")
    #expect(result.status == 128 + signal, "\(result)")
    let json = try JSONObject(parsing: result.stdout)
    #expect(json.string("status") == "cancelled")
    let error = try #require(json.object("error"))
    #expect(error.string("kind") == "cancelled")
    #expect(error.string("step") == "pause")
    #expect(error.string("message") == "step 'pause' was cancelled: the run received \(name)")
    #expect(json.objects("steps")?.map { $0.string("status") } == ["succeeded", "cancelled"])
    // The run was cancelled, not killed: it is in the history with its exit code.
    let history = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    #expect(history.first?.string("status") == "cancelled")
    #expect(history.first?["exitCode"] as? Int == Int(128 + signal))
  }
}
