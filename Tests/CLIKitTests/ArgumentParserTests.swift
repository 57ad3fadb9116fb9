import Testing

@testable import CLIKit

/// Parses `arguments` with the sample tree and returns the selected command.
private func command(_ arguments: [String]) throws -> ParsedCommand {
  let outcome = try Sample.parser.parse(arguments)
  guard case .command(let command) = outcome else {
    Issue.record("expected a command, got \(outcome)")
    throw UsageError("no command", commandPath: [])
  }
  return command
}

/// Parses `arguments` with the sample tree and returns the help text it asks for, if any.
private func helpText(_ arguments: [String]) throws -> String? {
  guard case .help(let text) = try Sample.parser.parse(arguments) else { return nil }
  return text
}

@Suite("Parsing options and flags")
struct OptionParsingTests {
  @Test(
    "an option's value may follow it or be attached",
    arguments: [
      ["run", "plan.json", "--timeout", "5s"], ["run", "plan.json", "--timeout=5s"],
      ["run", "plan.json", "-t", "5s"], ["run", "plan.json", "-t5s"],
      ["run", "plan.json", "-t=5s"], ["run", "--timeout", "5s", "plan.json"],
    ])
  func optionValue(arguments: [String]) throws {
    let run = try command(arguments)
    #expect(run.path == ["intentflow", "run"])
    #expect(run.value("timeout") == "5s")
    #expect(run.positional("FILE") == "plan.json")
  }

  @Test(
    "short flags may be clustered", arguments: [["-yj"], ["-jy"], ["-y", "-j"], ["--yes", "-j"]])
  func clusteredFlags(flags: [String]) throws {
    let run = try command(["run", "plan.json"] + flags)
    #expect(run.flag("yes"))
    #expect(run.flag("json"))
    #expect(!run.flag("non-interactive"))
  }

  @Test("a cluster may end with an option that takes the next word")
  func clusterEndingWithOption() throws {
    let run = try command(["run", "-yt", "10s", "plan.json"])
    #expect(run.flag("yes"))
    #expect(run.value("timeout") == "10s")
    #expect(run.positional("FILE") == "plan.json")
  }

  @Test("a repeating option keeps every value in order")
  func repeatingOption() throws {
    let run = try command(["run", "--input", "a=1", "plan.json", "-i", "b=2", "--input=c=3"])
    #expect(run.values("input") == ["a=1", "b=2", "c=3"])
    #expect(run.value("input") == "c=3")
    #expect(run.count("input") == 3)
  }

  @Test("an absent option has no value and an absent flag is false")
  func absent() throws {
    let run = try command(["run", "plan.json"])
    #expect(run.value("timeout") == nil)
    #expect(run.values("input").isEmpty)
    #expect(!run.flag("json"))
    #expect(run.count("json") == 0)
  }

  @Test("an attached value may be empty or start with a dash")
  func unusualAttachedValues() throws {
    let run = try command(["run", "plan.json", "--input=", "--timeout=-1s"])
    #expect(run.values("input") == [""])
    #expect(run.value("timeout") == "-1s")
  }

  @Test("a negative number is a value, not an option")
  func negativeNumber() throws {
    let history = try command(["history", "--limit", "-5"])
    #expect(history.value("limit") == "-5")
  }

  @Test("a flag given twice counts twice")
  func repeatedFlag() throws {
    let verbose = CommandSpec(
      "tool", abstract: "A tool.",
      options: [.flag("verbose", short: "v", help: "Say more.", isRepeating: true)])
    let parsed = try ArgumentParser(root: verbose, version: "1").parse(["-vvv", "--verbose"])
    guard case .command(let tool) = parsed else {
      Issue.record("expected a command, got \(parsed)")
      return
    }
    #expect(tool.count("verbose") == 4)
    #expect(tool.flag("verbose"))
  }

  @Test("options given to a group before its subcommand are kept")
  func groupOptions() throws {
    let tool = CommandSpec(
      "tool", abstract: "A tool.",
      options: [.option("home", valueName: "DIR", help: "Where state lives.")],
      subcommands: [CommandSpec("go", abstract: "Go.", options: [.flag("fast", help: "Hurry.")])])
    let parsed = try ArgumentParser(root: tool, version: "1").parse(
      ["--home", "/tmp/x", "go", "--fast"])
    guard case .command(let go) = parsed else {
      Issue.record("expected a command, got \(parsed)")
      return
    }
    #expect(go.path == ["tool", "go"])
    #expect(go.value("home") == "/tmp/x")
    #expect(go.flag("fast"))
  }
}

@Suite("Parsing positionals and subcommands")
struct PositionalParsingTests {
  @Test("'--' ends options: later words are positionals")
  func separator() throws {
    let run = try command(["run", "--json", "--", "--yes"])
    #expect(run.positional("FILE") == "--yes")
    #expect(run.flag("json"))
    #expect(!run.flag("yes"))
  }

  @Test("'-' alone is a positional (standard input)")
  func dash() throws {
    let run = try command(["run", "-", "--json"])
    #expect(run.positional("FILE") == "-")
  }

  @Test("a repeating positional collects every word")
  func repeatingPositional() throws {
    let validate = try command(["validate", "a.json", "b.json", "c.json"])
    #expect(validate.positionals("FILE") == ["a.json", "b.json", "c.json"])
    #expect(validate.positional("FILE") == "a.json")
  }

  @Test("subcommands nest")
  func nested() throws {
    let add = try command(["schedule", "add", "plan.json", "--cron", "0 9 * * 1-5"])
    #expect(add.path == ["intentflow", "schedule", "add"])
    #expect(add.spec.name == "add")
    #expect(add.positional("FILE") == "plan.json")
    #expect(add.value("cron") == "0 9 * * 1-5")
  }

  @Test("a command word after the first positional is a positional")
  func commandWordAsValue() throws {
    let describe = try command(["describe", "run"])
    #expect(describe.positional("INTENT") == "run")
  }

  @Test("a command's own usage error points at its help")
  func commandUsageError() throws {
    let run = try command(["run", "plan.json", "--input", "oops"])
    let error = run.usageError("input 'oops' needs NAME=VALUE")
    #expect(
      error.description == "error: input 'oops' needs NAME=VALUE\nSee 'intentflow run --help'.")
    #expect(error.kind == .invalidValue)
  }
}

@Suite("Asking for help and the version")
struct HelpRequestTests {
  @Test(
    "--help and -h anywhere show the command's help",
    arguments: [
      ["run", "--help"], ["run", "-h"], ["--help", "run"], ["run", "plan.json", "--json", "-h"],
      ["run", "--jsn", "--help"], ["run", "--input", "--help"], ["run", "-yh"], ["help", "run"],
      ["help", "run", "--json"],
    ])
  func commandHelp(arguments: [String]) throws {
    #expect(try helpText(arguments) == Sample.parser.help(for: ["intentflow", "run"]))
  }

  @Test(
    "the root help comes from --help, 'help' or no arguments",
    arguments: [[], ["--help"], ["-h"], ["help"], ["--version", "--help"]])
  func rootHelp(arguments: [String]) throws {
    #expect(try helpText(arguments) == Sample.parser.help(for: ["intentflow"]))
  }

  @Test("a group given alone shows its help", arguments: [["schedule"], ["help", "schedule"]])
  func groupHelp(arguments: [String]) throws {
    #expect(try helpText(arguments) == Sample.parser.help(for: ["schedule"]))
  }

  @Test("'help' takes a path of commands")
  func nestedHelp() throws {
    #expect(
      try helpText(["help", "schedule", "add"]) == Sample.parser.help(for: ["schedule", "add"]))
    #expect(
      try helpText(["schedule", "help", "add"]) == Sample.parser.help(for: ["schedule", "add"]))
  }

  @Test("'--help' after '--' is a positional")
  func helpAfterSeparator() throws {
    #expect(try command(["run", "--", "--help"]).positional("FILE") == "--help")
  }

  @Test("--version on the root asks for the version")
  func version() throws {
    #expect(try Sample.parser.parse(["--version"]) == .version)
    #expect(Sample.parser.version == "1.2.3")
  }

  @Test("help for an unknown path stops at the last known command")
  func unknownHelpPath() {
    #expect(Sample.parser.help(for: ["schedule", "nope"]) == Sample.parser.help(for: ["schedule"]))
  }
}
