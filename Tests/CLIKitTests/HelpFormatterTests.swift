import CLIKit
import Testing

@Suite("Rendering help")
struct HelpFormatterTests {
  @Test("the root help lists the commands with their abstracts")
  func root() {
    #expect(
      Sample.parser.help(for: ["intentflow"]) == """
        OVERVIEW: Run shortcut-chaining workflows by hand or on a schedule.

        USAGE: intentflow <command>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          run                     Run a workflow file.
          validate                Check workflow files without running them.
          intents                 List the intents that workflows can use.
          describe                Show an intent's parameters and result.
          schedule                Manage scheduled workflow runs.
          history                 Show past runs.

          See 'intentflow help <command>' for detailed help.
        """)
  }

  @Test("a command's help has every section, in order")
  func run() {
    #expect(
      Sample.parser.help(for: ["intentflow", "run"]) == """
        OVERVIEW: Run a workflow file.

        Each step's result feeds the next step's parameters. Dialogs and progress go to
        standard error; standard output carries the workflow's output.

        USAGE: intentflow run FILE [options]

        ARGUMENTS:
          FILE                    The workflow file to run.

        OPTIONS:
          -i, --input NAME=VALUE  Give a workflow input a value.
          -j, --json              Print one JSON object instead of text.
          -y, --yes               Answer yes to every confirmation.
          --non-interactive       Never ask; fail with exit code 3 or 4 instead.
          -t, --timeout DURATION  The time limit for each step. (default: 30s)
          -h, --help              Show help information.

        EXAMPLES:
          intentflow run Workflows/groceries.json
          intentflow run plan.json --input list=Home --json
        """)
  }

  @Test("a group's help points at 'help' with its own path")
  func group() {
    #expect(
      Sample.parser.help(for: ["schedule"]) == """
        OVERVIEW: Manage scheduled workflow runs.

        USAGE: intentflow schedule <command>

        OPTIONS:
          -h, --help              Show help information.

        SUBCOMMANDS:
          add                     Schedule a workflow.
          list                    List scheduled runs.
          remove                  Remove a scheduled run.

          See 'intentflow help schedule <command>' for detailed help.
        """)
  }

  @Test("a nested command's usage names the whole path")
  func nested() {
    #expect(
      Sample.parser.help(for: ["schedule", "add"]) == """
        OVERVIEW: Schedule a workflow.

        USAGE: intentflow schedule add FILE [options]

        ARGUMENTS:
          FILE                    The workflow file to schedule.

        OPTIONS:
          --cron EXPRESSION       When to run, in cron syntax.
          -h, --help              Show help information.
        """)
  }

  @Test(
    "usage lines mark optional and repeating positionals",
    arguments: [
      (ArgumentSpec("FILE", help: ""), "tool FILE"),
      (ArgumentSpec("FILE", help: "", isOptional: true), "tool [FILE]"),
      (ArgumentSpec("FILE", help: "", isRepeating: true), "tool FILE..."),
      (ArgumentSpec("FILE", help: "", isOptional: true, isRepeating: true), "tool [FILE...]"),
    ])
  func usage(argument: ArgumentSpec, usage: String) {
    let parser = ArgumentParser(
      root: CommandSpec("tool", abstract: "A tool.", arguments: [argument]), version: "1")
    #expect(parser.usage(for: []) == usage)
  }

  @Test("on a narrow terminal text wraps under its column and long labels get their own line")
  func narrow() {
    let parser = ArgumentParser(root: Sample.root, version: "1", width: 50)
    #expect(
      parser.help(for: ["run"]) == """
        OVERVIEW: Run a workflow file.

        Each step's result feeds the next step's
        parameters. Dialogs and progress go to standard
        error; standard output carries the workflow's
        output.

        USAGE: intentflow run FILE [options]

        ARGUMENTS:
          FILE          The workflow file to run.

        OPTIONS:
          -i, --input NAME=VALUE
                        Give a workflow input a value.
          -j, --json    Print one JSON object instead of
                        text.
          -y, --yes     Answer yes to every confirmation.
          --non-interactive
                        Never ask; fail with exit code 3
                        or 4 instead.
          -t, --timeout DURATION
                        The time limit for each step.
                        (default: 30s)
          -h, --help    Show help information.

        EXAMPLES:
          intentflow run Workflows/groceries.json
          intentflow run plan.json --input list=Home --json
        """)
  }

  @Test("a usage line too long for the terminal wraps under itself")
  func longUsage() {
    let arguments = ["SOURCE", "DESTINATION", "ANOTHER", "YET-ANOTHER"].map {
      ArgumentSpec($0, help: "")
    }
    let tool = CommandSpec("tool", abstract: "", arguments: arguments)
    let help = ArgumentParser(root: tool, version: "1", width: 40).help(for: [])
    #expect(
      help.hasPrefix(
        """
        USAGE: tool SOURCE DESTINATION ANOTHER
               YET-ANOTHER

        ARGUMENTS:
          SOURCE
        """))
  }

  @Test("discussion paragraphs with indented lines keep their layout")
  func preformattedDiscussion() {
    let tool = CommandSpec(
      "tool", abstract: "Do a thing.",
      discussion: """
        Inputs are given as pairs:

          --input name=milk
          --input list=Home
        """)
    #expect(
      ArgumentParser(root: tool, version: "1", width: 80).help(for: []) == """
        OVERVIEW: Do a thing.

        Inputs are given as pairs:

          --input name=milk
          --input list=Home

        USAGE: tool

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.
        """)
  }
}
