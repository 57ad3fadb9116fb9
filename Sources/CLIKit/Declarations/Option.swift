/// An option of a command that takes a value (`--count 3`), declared once with how its text
/// becomes a `Value`: the same value builds the ``CommandSpec`` and reads the parsed command
/// (``ParsedCommand/value(of:)``), so a misspelt option does not compile and a value that
/// does not convert is a ``UsageError`` with the option's own message.
///
/// ```swift
/// static let count = Option<Int>(
///   "count", valueName: "N", help: "How many.",
///   convert: { Int($0).flatMap { $0 > 0 ? $0 : nil } },
///   invalid: { "--count must be a whole number above 0, not '\($0)'" })
/// let count = try parsed.value(of: Self.count) ?? 5
/// ```
public struct Option<Value: Sendable>: Sendable {
  /// The option as the spec declares it.
  public let spec: OptionSpec
  let convert: @Sendable (String) -> Value?
  let invalid: @Sendable (String) -> String

  /// Declares an option.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: An optional short letter.
  ///   - valueName: The value placeholder shown in help and errors (`N`, `NAME=VALUE`).
  ///   - help: What the option does.
  ///   - isRepeating: Whether it may be given more than once.
  ///   - defaultDescription: The default as the help shows it.
  ///   - convert: The value a text stands for, or `nil` when it stands for none.
  ///   - invalid: The usage error's message for a text that does not convert (lowercase,
  ///     quoting the text, saying what to write).
  ///   - completion: What a shell completes for the value (``CompletionScript``).
  ///   - isHidden: Whether help and completion scripts leave it out.
  public init(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    isRepeating: Bool = false, defaultDescription: String? = nil,
    completion: ValueCompletion = .none, isHidden: Bool = false,
    convert: @escaping @Sendable (String) -> Value?,
    invalid: @escaping @Sendable (String) -> String
  ) {
    spec = .option(
      name, short: short, valueName: valueName, help: help, isRepeating: isRepeating,
      defaultDescription: defaultDescription, completion: completion, isHidden: isHidden)
    self.convert = convert
    self.invalid = invalid
  }
}

extension Option where Value == String {
  /// Declares an option whose value is the text given.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: An optional short letter.
  ///   - valueName: The value placeholder shown in help and errors.
  ///   - help: What the option does.
  ///   - isRepeating: Whether it may be given more than once.
  ///   - defaultDescription: The default as the help shows it.
  ///   - completion: What a shell completes for the value (``CompletionScript``).
  ///   - isHidden: Whether help and completion scripts leave it out.
  public init(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    isRepeating: Bool = false, defaultDescription: String? = nil,
    completion: ValueCompletion = .none, isHidden: Bool = false
  ) {
    self.init(
      name, short: short, valueName: valueName, help: help, isRepeating: isRepeating,
      defaultDescription: defaultDescription, completion: completion, isHidden: isHidden,
      convert: { $0 }, invalid: { $0 })
  }
}
