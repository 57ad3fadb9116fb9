extension CommandSpec {
  /// Mistakes in the spec tree that would make command lines ambiguous, one sentence each;
  /// empty for a sound spec.
  ///
  /// It checks for repeated command, option, short-letter and argument names, names that
  /// clash with the built-in `help`, `-h` and (on the root) `--version`, malformed names, and
  /// more than one repeating argument. Test a program's spec with
  /// `#expect(root.specProblems.isEmpty)`; ``ArgumentParser/init(root:version:width:)`` also
  /// asserts it in debug builds.
  public var specProblems: [String] {
    problems(path: [name], isRoot: true)
  }

  private func problems(path: [String], isRoot: Bool) -> [String] {
    let here = path.joined(separator: " ")
    var problems: [String] = []
    func report(_ problem: String) { problems.append("'\(here)': \(problem)") }

    var longNames: Set<String> = isRoot ? ["help", "version"] : ["help"]
    var shortLetters: Set<Character> = ["h"]
    for option in options {
      if option.name.isEmpty || option.name.hasPrefix("-") || option.name.contains("=")
        || option.name.contains(" ")
      {
        report("option name '\(option.name)' must be a word without dashes, '=' or spaces")
      }
      if !longNames.insert(option.name).inserted {
        report("option '--\(option.name)' is declared twice or clashes with a built-in one")
      }
      if let short = option.short {
        if short == "-" || short == "=" || short.isWhitespace {
          report("short option '-\(short)' is not a letter")
        }
        if !shortLetters.insert(short).inserted {
          report("short option '-\(short)' is declared twice or clashes with '-h'")
        }
      }
    }

    var argumentNames: Set<String> = []
    for argument in arguments where !argumentNames.insert(argument.name).inserted {
      report("argument '\(argument.name)' is declared twice")
    }
    if arguments.count(where: \.isRepeating) > 1 {
      report("only one argument may be repeating")
    }

    var commandNames: Set<String> = ["help"]
    for subcommand in subcommands {
      if subcommand.name.isEmpty || subcommand.name.hasPrefix("-") {
        report("subcommand name '\(subcommand.name)' must be a word not starting with '-'")
      }
      if !commandNames.insert(subcommand.name).inserted {
        report("subcommand '\(subcommand.name)' is declared twice or clashes with 'help'")
      }
      problems += subcommand.problems(path: path + [subcommand.name], isRoot: false)
    }
    return problems
  }
}
