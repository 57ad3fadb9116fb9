import CLIKit

/// A command tree shaped like the `intentflow` runner's, for parsing and help tests.
enum Sample {
  static let run = CommandSpec(
    "run", abstract: "Run a workflow file.",
    discussion: """
      Each step's result feeds the next step's parameters. Dialogs and progress go to
      standard error; standard output carries the workflow's output.
      """,
    arguments: [ArgumentSpec("FILE", help: "The workflow file to run.")],
    options: [
      .option(
        "input", short: "i", valueName: "NAME=VALUE", help: "Give a workflow input a value.",
        isRepeating: true),
      .flag("json", short: "j", help: "Print one JSON object instead of text."),
      .flag("yes", short: "y", help: "Answer yes to every confirmation."),
      .flag("non-interactive", help: "Never ask; fail with exit code 3 or 4 instead."),
      .option(
        "timeout", short: "t", valueName: "DURATION", help: "The time limit for each step.",
        defaultDescription: "30s"),
    ],
    examples: [
      "intentflow run Workflows/groceries.json",
      "intentflow run plan.json --input list=Home --json",
    ])

  static let validate = CommandSpec(
    "validate", abstract: "Check workflow files without running them.",
    arguments: [ArgumentSpec("FILE", help: "The workflow files to check.", isRepeating: true)])

  static let intents = CommandSpec(
    "intents", abstract: "List the intents that workflows can use.",
    options: [.flag("json", help: "Print a JSON array.")])

  static let describe = CommandSpec(
    "describe", abstract: "Show an intent's parameters and result.",
    arguments: [ArgumentSpec("INTENT", help: "The intent identifier, as in todos.add.")])

  static let schedule = CommandSpec(
    "schedule", abstract: "Manage scheduled workflow runs.",
    subcommands: [
      CommandSpec(
        "add", abstract: "Schedule a workflow.",
        arguments: [ArgumentSpec("FILE", help: "The workflow file to schedule.")],
        options: [.option("cron", valueName: "EXPRESSION", help: "When to run, in cron syntax.")]
      ),
      CommandSpec("list", abstract: "List scheduled runs."),
      CommandSpec(
        "remove", abstract: "Remove a scheduled run.",
        arguments: [ArgumentSpec("ID", help: "The schedule's id, as 'schedule list' shows.")]),
    ])

  static let history = CommandSpec(
    "history", abstract: "Show past runs.",
    options: [
      .option(
        "limit", short: "n", valueName: "COUNT", help: "How many runs to show.",
        defaultDescription: "20")
    ])

  static let root = CommandSpec(
    "intentflow", abstract: "Run shortcut-chaining workflows by hand or on a schedule.",
    subcommands: [run, validate, intents, describe, schedule, history])

  static let parser = ArgumentParser(root: root, version: "1.2.3")
}
