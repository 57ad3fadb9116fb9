import CLIKit
import Foundation
import Testing

@Suite("Completion scripts are generated from the command declarations")
struct CompletionScriptTests {
  /// A small tree with every kind of value completion, a hidden option, a nested group and
  /// help text that each shell must escape (`[`, `]`, `:` and a quote).
  static let tree = CommandSpec(
    "tool", abstract: "A tool.",
    subcommands: [
      CommandSpec(
        "run", abstract: "Run a file.",
        arguments: [
          ArgumentSpec("FILE", help: "The file.", completion: .file(extensions: ["json"]))
        ],
        options: [
          .option(
            "zone", short: "z", valueName: "TZ", help: "The [time] zone: it's any.",
            completion: .dynamic("zones")),
          .option("mode", valueName: "MODE", help: "How.", completion: .words(["fast", "slow"])),
          .option(
            "input", short: "i", valueName: "NAME=VALUE", help: "An input.", isRepeating: true),
          .flag("json", help: "Print JSON."),
          .option("secret", valueName: "SET", help: "For the scripts.", isHidden: true),
        ]),
      CommandSpec(
        "group", abstract: "A group.",
        subcommands: [
          CommandSpec(
            "add", abstract: "Add folders.",
            arguments: [
              ArgumentSpec("DIR", help: "A folder.", isRepeating: true, completion: .directory)
            ])
        ]),
    ])

  /// The fixtures' folder in this checkout.
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Completions")

  @Test("each shell's script is the reviewed one", arguments: CompletionScript.Shell.allCases)
  func script(shell: CompletionScript.Shell) throws {
    let generated = CompletionScript(root: Self.tree).script(for: shell)
    let file = Self.fixtures.appendingPathComponent("tool.\(shell.rawValue)")
    if ProcessInfo.processInfo.environment["INTENTFLOW_RECORD_GOLDEN"] == "1" {
      try Data(generated.utf8).write(to: file)
    }
    let reviewed = try String(contentsOf: file, encoding: .utf8)
    #expect(
      generated == reviewed,
      """
      the \(shell) script changed; regenerate it with
        INTENTFLOW_RECORD_GOLDEN=1 swift test --filter CompletionScriptTests
      and review the diff of Tests/CLIKitTests/Fixtures/Completions.
      """)
  }

  @Test("a hidden option is left out of the help and the scripts, but still parses")
  func hidden() throws {
    let parser = ArgumentParser(root: Self.tree, version: "1")
    #expect(!parser.help(for: ["run"]).contains("--secret"))
    for shell in CompletionScript.Shell.allCases {
      #expect(!CompletionScript(root: Self.tree).script(for: shell).contains("secret"))
    }
    guard case .command(let parsed) = try parser.parse(["run", "plan.json", "--secret", "zones"])
    else {
      Issue.record("--secret did not parse")
      return
    }
    #expect(parsed[Option<String>("secret", valueName: "SET", help: "")] == "zones")
  }
}
