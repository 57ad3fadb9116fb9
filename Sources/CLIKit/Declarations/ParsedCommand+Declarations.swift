extension ParsedCommand {
  /// Whether a flag was given.
  public subscript(flag: Flag) -> Bool {
    self.flag(flag.spec.name)
  }

  /// How many times a flag was given, as for a repeatable `-v`.
  public func count(of flag: Flag) -> Int {
    count(flag.spec.name)
  }

  /// The value of a positional argument, or `nil` when it was left out; for a repeating
  /// argument, the first.
  public subscript(positional: Positional) -> String? {
    self.positional(positional.spec.name)
  }

  /// Every value of a positional argument, in command-line order.
  public func values(of positional: Positional) -> [String] {
    positionals(positional.spec.name)
  }

  /// The text of an option, or `nil` when it was not given; for a repeating option, the
  /// last.
  public subscript(option: Option<String>) -> String? {
    value(option.spec.name)
  }

  /// Every text given for an option, in command-line order.
  public func values(of option: Option<String>) -> [String] {
    values(option.spec.name)
  }

  /// The value of an option, or `nil` when it was not given; for a repeating option, the
  /// last.
  ///
  /// - Throws: A ``UsageError`` with the option's message when the text does not convert.
  public func value<Value>(of option: Option<Value>) throws(UsageError) -> Value? {
    guard let text = value(option.spec.name) else { return nil }
    return try converted(text, option)
  }

  /// Every value given for an option, in command-line order.
  ///
  /// - Throws: A ``UsageError`` with the option's message for the first text that does not
  ///   convert.
  public func values<Value>(of option: Option<Value>) throws(UsageError) -> [Value] {
    var result: [Value] = []
    for text in values(option.spec.name) { result.append(try converted(text, option)) }
    return result
  }

  private func converted<Value>(_ text: String, _ option: Option<Value>) throws(UsageError)
    -> Value
  {
    guard let value = option.convert(text) else { throw usageError(option.invalid(text)) }
    return value
  }
}
