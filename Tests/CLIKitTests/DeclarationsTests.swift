import CLIKit
import Testing

/// A command declared with typed keys, as the runner's commands are.
private enum Report {
  static let files = Positional("FILE", help: "Files.", isOptional: true, isRepeating: true)
  static let verbose = Flag("verbose", short: "v", help: "Say more.", isRepeating: true)
  static let json = Flag("json", help: "Print JSON.")
  static let title = Option<String>("title", valueName: "TEXT", help: "A title.")
  static let tags = Option<String>("tag", valueName: "TAG", help: "A tag.", isRepeating: true)
  static let limit = Option<Int>(
    "limit", short: "n", valueName: "N", help: "How many.", isRepeating: true,
    convert: { Int($0).flatMap { $0 > 0 ? $0 : nil } },
    invalid: { "--limit must be a whole number above 0, not '\($0)'" })

  static let parser = ArgumentParser(
    root: CommandSpec(
      "tool", abstract: "A tool.",
      subcommands: [
        CommandSpec(
          "report", abstract: "Report.", arguments: [files.spec],
          options: [verbose.spec, json.spec, title.spec, tags.spec, limit.spec])
      ]),
    version: "1")

  static func parse(_ arguments: [String]) throws -> ParsedCommand {
    guard case .command(let command) = try parser.parse(["report"] + arguments) else {
      throw UsageError("expected a command", commandPath: [])
    }
    return command
  }
}

@Suite("Reading parsed values through their declarations")
struct DeclarationsTests {
  @Test("flags, positionals and text options read through the values that declared them")
  func reading() throws {
    let command = try Report.parse(
      ["a.txt", "-vv", "--tag", "x", "b.txt", "--tag", "y", "--title", "Week"])
    #expect(command.values(of: Report.files) == ["a.txt", "b.txt"])
    #expect(command[Report.files] == "a.txt")
    #expect(command[Report.verbose])
    #expect(command.count(of: Report.verbose) == 2)
    #expect(!command[Report.json])
    #expect(command[Report.title] == "Week")
    #expect(command.values(of: Report.tags) == ["x", "y"])
    #expect(try command.value(of: Report.limit) == nil)
  }

  @Test("a converted option gives its value, the last one given when it repeats")
  func converted() throws {
    let command = try Report.parse(["-n", "3", "--limit=7"])
    #expect(try command.value(of: Report.limit) == 7)
    #expect(try command.values(of: Report.limit) == [3, 7])
  }

  @Test("a value that does not convert is a usage error with the option's message")
  func invalid() throws {
    let command = try Report.parse(["--limit", "0"])
    let error = #expect(throws: UsageError.self) { try command.value(of: Report.limit) }
    #expect(error?.message == "--limit must be a whole number above 0, not '0'")
    #expect(error?.hint == "See 'tool report --help'.")
    #expect(error?.kind == .invalidValue)
  }

  @Test("the help shows what the declarations say")
  func help() {
    let help = Report.parser.help(for: ["report"])
    #expect(help.contains("-n, --limit N"))
    #expect(help.contains("--tag TAG"))
    #expect(help.contains("-v, --verbose"))
  }
}
