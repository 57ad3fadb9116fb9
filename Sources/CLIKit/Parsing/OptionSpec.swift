/// A named option (`--input NAME=VALUE`) or flag (`--json`, `-y`) of a command.
public struct OptionSpec: Sendable, Hashable {
  /// The long name without dashes (`input` for `--input`), used to look the value up.
  public var name: String
  /// The optional one-letter short form (`y` for `-y`).
  public var short: Character?
  /// The placeholder for the option's value (`NAME=VALUE`), or `nil` for a flag.
  public var valueName: String?
  /// What the option does, shown in the `OPTIONS:` section.
  public var help: String
  /// Whether it may be given more than once; each value is kept, in order.
  public var isRepeating: Bool
  /// The default as the help shows it (`30s`), or `nil` to show none.
  ///
  /// Only documentation: an absent option has no value, and the command applies its default.
  public var defaultDescription: String?
  /// What a shell completes for the option's value (see ``CompletionScript``).
  public var completion: ValueCompletion
  /// Whether help and completion scripts leave the option out: it is for the program's own
  /// use (as `completions --values`), though it parses as any other.
  public var isHidden: Bool

  /// Creates an option or flag.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: An optional short letter.
  ///   - valueName: The value placeholder, or `nil` for a flag.
  ///   - help: What the option does.
  ///   - isRepeating: Whether it may be given more than once.
  ///   - defaultDescription: The default as the help shows it.
  ///   - completion: What a shell completes for the value.
  ///   - isHidden: Whether help and completion scripts leave it out.
  public init(
    _ name: String, short: Character? = nil, valueName: String? = nil, help: String,
    isRepeating: Bool = false, defaultDescription: String? = nil,
    completion: ValueCompletion = .none, isHidden: Bool = false
  ) {
    self.name = name
    self.short = short
    self.valueName = valueName
    self.help = help
    self.isRepeating = isRepeating
    self.defaultDescription = defaultDescription
    self.completion = completion
    self.isHidden = isHidden
  }

  /// Creates a flag: an option that takes no value.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: An optional short letter.
  ///   - help: What the flag does.
  ///   - isRepeating: Whether it may be given more than once (as in `-vv`).
  /// - Returns: The flag's spec.
  public static func flag(
    _ name: String, short: Character? = nil, help: String, isRepeating: Bool = false
  ) -> OptionSpec {
    OptionSpec(name, short: short, help: help, isRepeating: isRepeating)
  }

  /// Creates an option that takes a value.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: An optional short letter.
  ///   - valueName: The value placeholder shown in help and errors (`NAME=VALUE`).
  ///   - help: What the option does.
  ///   - isRepeating: Whether it may be given more than once.
  ///   - defaultDescription: The default as the help shows it.
  ///   - completion: What a shell completes for the value.
  ///   - isHidden: Whether help and completion scripts leave it out.
  /// - Returns: The option's spec.
  public static func option(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    isRepeating: Bool = false, defaultDescription: String? = nil,
    completion: ValueCompletion = .none, isHidden: Bool = false
  ) -> OptionSpec {
    OptionSpec(
      name, short: short, valueName: valueName, help: help, isRepeating: isRepeating,
      defaultDescription: defaultDescription, completion: completion, isHidden: isHidden)
  }

  /// Whether the option is a flag, taking no value.
  public var isFlag: Bool { valueName == nil }

  /// The long form with its dashes: `--input`.
  public var longForm: String { "--" + name }

  /// The option's label in help: `-i, --input NAME=VALUE`.
  var label: String {
    var label = short.map { "-\($0), " } ?? ""
    label += longForm
    if let valueName { label += " " + valueName }
    return label
  }
}
