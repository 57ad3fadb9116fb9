import Foundation
import Testing

@Suite("Bad usage exits 2 with a message that says what to do")
struct UsageTests {
  @Test(
    "a mistake on the command line is reported with its fix",
    arguments: [
      (
        ["rn", "x.json"],
        "error: unknown command 'rn'; did you mean 'run'?\nSee 'intentflow --help'.\n"
      ),
      (
        ["run", "x.json", "--jsn"],
        "error: unknown option '--jsn' for 'intentflow run'; did you mean '--json'?\n"
          + "See 'intentflow run --help'.\n"
      ),
      (
        ["validate", "--quite", "x.json"],
        "error: unknown option '--quite' for 'intentflow validate'; did you mean '--quiet'?\n"
          + "See 'intentflow validate --help'.\n"
      ),
      (
        ["run"],
        "error: missing FILE; usage: intentflow run FILE [options]\nSee 'intentflow run --help'.\n"
      ),
      (
        ["validate"],
        "error: missing FILE; usage: intentflow validate FILE... [options]\n"
          + "See 'intentflow validate --help'.\n"
      ),
      (
        ["run", "x.json", "--input", "title"],
        "error: 'title' is not NAME=VALUE; write --input NAME=VALUE\nSee 'intentflow run --help'.\n"
      ),
      (
        ["run", "x.json", "--input", "=Buy milk"],
        "error: '=Buy milk' is not NAME=VALUE; write --input NAME=VALUE\n"
          + "See 'intentflow run --help'.\n"
      ),
      (
        ["run", "x.json", "--timeout", "soon"],
        "error: 'soon' is not a duration; write 30s, 5m, 1h or none\nSee 'intentflow run --help'.\n"
      ),
    ])
  func commandLine(arguments: [String], message: String) async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "x.json", #"{"name": "x", "steps": [{"intent": "list.count", "parameters": {"input": []}}]}"#)
    let result = try await sandbox.start(arguments).finish()
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == message)
  }

  @Test("an unknown input name is reported with a suggestion, and nothing runs")
  func unknownInput() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/add-title.json")
    let result = try await sandbox.run("run", file, "--input", "titel=Walk", "--non-interactive")
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "error: 'add-title' has no input 'titel'; did you mean 'title'?\n")

    let other = try await sandbox.run("run", file, "--input", "colour=red", "--json")
    #expect(other.status == 2)
    let json = try JSONObject(parsing: other.stdout)
    #expect(json.string("status") == "invalid")
    #expect(
      json.objects("errors")?.first?.string("message")
        == "'add-title' has no input 'colour'; its inputs are 'title'")

    let found = try await sandbox.run("run", try sandbox.copyFixture("runs/find-open.json"))
    #expect(found.status == 0)
    #expect(found.stdout.isEmpty)
  }

  @Test("an input value of the wrong type is bad usage")
  func inputOfWrongType() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(
      "run", Fixtures.exampleWorkflow("countdown.json"), "--input", "times=many")
    #expect(result.status == 2, "\(result)")
    #expect(
      result.stderr == "error: input 'times' expects an integer: 'many' is not a whole number\n")
  }

  @Test("a workflow can come from standard input")
  func standardInputWorkflow() async throws {
    let sandbox = try Sandbox()
    let text = String(decoding: try Fixtures.data("runs/short-wait.json"), as: UTF8.self)
    let result = try await sandbox.run("run", "-", standardInput: text)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "STILL HERE\n")
  }
}

@Suite("Help, version, intents and describe")
struct InformationTests {
  /// The commands `intentflow --help` lists under SUBCOMMANDS.
  static func listedCommands() async throws -> [String] {
    let help = try await Sandbox().run("--help").stdout
    let section = help.components(separatedBy: "SUBCOMMANDS:\n").last ?? ""
    return section.split(separator: "\n", omittingEmptySubsequences: false)
      .prefix { !$0.isEmpty }
      .compactMap { line in
        line.wholeMatch(of: #/  ([a-z]+) +\S.*/#).map { String($0.1) }
      }
  }

  @Test("intentflow --help lists the commands, and --help works on every one")
  func help() async throws {
    let commands = try await Self.listedCommands()
    #expect(
      Set(commands).isSuperset(of: ["run", "validate", "intents", "describe", "history"]),
      "\(commands)")
    let sandbox = try Sandbox()
    for command in commands {
      for arguments in [[command, "--help"], [command, "-h"], ["help", command]] {
        let result = try await sandbox.start(arguments).finish()
        #expect(result.status == 0, "\(arguments): \(result)")
        #expect(result.stdout.hasPrefix("OVERVIEW: "), "\(arguments)")
        #expect(result.stdout.contains("USAGE: intentflow \(command)"), "\(arguments)")
        #expect(result.stderr.isEmpty, "\(arguments)")
      }
    }
  }

  @Test("run --help lists the exit codes")
  func runHelp() async throws {
    let result = try await Sandbox().run("run", "--help")
    #expect(result.stdout.contains("--non-interactive"))
    #expect(result.stdout.contains("128+N"))
  }

  @Test("--version prints the version")
  func version() async throws {
    let result = try await Sandbox().run("--version")
    #expect(result.status == 0)
    #expect(result.stdout.wholeMatch(of: /intentflow \d+\.\d+\.\d+\n/) != nil, "\(result)")
    #expect(result.stderr.isEmpty)
  }

  static let standardIntents = [
    "flow.wait", "list.count", "text.uppercase", "todos.add", "todos.complete", "todos.delete",
    "todos.find",
  ]

  @Test("intents lists every intent, one a line, grouped by domain")
  func intents() async throws {
    let result = try await Sandbox().run("intents")
    #expect(result.status == 0)
    let names = result.stdout.split(separator: "\n")
      .filter { $0.hasPrefix("  ") }
      .map { String($0.dropFirst(2).prefix { $0 != " " }) }
    #expect(Set(names).isSuperset(of: Self.standardIntents))
    #expect(result.stdout.contains("\nTodos\n  todos.add "))
  }

  @Test("intents --json is a JSON array with each intent's parameters")
  func intentsJSON() async throws {
    let result = try await Sandbox().run("intents", "--json")
    #expect(result.status == 0)
    let intents = try parseJSONArray(result.stdout)
    #expect(
      Set(intents.compactMap { $0.string("identifier") }).isSuperset(of: Self.standardIntents))
    let add = try #require(intents.first { $0.string("identifier") == "todos.add" })
    let parameters = try #require(add.objects("parameters"))
    #expect(parameters.map { $0.string("name") } == ["title", "due"])
    #expect(parameters.first?["required"] as? Bool == true)
    #expect(parameters.first?.string("prompt") == "What's the title?")
  }

  @Test("describe todos.add shows its parameters")
  func describe() async throws {
    let result = try await Sandbox().run("describe", "todos.add")
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("todos.add — Add Todo\n"))
    #expect(result.stdout.contains("\n  title  text, required, takes the previous step's output\n"))
    #expect(result.stdout.contains("\n  due    date, optional\n"))
    #expect(result.stdout.contains(#"Asks: "What's the title?""#))
    #expect(
      result.stdout.contains("Output:   Todo (id: text, title: text, due: date, isDone: boolean)"))

    let json = try await Sandbox().run("describe", "todos.complete", "--json")
    #expect(try JSONObject(parsing: json.stdout).string("identifier") == "todos.complete")
  }

  @Test("describe with a misspelt intent suggests the right one")
  func describeMisspelt() async throws {
    let result = try await Sandbox().run("describe", "todos.ad")
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "error: unknown intent 'todos.ad'; did you mean 'todos.add'?\n"
        + "See 'intentflow describe --help'.\n")

    let unknown = try await Sandbox().run("describe", "weather.forecast")
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr.hasPrefix("error: unknown intent 'weather.forecast'; run 'intentflow intents'")
    )
  }
}
