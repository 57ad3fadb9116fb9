import Suggestions

/// One left-to-right walk over a command line.
///
/// Words select subcommands until the first positional of a command that has none; options
/// are looked up in the command reached so far, so a parent's options go before its
/// subcommand. In lenient mode (the line asks for help) bad options and values are skipped
/// and the walk only finds which command's help to show; unknown command words still fail,
/// because a "did you mean" serves better than the parent's help.
struct ParsingPass {
  let parser: ArgumentParser
  let tokens: [String]
  let isLenient: Bool
  private var index = 0
  /// The commands selected so far, from the root; never empty.
  private var commands: [CommandSpec]
  private var positionals: [String] = []
  private var occurrences: [String: [String]] = [:]
  private var isAfterSeparator = false

  init(parser: ArgumentParser, tokens: [String], isLenient: Bool) {
    self.parser = parser
    self.tokens = tokens
    self.isLenient = isLenient
    self.commands = [parser.root]
  }

  private var current: CommandSpec { commands[commands.count - 1] }
  private var path: [String] { commands.map(\.name) }

  mutating func run() throws(UsageError) -> ParseOutcome {
    while index < tokens.count {
      let token = tokens[index]
      index += 1
      if let outcome = try consume(token) { return outcome }
    }
    return try finish()
  }

  // MARK: - Tokens

  private mutating func consume(_ token: String) throws(UsageError) -> ParseOutcome? {
    if isAfterSeparator {
      positionals.append(token)
      return nil
    }
    if token == "--" {
      isAfterSeparator = true
      return nil
    }
    if token.hasPrefix("--") { return try consumeLong(token.dropFirst(2)) }
    if isOptionLike(token) { return try consumeShort(token) }
    return try consumePositional(token)
  }

  /// Whether a word is an option rather than a value: `-` alone and negative numbers
  /// (unless a digit is a declared short option) are values.
  private func isOptionLike(_ token: String) -> Bool {
    guard token.hasPrefix("-"), token.count > 1 else { return false }
    if token.hasPrefix("--") { return true }
    let letter = token.dropFirst().first ?? "-"
    return !(letter.isASCII && letter.isNumber && current.option(short: letter) == nil)
  }

  private mutating func consumeLong(_ body: Substring) throws(UsageError) -> ParseOutcome? {
    let name: Substring
    let inline: Substring?
    if let equals = body.firstIndex(of: "=") {
      name = body[..<equals]
      inline = body[body.index(after: equals)...]
    } else {
      (name, inline) = (body, nil)
    }
    let spelled = "--" + name
    if let option = current.option(named: String(name)) {
      try record(option, spelled: spelled, inline: inline)
      return nil
    }
    let isVersion = name == "version" && commands.count == 1
    if name == "help" || isVersion {
      if let inline, !isLenient { throw flagGivenValue(spelled, inline) }
      return isVersion && !isLenient ? .version : nil
    }
    if isLenient { return nil }
    throw unknownOption(spelled, suggestion: suggestedOption(for: name))
  }

  private mutating func consumeShort(_ token: String) throws(UsageError) -> ParseOutcome? {
    var rest = token.dropFirst()
    while let letter = rest.first {
      rest = rest.dropFirst()
      if letter == "h" {
        if isLenient { continue }
        return .help(parser.help(for: path))
      }
      guard let option = current.option(short: letter) else {
        if isLenient { return nil }
        let asLong = token.count > 2 ? suggestedOption(for: token.dropFirst()) : nil
        throw unknownOption(asLong == nil ? "-\(letter)" : token, suggestion: asLong)
      }
      let spelled = "-\(letter)"
      if option.isFlag {
        if rest.first == "=" {
          if isLenient { return nil }
          throw flagGivenValue(spelled, rest.dropFirst())
        }
        add(option.name, "")
        continue
      }
      // A value option takes the rest of the cluster (`-ofile`, `-o=file`) or the next word.
      let inline = rest.isEmpty ? nil : rest.first == "=" ? rest.dropFirst() : rest
      try record(option, spelled: spelled, inline: inline)
      return nil
    }
    return nil
  }

  private mutating func consumePositional(_ token: String) throws(UsageError) -> ParseOutcome? {
    if !current.subcommands.isEmpty, positionals.isEmpty {
      if let subcommand = current.subcommand(named: token) {
        commands.append(subcommand)
        return nil
      }
      if token == "help" { return try helpCommand() }
      if current.arguments.isEmpty { throw unknownCommand(token, in: current, path: path) }
    }
    positionals.append(token)
    return nil
  }

  /// `help [COMMAND…]`: the help of the command the remaining words name.
  private func helpCommand() throws(UsageError) -> ParseOutcome {
    var chain = commands
    for word in tokens[index...] where !word.hasPrefix("-") {
      let target = chain[chain.count - 1]
      guard let next = target.subcommand(named: word) else {
        throw unknownCommand(word, in: target, path: chain.map(\.name))
      }
      chain.append(next)
    }
    return .help(parser.help(for: chain.map(\.name)))
  }

  // MARK: - Values

  private mutating func record(
    _ option: OptionSpec, spelled: String, inline: Substring?
  ) throws(UsageError) {
    if option.isFlag {
      if let inline {
        if isLenient { return }
        throw flagGivenValue(spelled, inline)
      }
      add(option.name, "")
      return
    }
    let value: String
    if let inline {
      value = String(inline)
    } else if index < tokens.count, !isOptionLike(tokens[index]) {
      value = tokens[index]
      index += 1
    } else {
      if isLenient { return }
      throw UsageError(
        "option '\(spelled)' needs a value, as in \(spelled) \(option.valueName ?? "VALUE")",
        commandPath: path, kind: .missingValue)
    }
    if !option.isRepeating, occurrences[option.name] != nil, !isLenient {
      throw UsageError(
        "option '\(spelled)' can be given only once", commandPath: path, kind: .duplicateOption)
    }
    add(option.name, value)
  }

  private mutating func add(_ name: String, _ value: String) {
    occurrences[name, default: []].append(value)
  }

  // MARK: - End

  private func finish() throws(UsageError) -> ParseOutcome {
    let isBareGroup =
      !current.subcommands.isEmpty && current.arguments.isEmpty && positionals.isEmpty
    if isLenient || isBareGroup { return .help(parser.help(for: path)) }

    let assignment = PositionalAssignment(positionals, to: current.arguments)
    // The usage line only for an error: every command line parses this far.
    if !assignment.missing.isEmpty {
      let names = assignment.missing.map(\.name).joined(separator: ", ")
      throw UsageError(
        "missing \(names); usage: \(HelpFormatter.usage(for: commands))", commandPath: path,
        kind: .missingArgument)
    }
    if let extra = assignment.extra.first {
      throw UsageError(
        "unexpected argument '\(extra)'; usage: \(HelpFormatter.usage(for: commands))",
        commandPath: path, kind: .unexpectedArgument)
    }
    let declared = Set(commands.flatMap { $0.options.map(\.name) })
    return .command(
      ParsedCommand(
        path: path, spec: current, arguments: assignment.values, occurrences: occurrences,
        declaredOptions: declared))
  }

  // MARK: - Errors

  /// The closest option of the current command to a mistyped name, with its dashes.
  private func suggestedOption(for name: Substring) -> String? {
    var candidates = current.options.map(\.name) + ["help"]
    if commands.count == 1 { candidates.append("version") }
    return Spelling.closest(to: String(name), among: candidates).map { "--" + $0 }
  }

  private func unknownOption(_ spelled: String, suggestion: String?) -> UsageError {
    var message = "unknown option '\(spelled)' for '\(path.joined(separator: " "))'"
    if let suggestion { message += "; did you mean '\(suggestion)'?" }
    return UsageError(message, commandPath: path, kind: .unknownOption)
  }

  private func flagGivenValue(_ spelled: String, _ value: Substring) -> UsageError {
    UsageError(
      "flag '\(spelled)' takes no value; remove '=\(value)'", commandPath: path,
      kind: .unexpectedValue)
  }

  private func unknownCommand(
    _ word: String, in command: CommandSpec, path: [String]
  ) -> UsageError {
    var message = "unknown command '\(word)'"
    if path.count > 1 { message += " for '\(path.joined(separator: " "))'" }
    let candidates = command.subcommands.map(\.name) + ["help"]
    if let suggestion = Spelling.closest(to: word, among: candidates) {
      message += "; did you mean '\(suggestion)'?"
    }
    return UsageError(message, commandPath: path, kind: .unknownCommand)
  }
}
