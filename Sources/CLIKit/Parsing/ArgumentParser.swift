/// Parses command lines against a tree of ``CommandSpec``s, and renders their help.
///
/// ```swift
/// let parser = ArgumentParser(root: intentflow, version: "1.0.0", width: terminal.width)
/// switch try parser.parse(Array(CommandLine.arguments.dropFirst())) {
/// case .command(let command): …                  // run it
/// case .help(let text): print(text)              // exit 0
/// case .version: print(parser.version)           // exit 0
/// }
/// // A thrown UsageError: print its description on standard error, exit 2.
/// ```
///
/// It understands `--name value`, `--name=value`, short `-y`, clustered `-yj`, `-o value`
/// and `-ovalue`, `--` to end options, `-` alone as a positional, repeatable options,
/// `--help`/`-h` anywhere (and `help COMMAND…`), and `--version` on the root.
public struct ArgumentParser: Sendable {
  /// The program's command tree; its name is the program name.
  public var root: CommandSpec
  /// The text `--version` asks for.
  public var version: String
  /// The column at which help text wraps (the terminal width, or 80).
  public var width: Int

  /// Creates a parser.
  ///
  /// A spec with problems (see ``CommandSpec/specProblems``) is a programmer error, caught by
  /// an assertion in debug builds.
  ///
  /// - Parameters:
  ///   - root: The program's command tree.
  ///   - version: The text `--version` asks for.
  ///   - width: The column at which help text wraps.
  public init(root: CommandSpec, version: String, width: Int = 80) {
    assert(root.specProblems.isEmpty, root.specProblems.joined(separator: "\n"))
    self.root = root
    self.version = version
    self.width = width
  }

  /// Parses a command line.
  ///
  /// `--help` or `-h` anywhere before `--` asks for help on the command reached by the words
  /// before it, whatever else the line holds; only an unknown command word is still an error.
  ///
  /// - Parameter arguments: The arguments without the program name (`argv[0]`).
  /// - Returns: The command to run, help to print, or a request for the version.
  /// - Throws: A ``UsageError`` that says what is wrong and where to read more.
  /// - Complexity: O(*n* × *k*) for *n* arguments and *k* options per command.
  public func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
    let asksForHelp = arguments.prefix { $0 != "--" }.contains { $0 == "--help" || $0 == "-h" }
    var pass = ParsingPass(parser: self, tokens: arguments, isLenient: asksForHelp)
    return try pass.run()
  }

  /// Renders the help of a command, as `--help` shows it.
  ///
  /// - Parameter path: Command words, with or without the program name (`["run"]` or
  ///   `["intentflow", "run"]`); words past the known commands are ignored.
  /// - Returns: The help text, without a final newline.
  public func help(for path: [String]) -> String {
    HelpFormatter(commands: commands(along: path), width: width).render()
  }

  /// The usage line of a command, as help and errors show it: `intentflow run FILE [options]`.
  ///
  /// - Parameter path: Command words, with or without the program name.
  /// - Returns: The usage, without the `USAGE:` label.
  public func usage(for path: [String]) -> String {
    HelpFormatter.usage(for: commands(along: path))
  }

  /// The specs from the root down along `path`, stopping at the first unknown word.
  func commands(along path: [String]) -> [CommandSpec] {
    var words = path[...]
    if words.first == root.name { words = words.dropFirst() }
    var chain = [root]
    for word in words {
      guard let next = chain[chain.count - 1].subcommand(named: word) else { break }
      chain.append(next)
    }
    return chain
  }
}
