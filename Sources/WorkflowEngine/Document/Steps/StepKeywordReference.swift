/// The keyword reference of steps in `Docs/WorkflowFormat.md` (the table of step kinds and
/// the table of step options), generated from ``StepKind`` and ``StepOption`` so that it
/// cannot drift from what the decoder accepts. Each table sits between a begin and an end
/// marker; `StepKeywordReferenceTests` checks the page, and rewrites it when run with
/// `INTENTFLOW_RECORD_GOLDEN=1`.
enum StepKeywordReference {
  /// A generated part of the page: its name in the markers, and its lines.
  struct Section {
    var name: String
    var lines: [String]

    var begin: String { "<!-- generated from StepKind and StepOption: \(name); do not edit -->" }
    var end: String { "<!-- end of generated: \(name) -->" }
  }

  static var sections: [Section] {
    [Section(name: "step kinds", lines: kinds), Section(name: "step options", lines: options)]
  }

  /// The table of step kinds: what makes a step each kind, and what it does.
  static var kinds: [String] {
    ["| kind | key | what it does |", "| --- | --- | --- |"]
      + StepKind.definitions.map { kind in
        let key = kind.ownsCondition ? "`if` with `\(kind.marker)`" : "`\(kind.marker)`"
        return "| \(kind.title) | \(key) | \(kind.summary) |"
      }
  }

  /// The table of the options steps share: value, default and which steps take each.
  static var options: [String] {
    let owners = StepKind.definitions.filter(\.ownsCondition).map { "a \($0.title)" }
    return ["| key | value | default | applies to |", "| --- | --- | --- | --- |"]
      + StepOption.all.map { option in
        var appliesTo = option.scope == .intentSteps ? "intent steps" : "every step"
        if option == .condition, !owners.isEmpty {
          appliesTo += " except " + owners.joined(separator: " or ")
        }
        if option.isIgnored { appliesTo += "; ignored by the engine" }
        return "| `\(option.name)` | \(option.valueDescription) | \(option.defaultDescription) "
          + "| \(appliesTo) |"
      }
  }

  /// `page` with each section's lines, between its markers, made from the tables now.
  /// A section whose markers are missing is left out; ``missingSections(in:)`` names them.
  static func updated(_ page: String) -> String {
    var lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for section in sections {
      guard let begin = lines.firstIndex(of: section.begin),
        let end = lines[begin...].firstIndex(of: section.end)
      else { continue }
      lines.replaceSubrange((begin + 1)..<end, with: section.lines)
    }
    return lines.joined(separator: "\n")
  }

  /// The names of the sections whose begin or end marker `page` lacks.
  static func missingSections(in page: String) -> [String] {
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return sections.filter { section in
      guard let begin = lines.firstIndex(of: section.begin) else { return true }
      return lines[begin...].firstIndex(of: section.end) == nil
    }.map(\.name)
  }
}
