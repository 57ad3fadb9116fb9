import Foundation
import Testing

/// Runs `intentflow` in `sandbox` with extra environment variables.
private func run(
  in sandbox: Sandbox, _ arguments: String..., environment extra: [String: String] = [:]
) async throws -> IntentFlowProcess.Output {
  try await IntentFlowProcess(
    executable: IntentFlowBinary.url(), arguments: arguments,
    environment: sandbox.environment.merging(extra) { $1 }, currentDirectory: sandbox.work,
    standardInput: nil
  ).finish()
}

@Suite("The language for unattended jobs, with the real binary")
struct LanguageTests {
  @Test("arithmetic, ??, env, run.id and workflow names reach the output")
  func expressions() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(
      "sums.json",
      """
      {
        "name": "sums",
        "inputs": { "n": { "type": "integer", "default": 4 } },
        "steps": [
          { "intent": "text.uppercase",
            "parameters": { "input": "${inputs.n * 2 + 1}" } }
        ],
        "output": {
          "sum": "${inputs.n * 2 + 1}",
          "port": "${env.PORT + 1}",
          "missing": "${env.NOPE ?? 'none'}",
          "run": "${run.id}",
          "name": "${workflow.name}",
          "directory": "${workflow.directory}"
        }
      }
      """)
    let result = try await run(in: sandbox, "run", file, "--json", environment: ["PORT": "8080"])
    #expect(result.status == 0, "\(result)")
    let output = try #require(try JSONObject(parsing: result.stdout).object("output"))
    #expect(output["sum"] as? Int == 9)
    #expect(output["port"] as? Int == 8081)
    #expect(output.string("missing") == "none")
    #expect(output.string("run") == "1")
    #expect(output.string("name") == "sums")
    #expect(
      output.string("directory") == sandbox.work.resolvingSymlinksInPath().path
        || output.string("directory") == sandbox.work.path)
  }

  @Test("arithmetic on an entity is an error before the run, with a caret under the operator")
  func typeError() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "bad.json",
      """
      {
        "name": "bad",
        "steps": [
          { "id": "todo", "intent": "todos.find" },
          { "intent": "text.uppercase", "parameters": { "input": "${todo + 1}" } }
        ]
      }
      """)
    let result = try await sandbox.run("validate", "bad.json")
    #expect(result.status == 2)
    #expect(
      result.stderr == """
        bad.json:5:68: error: '+' cannot combine a list of Todo and an integer (in 'todo + 1'); \
        arithmetic works on numbers, dates with durations, and durations
            { "intent": "text.uppercase", "parameters": { "input": "${todo + 1}" } }
                                                                           ^
        1 error.

        """)
  }

  @Test("a concurrent forEach keeps item order and the todo store stays correct")
  func concurrentTodos() async throws {
    let sandbox = try Sandbox()
    let titles = (1...40).map { "\"task \($0)\"" }.joined(separator: ", ")
    let file = try sandbox.write(
      "parallel.json",
      """
      {
        "name": "parallel",
        "steps": [
          { "id": "added", "forEach": [\(titles)], "as": "title", "index": "n",
            "concurrency": 8,
            "steps": [{ "intent": "todos.add", "parameters": { "title": "${n}. ${title}" } }] },
          { "id": "open", "intent": "todos.find" }
        ],
        "output": { "added": "${added.title}", "open": "${open.count}" }
      }
      """)
    let result = try await sandbox.run("run", file, "--json")
    #expect(result.status == 0, "\(result)")
    let output = try #require(try JSONObject(parsing: result.stdout).object("output"))
    #expect(output["added"] as? [String] == (1...40).map { "\($0). task \($0)" })
    #expect(output["open"] as? Int == 40)
  }

  @Test("where drops items, so counting the matching lines counts only them")
  func countErrors() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(
      "run", Fixtures.exampleWorkflow("count-errors.json"), "--non-interactive")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "1: 09:01 ERROR DISK FULL\n2: 09:03 ERROR DISK FULL\n")
  }

  @Test("an unknown key on a forEach lists only the keys a forEach accepts")
  func forEachUnknownKey() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "keys.json",
      #"{ "name": "keys", "steps": [{ "forEach": [1], "stepz": [] , "steps": [{ "intent": "#
        + #""text.uppercase" }] }] }"#)
    let result = try await sandbox.run("validate", "keys.json")
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "keys.json:1:47: error: unknown key 'stepz' in a 'forEach' step; did you mean 'steps'?"),
      "\(result)")
    try sandbox.write(
      "far.json",
      #"{ "name": "far", "steps": [{ "forEach": [1], "zzz": 1, "steps": [{ "intent": "#
        + #""text.uppercase" }] }] }"#)
    let listed = try await sandbox.run("validate", "far.json")
    #expect(
      listed.stderr.hasPrefix(
        "far.json:1:46: error: unknown key 'zzz' in a 'forEach' step; expected 'id', 'if', "
          + "'onError', 'description', 'forEach', 'as', 'steps', 'where', 'index' or "
          + "'concurrency'"), "\(listed)")
  }
}

@Suite("Secret and environment inputs, with the real binary")
struct SecretInputTests {
  /// Every byte under `directory`, as text.
  private static func everyByte(under directory: URL) -> String {
    var text = ""
    let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    while let url = files?.nextObject() as? URL {
      if let data = try? Data(contentsOf: url) { text += String(decoding: data, as: UTF8.self) }
    }
    return text
  }

  @Test("a secret never appears in history, errors, --json or anything the run leaves")
  func secretRedacted() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "secret.json",
      """
      { "name": "secret",
        "inputs": { "token": { "type": "text", "secret": true, "env": "API_TOKEN" } },
        "steps": [ { "intent": "todos.complete", "parameters": { "todo": "${inputs.token}" } } ] }
      """)
    let fromEnvironment = try await run(
      in: sandbox, "run", "secret.json", "--json", "--verbose",
      environment: ["API_TOKEN": "s3cr3t-From-Env"])
    let given = try await run(in: sandbox, "run", "secret.json", "--input", "token=s3cr3t-Given")
    let history = try await sandbox.run("history", "--json")
    #expect(fromEnvironment.status == 3)
    #expect(given.status == 3)
    let everything =
      [fromEnvironment, given, history].map { $0.stdout + $0.stderr }.joined()
      + Self.everyByte(under: sandbox.home)
    #expect(!everything.contains("s3cr3t"))
    #expect(fromEnvironment.stdout.contains("no Todo matches '***'"), "\(fromEnvironment)")
    #expect(given.stderr.contains("no Todo matches '***'"), "\(given)")
  }

  @Test("an env input takes the variable's value when the run gives none, before the default")
  func environmentInput() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "env.json",
      """
      { "name": "env",
        "inputs": { "who": { "type": "text", "env": "WHO", "default": "nobody" } },
        "steps": [ { "intent": "text.uppercase", "parameters": { "input": "${inputs.who}" } } ] }
      """)
    let fromEnvironment = try await run(in: sandbox, "run", "env.json", environment: ["WHO": "ada"])
    #expect(fromEnvironment.stdout == "ADA\n")
    let given = try await run(
      in: sandbox, "run", "env.json", "--input", "who=bob", environment: ["WHO": "ada"])
    #expect(given.stdout == "BOB\n")
    let fallback = try await sandbox.run("run", "env.json")
    #expect(fallback.stdout == "NOBODY\n")
  }

  @Test("a run rejected for its inputs is recorded in history with its reason")
  func rejectedRunRecorded() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "needs.json",
      """
      { "name": "needs", "inputs": { "title": { "type": "text" } },
        "steps": [ { "intent": "text.uppercase", "parameters": { "input": "${inputs.title}" } } ] }
      """)
    let result = try await sandbox.run("run", "needs.json")
    #expect(result.status == 3)
    let history = try await sandbox.run("history")
    #expect(history.stdout.contains("needsValue"), "\(history)")
    #expect(history.stdout.contains("input 'title' needs a value"), "\(history)")
  }
}

@Suite("Scheduled inputs and yes, and the unattended checks, with the real binary")
struct UnattendedTests {
  private static let cleanup = """
    { "name": "cleanup", "inputs": { "title": { "type": "text" } },
      "schedule": { "cron": "0 3 * * *", "inputs": { "title": "old report" }YES },
      "steps": [ { "intent": "todos.add", "parameters": { "title": "${inputs.title}" } },
                 { "intent": "todos.delete" } ] }
    """

  @Test("a scheduled run takes schedule.inputs, and schedule.yes answers its confirmations")
  func scheduledRun() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("cleanup.json", Self.cleanup.replacingOccurrences(of: "YES", with: ""))
    let stopped = try await run(
      in: sandbox, "run", "cleanup.json", environment: ["INTENTFLOW_TRIGGER": "schedule"])
    #expect(stopped.status == 4, "\(stopped)")
    // Nobody can answer, and the plan shows the question: nothing runs, no todo is added.
    #expect(
      stopped.stderr.hasPrefix(
        "cleanup.json:4:14: error: step 'todos.delete' would stop for a confirmation that this "
          + "run cannot ask for; nothing ran\n"), "\(stopped)")
    #expect(!sandbox.homeContains("todos.sqlite"))
    // By hand, the schedule's values do not apply.
    let manual = try await sandbox.run("run", "cleanup.json")
    #expect(manual.status == 3, "\(manual)")

    try sandbox.write(
      "cleanup.json", Self.cleanup.replacingOccurrences(of: "YES", with: #", "yes": true"#))
    let answered = try await run(
      in: sandbox, "run", "cleanup.json", environment: ["INTENTFLOW_TRIGGER": "schedule"])
    #expect(answered.status == 0, "\(answered)")
    #expect(answered.stderr.contains("Deleted 'old report'."))
  }

  @Test("validate, schedule --list and crontab refuse an input a scheduled run never gets")
  func unreachableInput() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "nightly.json",
      """
      { "name": "nightly", "inputs": { "title": { "type": "text" } }, "schedule": "0 3 * * *",
        "steps": [ { "intent": "text.uppercase", "parameters": { "input": "${inputs.title}" } } ] }
      """)
    let message =
      "nightly.json:1:34: error: input 'title' has no default, no \"env\" and no value in "
      + "'schedule.inputs', so a scheduled run can never get it"
    let validate = try await sandbox.run("validate", "nightly.json")
    #expect(validate.status == 2)
    #expect(validate.stderr.hasPrefix(message), "\(validate)")
    for command in [["schedule", "--list", "nightly.json"], ["crontab", "nightly.json"]] {
      let result = try await sandbox.start(command).finish()
      #expect(result.status == 2, "\(command): \(result)")
      #expect(result.stderr.contains("error: input 'title' has no default"), "\(result)")
    }
  }

  @Test("validate and crontab warn about a confirmation a scheduled run would stop at")
  func confirmationWarning() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("cleanup.json", Self.cleanup.replacingOccurrences(of: "YES", with: ""))
    let validate = try await sandbox.run("validate", "cleanup.json")
    #expect(validate.status == 0)
    #expect(
      validate.stderr.hasPrefix(
        "cleanup.json:4:14: warning: step 'todos.delete' asks for confirmation, so a scheduled "
          + "run stops before its first step with exit code 4; add \"yes\": true to "
          + "'schedule' to answer yes"),
      "\(validate)")
    let crontab = try await sandbox.run("crontab", "cleanup.json")
    #expect(crontab.status == 0)
    #expect(crontab.stderr.contains("warning: step 'todos.delete' asks for confirmation"))
  }
}

@Suite("run --dry-run, with the real binary")
struct DryRunTests {
  @Test("lists each step with its values, says what depends on outputs, and performs nothing")
  func dryRun() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "plan.json",
      """
      { "name": "plan",
        "inputs": { "title": { "type": "text", "default": "Buy bread" },
                    "token": { "type": "text", "secret": true } },
        "steps": [
          { "id": "add", "intent": "todos.add", "parameters": { "title": "${inputs.title} ${inputs.token}" } },
          { "id": "done", "intent": "todos.complete", "parameters": { "todo": "${add}" } },
          { "intent": "todos.delete", "if": "${inputs.title} == 'nothing'" }
        ] }
      """)
    let result = try await sandbox.run("run", "plan.json", "--dry-run", "--input", "token=hunter22")
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout == """
        dry run of 'plan': nothing is performed
          input title = "Buy bread"
          input token = "***"
          add (todos.add)
            title = "Buy bread ***"
          done (todos.complete)
            todo = (depends on 'add', known only when the run gets there)
          todos.delete — skipped: its 'if' is false

        """)
    #expect(!result.stdout.contains("hunter22"))
    // Nothing ran: no todo store and no run history.
    #expect(!sandbox.homeContains("todos.sqlite"))
    let history = try await sandbox.run("history")
    #expect(!history.stdout.contains("plan"), "\(history)")
  }
}

@Suite("retry and onError fallback steps, with the real binary")
struct ErrorHandlingTests {
  @Test("retry on a chosen kind, then fallback steps read ${error} and give the step's output")
  func retryThenFallback() async throws {
    let sandbox = try Sandbox()
    let long = String(repeating: "x", count: 300)
    try sandbox.write(
      "fallback.json",
      """
      { "name": "fallback",
        "steps": [
          { "id": "add", "intent": "todos.add", "parameters": { "title": "\(long)" },
            "retry": { "count": 2, "delay": "1ms", "backoff": "exponential", "on": ["unsupported"] },
            "onError": [
              { "intent": "text.uppercase", "parameters": { "input": "${error.kind} in ${error.step}" } }
            ] },
          { "intent": "text.uppercase", "parameters": { "input": "then: ${add}" } }
        ] }
      """)
    let result = try await sandbox.run("run", "fallback.json", "--json")
    #expect(result.status == 0, "\(result)")
    let json = try JSONObject(parsing: result.stdout)
    #expect(json.string("status") == "succeeded")
    #expect(json.string("output") == "THEN: UNSUPPORTED IN ADD")
    let add = try #require(json.objects("steps")?.first)
    #expect(add.string("status") == "failed")
    #expect(add.string("output") == "UNSUPPORTED IN ADD")
    #expect(add["runs"] as? Int == 3, "\(add.members)")
    #expect(result.stderr.contains("(the run went on: onError ran its steps)"), "\(result)")
  }
}
