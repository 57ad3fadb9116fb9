/// A declarative description of one command: its name, help, positionals, options and
/// subcommands.
///
/// A tree of specs describes a whole program. The root's `name` is the program name
/// (`intentflow`); every other spec is a subcommand (`run`, `schedule add`). `--help`/`-h`
/// is understood by every command and `--version` by the root, so neither is declared here.
///
/// ```swift
/// let run = CommandSpec(
///   "run", abstract: "Run a workflow file.",
///   arguments: [ArgumentSpec("FILE", help: "The workflow to run.")],
///   options: [
///     .option("input", short: "i", valueName: "NAME=VALUE", help: "Set an input.",
///       isRepeating: true),
///     .flag("json", help: "Print one JSON object."),
///   ])
/// ```
public struct CommandSpec: Sendable, Hashable {
  /// The word that selects the command on the command line, or the program name for the root.
  public var name: String
  /// A one-sentence summary, shown after `OVERVIEW:` and in the parent's command list.
  public var abstract: String
  /// Longer explanation shown under the overview; paragraphs are separated by blank lines.
  public var discussion: String?
  /// The positional arguments, in the order they are given.
  public var arguments: [ArgumentSpec]
  /// The options and flags, in the order the help lists them.
  public var options: [OptionSpec]
  /// The commands nested under this one, in the order the help lists them.
  public var subcommands: [CommandSpec]
  /// Complete command lines shown under `EXAMPLES:`, one per line.
  public var examples: [String]

  /// Creates a command spec.
  ///
  /// - Parameters:
  ///   - name: The command word, or the program name for the root.
  ///   - abstract: A one-sentence summary.
  ///   - discussion: Optional longer help text.
  ///   - arguments: Positional arguments; at most one repeating, placed last.
  ///   - options: Options and flags (not `help` or `version`, which are built in).
  ///   - subcommands: Nested commands.
  ///   - examples: Example command lines.
  public init(
    _ name: String, abstract: String, discussion: String? = nil,
    arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
    subcommands: [CommandSpec] = [], examples: [String] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.subcommands = subcommands
    self.examples = examples
  }

  /// Returns the direct subcommand with the given name, if any.
  public func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }

  /// Returns the option with the given long name (without dashes), if any.
  public func option(named name: String) -> OptionSpec? {
    options.first { $0.name == name }
  }

  /// Returns the option whose short letter is `letter`, if any.
  public func option(short letter: Character) -> OptionSpec? {
    options.first { $0.short == letter }
  }
}
