import CLIKit
import Testing

@Suite("Checking command specs")
struct CommandSpecValidationTests {
  @Test("the sample tree is sound")
  func sound() {
    #expect(Sample.root.specProblems.isEmpty)
  }

  @Test("clashes and malformed names are reported with the command's path")
  func problems() {
    let bad = CommandSpec(
      "tool", abstract: "",
      arguments: [
        ArgumentSpec("A", help: "", isRepeating: true),
        ArgumentSpec("A", help: "", isRepeating: true),
      ],
      options: [
        .flag("json", short: "j", help: ""), .flag("json", help: ""), .flag("version", help: ""),
        .flag("quiet", short: "h", help: ""), .flag("--bad", help: ""),
        .flag("x", short: "j", help: ""),
      ],
      subcommands: [
        CommandSpec("go", abstract: "", options: [.flag("help", help: "")]),
        CommandSpec("go", abstract: ""), CommandSpec("help", abstract: ""),
      ])
    #expect(
      bad.specProblems == [
        "'tool': option '--json' is declared twice or clashes with a built-in one",
        "'tool': option '--version' is declared twice or clashes with a built-in one",
        "'tool': short option '-h' is declared twice or clashes with '-h'",
        "'tool': option name '--bad' must be a word without dashes, '=' or spaces",
        "'tool': short option '-j' is declared twice or clashes with '-h'",
        "'tool': argument 'A' is declared twice",
        "'tool': only one argument may be repeating",
        "'tool go': option '--help' is declared twice or clashes with a built-in one",
        "'tool': subcommand 'go' is declared twice or clashes with 'help'",
        "'tool': subcommand 'help' is declared twice or clashes with 'help'",
      ])
  }

  @Test("'--version' is free on a subcommand")
  func versionOnSubcommand() {
    let tool = CommandSpec(
      "tool", abstract: "",
      subcommands: [CommandSpec("go", abstract: "", options: [.flag("version", help: "")])])
    #expect(tool.specProblems.isEmpty)
  }
}
