import CLIKit
import Testing

/// The error the sample tree gives for a command line; `nil` if it parses.
private func usageError(_ arguments: [String]) -> UsageError? {
  do {
    _ = try Sample.parser.parse(arguments)
    return nil
  } catch {
    return error
  }
}

@Suite("Usage errors")
struct UsageErrorTests {
  @Test(
    "each mistake has an exact message and a hint",
    arguments: [
      (
        ["rnu"],
        "unknown command 'rnu'; did you mean 'run'?", "See 'intentflow --help'."
      ),
      (["frobnicate"], "unknown command 'frobnicate'", "See 'intentflow --help'."),
      (["hlep"], "unknown command 'hlep'; did you mean 'help'?", "See 'intentflow --help'."),
      (
        ["rnu", "--help"],
        "unknown command 'rnu'; did you mean 'run'?", "See 'intentflow --help'."
      ),
      (
        ["help", "rnu"],
        "unknown command 'rnu'; did you mean 'run'?", "See 'intentflow --help'."
      ),
      (
        ["schedule", "ad"],
        "unknown command 'ad' for 'intentflow schedule'; did you mean 'add'?",
        "See 'intentflow schedule --help'."
      ),
      (
        ["run", "plan.json", "--jsn"],
        "unknown option '--jsn' for 'intentflow run'; did you mean '--json'?",
        "See 'intentflow run --help'."
      ),
      (
        ["run", "plan.json", "--non-interactiv"],
        "unknown option '--non-interactiv' for 'intentflow run'; did you mean '--non-interactive'?",
        "See 'intentflow run --help'."
      ),
      (
        ["run", "plan.json", "--frobnicate"],
        "unknown option '--frobnicate' for 'intentflow run'", "See 'intentflow run --help'."
      ),
      (
        ["run", "plan.json", "-x"],
        "unknown option '-x' for 'intentflow run'", "See 'intentflow run --help'."
      ),
      (
        ["run", "plan.json", "-jsn"],
        "unknown option '-jsn' for 'intentflow run'; did you mean '--json'?",
        "See 'intentflow run --help'."
      ),
      (
        ["run", "plan.json", "--version"],
        "unknown option '--version' for 'intentflow run'", "See 'intentflow run --help'."
      ),
      (
        ["--verison"],
        "unknown option '--verison' for 'intentflow'; did you mean '--version'?",
        "See 'intentflow --help'."
      ),
      (
        ["run", "plan.json", "--input"],
        "option '--input' needs a value, as in --input NAME=VALUE", "See 'intentflow run --help'."
      ),
      (
        ["run", "--input", "--json", "plan.json"],
        "option '--input' needs a value, as in --input NAME=VALUE", "See 'intentflow run --help'."
      ),
      (
        ["run", "plan.json", "-i"],
        "option '-i' needs a value, as in -i NAME=VALUE", "See 'intentflow run --help'."
      ),
      (
        ["run"],
        "missing FILE; usage: intentflow run FILE [options]", "See 'intentflow run --help'."
      ),
      (
        ["validate"],
        "missing FILE; usage: intentflow validate FILE...", "See 'intentflow validate --help'."
      ),
      (
        ["run", "a.json", "b.json"],
        "unexpected argument 'b.json'; usage: intentflow run FILE [options]",
        "See 'intentflow run --help'."
      ),
      (
        ["intents", "extra"],
        "unexpected argument 'extra'; usage: intentflow intents [options]",
        "See 'intentflow intents --help'."
      ),
      (
        ["run", "plan.json", "--json=yes"],
        "flag '--json' takes no value; remove '=yes'", "See 'intentflow run --help'."
      ),
      (
        ["run", "plan.json", "-j=yes"],
        "flag '-j' takes no value; remove '=yes'", "See 'intentflow run --help'."
      ),
      (["--version=2"], "flag '--version' takes no value; remove '=2'", "See 'intentflow --help'."),
      (
        ["run", "plan.json", "-t", "1s", "--timeout=2s"],
        "option '--timeout' can be given only once", "See 'intentflow run --help'."
      ),
    ])
  func message(arguments: [String], message: String, hint: String) throws {
    let error = try #require(usageError(arguments))
    #expect(error.message == message)
    #expect(error.hint == hint)
    #expect(error.description == "error: \(message)\n\(hint)")
  }

  @Test(
    "each mistake has its kind",
    arguments: [
      (["rnu"], UsageError.Kind.unknownCommand),
      (["run", "x", "--jsn"], .unknownOption),
      (["run", "x", "--input"], .missingValue),
      (["run", "x", "--json=1"], .unexpectedValue),
      (["run", "x", "-t", "1", "-t", "2"], .duplicateOption),
      (["run"], .missingArgument),
      (["run", "x", "y"], .unexpectedArgument),
    ])
  func kind(arguments: [String], kind: UsageError.Kind) throws {
    #expect(try #require(usageError(arguments)).kind == kind)
  }

  @Test("the command path names the command whose help the hint points at")
  func commandPath() throws {
    #expect(
      try #require(usageError(["schedule", "add"])).commandPath == [
        "intentflow", "schedule", "add",
      ])
  }

  @Test("two missing positionals are both named")
  func twoMissing() throws {
    let copy = CommandSpec(
      "copy", abstract: "Copy.",
      arguments: [ArgumentSpec("FROM", help: "Source."), ArgumentSpec("TO", help: "Target.")])
    #expect(
      throws: UsageError(
        "missing FROM, TO; usage: copy FROM TO", commandPath: ["copy"], kind: .missingArgument)
    ) {
      try ArgumentParser(root: copy, version: "1").parse([])
    }
  }

  @Test("a styled error colours its label only")
  func styled() {
    let error = UsageError("bad", commandPath: ["intentflow"])
    #expect(
      error.rendered(style: .ansi)
        == "\u{1B}[1m\u{1B}[31merror:\u{1B}[39m\u{1B}[22m bad\nSee 'intentflow --help'.")
  }
}
