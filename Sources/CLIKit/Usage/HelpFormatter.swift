/// Renders a command's help in the layout of swift-argument-parser: `OVERVIEW`, `USAGE`,
/// `ARGUMENTS`, `OPTIONS`, `SUBCOMMANDS` and `EXAMPLES`, with labels in a left column and
/// their text wrapped in a right one.
struct HelpFormatter {
  /// The specs from the root down to the command whose help this is; never empty.
  var commands: [CommandSpec]
  /// The column at which text wraps.
  var width: Int

  private var command: CommandSpec { commands[commands.count - 1] }
  private var lineWidth: Int { max(width, 40) }
  /// Where the right column starts: 26 on an 80-column terminal, as in swift-argument-parser.
  private var column: Int { min(26, lineWidth / 3) }

  /// The usage line of the last command in `commands`: the command words, `<command>` for a
  /// group, the positionals, and `[options]` when the command declares any.
  static func usage(for commands: [CommandSpec]) -> String {
    var words = commands.map(\.name)
    guard let command = commands.last else { return "" }
    if !command.subcommands.isEmpty {
      words.append(command.arguments.isEmpty ? "<command>" : "[<command>]")
    }
    words += command.arguments.map(\.usage)
    if command.options.contains(where: { !$0.isHidden }) { words.append("[options]") }
    return words.joined(separator: " ")
  }

  /// The whole help text, without a final newline.
  func render() -> String {
    var sections: [String] = []
    if !command.abstract.isEmpty {
      sections.append(
        ("OVERVIEW: " + command.abstract).wrapped(to: lineWidth).joined(separator: "\n"))
    }
    if let discussion = command.discussion, !discussion.isEmpty {
      sections.append(paragraphs(discussion))
    }
    let usage = "USAGE: " + Self.usage(for: commands)
    sections.append(usage.wrapped(to: lineWidth, hangingIndent: 7).joined(separator: "\n"))
    if !command.arguments.isEmpty {
      sections.append(section("ARGUMENTS:", command.arguments.map { ($0.name, $0.help) }))
    }
    sections.append(section("OPTIONS:", optionRows))
    if !command.subcommands.isEmpty {
      let rows = command.subcommands.map { ($0.name, $0.abstract) }
      let helpPath = [commands[0].name, "help"] + commands.dropFirst().map(\.name)
      let pointer = "  See '\(helpPath.joined(separator: " ")) <command>' for detailed help."
      sections.append(section("SUBCOMMANDS:", rows) + "\n\n" + pointer)
    }
    if !command.examples.isEmpty {
      sections.append((["EXAMPLES:"] + command.examples.map { "  " + $0 }).joined(separator: "\n"))
    }
    return sections.joined(separator: "\n\n")
  }

  private var optionRows: [(String, String)] {
    var rows = command.options.filter { !$0.isHidden }.map { option in
      let help = option.defaultDescription.map { "\(option.help) (default: \($0))" }
      return (option.label, help ?? option.help)
    }
    if commands.count == 1 { rows.append(("--version", "Show the version.")) }
    rows.append(("-h, --help", "Show help information."))
    return rows
  }

  /// A titled list of label/text rows; a label too wide for the left column gets its own
  /// line, and the text starts under the column on the next.
  private func section(_ title: String, _ rows: [(label: String, text: String)]) -> String {
    var lines = [title]
    for row in rows {
      let label = "  " + row.label
      let text = row.text.wrapped(to: max(lineWidth - column, 20))
      let indent = String(repeating: " ", count: column)
      guard let first = text.first else {
        lines.append(label)
        continue
      }
      if label.displayWidth + 2 <= column {
        lines.append(label.padded(to: column) + first)
      } else {
        lines.append(label)
        lines.append(indent + first)
      }
      lines += text.dropFirst().map { indent + $0 }
    }
    return lines.joined(separator: "\n")
  }

  /// The discussion, its paragraphs re-wrapped; a paragraph with indented lines is kept as
  /// written, so that code and lists survive.
  private func paragraphs(_ text: String) -> String {
    let paragraphs = text.split(separator: "\n\n", omittingEmptySubsequences: true)
    return paragraphs.map { paragraph in
      let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false)
      if lines.contains(where: { $0.first?.isWhitespace == true }) {
        return String(paragraph)
      }
      return lines.joined(separator: " ").wrapped(to: lineWidth).joined(separator: "\n")
    }.joined(separator: "\n\n")
  }
}
