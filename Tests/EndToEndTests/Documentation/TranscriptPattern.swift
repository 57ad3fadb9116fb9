import Foundation

/// The output a page shows for a command, as a pattern that the actual output must match
/// line for line, exactly but for the placeholders of `Docs/WritingDocs.md`:
///
/// | in the page | matches |
/// | --- | --- |
/// | a line that is only `…` (indented or not) | any number of lines, none included |
/// | `…` inside a line | any text on that line |
/// | `<TIME>` | a date or an ISO 8601 timestamp: `2026-12-01`, `2026-12-01T07:30:00+01:00` |
/// | `<DURATION>` | a number with a unit: `1.2 ms`, `0.021s`, `31 ms`, `2m` |
/// | `<NUMBER>` | a number: `17538`, `1.676`, `-3` |
/// | `<ID>` | one word of letters, digits and `-`: a UUID, a content hash, a run number |
/// | `<PATH>` | an absolute path: `/` and what follows up to a space or quote |
struct TranscriptPattern: Sendable {
  /// One line of the pattern.
  enum Line: Sendable {
    /// Any number of lines; `text` is the line as the page has it.
    case elision(text: String)
    /// One line matching the expression (anchored), made from `text`.
    case line(text: String, pattern: String)
  }

  let lines: [Line]

  /// The placeholders and what each matches, as regular expressions.
  static let placeholders: [(token: String, pattern: String)] = [
    (
      "<TIME>",
      #"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?"#
    ),
    ("<DURATION>", #"\d+(?:\.\d+)? ?(?:ns|µs|us|ms|s|m|h|d)"#),
    ("<NUMBER>", #"-?\d+(?:\.\d+)?"#),
    ("<ID>", #"[0-9A-Za-z][0-9A-Za-z-]*"#),
    ("<PATH>", #"/[^\s'"]*"#),
  ]

  init(_ expected: [String]) {
    lines = expected.map { text in
      if text.trimmingCharacters(in: .whitespaces) == "…" { return .elision(text: text) }
      return .line(text: text, pattern: Self.expression(for: text))
    }
  }

  /// The anchored regular expression of one line of the page.
  static func expression(for text: String) -> String {
    var pattern = "^"
    var rest = Substring(text)
    while !rest.isEmpty {
      if rest.hasPrefix("…") {
        pattern += ".*?"
        rest = rest.dropFirst()
        continue
      }
      if let (token, expression) = placeholders.first(where: { rest.hasPrefix($0.token) }) {
        pattern += expression
        rest = rest.dropFirst(token.count)
        continue
      }
      // The literal text up to the next placeholder or ellipsis.
      var literal = ""
      while let character = rest.first, character != "…",
        !placeholders.contains(where: { rest.hasPrefix($0.token) })
      {
        literal.append(character)
        rest = rest.dropFirst()
      }
      pattern += NSRegularExpression.escapedPattern(for: literal)
    }
    return pattern + "$"
  }

  /// Whether the pattern line matches `actual`.
  static func matches(_ pattern: String, _ actual: String) -> Bool {
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
    let range = NSRange(actual.startIndex..., in: actual)
    return expression.firstMatch(in: actual, range: range) != nil
  }

  /// Whether the lines match the whole pattern.
  func matches(_ actual: [String]) -> Bool {
    // memo[i][j]: whether lines[i...] matches actual[j...].
    var memo: [[Bool?]] = Array(
      repeating: Array(repeating: nil, count: actual.count + 1), count: lines.count + 1)
    func match(_ i: Int, _ j: Int) -> Bool {
      if let known = memo[i][j] { return known }
      let result: Bool
      if i == lines.count {
        result = j == actual.count
      } else {
        switch lines[i] {
        case .elision:
          result = match(i + 1, j) || (j < actual.count && match(i, j + 1))
        case .line(_, let pattern):
          result = j < actual.count && Self.matches(pattern, actual[j]) && match(i + 1, j + 1)
        }
      }
      memo[i][j] = result
      return result
    }
    return match(0, 0)
  }

  /// Which pattern line each actual line goes with, found as a longest common subsequence
  /// of matching lines: for the diff of a failure and for re-recording.
  ///
  /// - Returns: For each actual line, the index of its pattern line, or `nil`.
  func alignment(of actual: [String]) -> [Int?] {
    let count = lines.count
    // length[i][j]: the longest alignment of lines[i...] with actual[j...].
    var length = Array(repeating: Array(repeating: 0, count: actual.count + 1), count: count + 1)
    func pairs(_ i: Int, _ j: Int) -> Bool {
      guard case .line(_, let pattern) = lines[i] else { return false }
      return Self.matches(pattern, actual[j])
    }
    var matching = Array(repeating: Array(repeating: false, count: actual.count), count: count)
    for i in 0..<count { for j in 0..<actual.count { matching[i][j] = pairs(i, j) } }
    for i in stride(from: count - 1, through: 0, by: -1) {
      for j in stride(from: actual.count - 1, through: 0, by: -1) {
        length[i][j] =
          matching[i][j]
          ? length[i + 1][j + 1] + 1 : max(length[i + 1][j], length[i][j + 1])
      }
    }
    var result = [Int?](repeating: nil, count: actual.count)
    var (i, j) = (0, 0)
    while i < count, j < actual.count {
      if matching[i][j], length[i][j] == length[i + 1][j + 1] + 1 {
        result[j] = i
        i += 1
        j += 1
      } else if length[i + 1][j] >= length[i][j + 1] {
        i += 1
      } else {
        j += 1
      }
    }
    return result
  }

  /// A diff of the page's lines against the actual ones: `  ` both, `- ` only the page,
  /// `+ ` only the output.
  func diff(_ actual: [String]) -> String {
    let aligned = alignment(of: actual)
    var output: [String] = []
    var next = 0
    func flush(upTo end: Int) {
      while next < end {
        switch lines[next] {
        case .elision(let text): output.append("  " + text)
        case .line(let text, _): output.append("- " + text)
        }
        next += 1
      }
    }
    for (j, line) in actual.enumerated() {
      if let i = aligned[j] {
        flush(upTo: i)
        output.append("  " + line)
        next = i + 1
      } else {
        output.append("+ " + line)
      }
    }
    flush(upTo: lines.count)
    return output.joined(separator: "\n")
  }

  /// What the page should show instead, for re-recording: the actual lines, except that a
  /// line the old pattern matched keeps the pattern's text (its placeholders), and new lines
  /// where the old pattern elided some are elided again.
  func rerecorded(_ actual: [String]) -> [String] {
    let aligned = alignment(of: actual)
    var result: [String] = []
    var previous = -1
    var run: [String] = []
    func closeGap(before next: Int) {
      let elision = lines[(previous + 1)..<next].lazy.compactMap { line -> String? in
        if case .elision(let text) = line { return text } else { return nil }
      }.first
      if let elision { result.append(elision) } else { result += run }
      run = []
    }
    for (j, line) in actual.enumerated() {
      if let i = aligned[j], case .line(let text, _) = lines[i] {
        closeGap(before: i)
        result.append(text)
        previous = i
      } else {
        run.append(line)
      }
    }
    closeGap(before: lines.count)
    return result
  }
}
