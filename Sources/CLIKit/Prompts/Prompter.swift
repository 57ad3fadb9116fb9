/// Asks the user for text, a choice or a confirmation, on standard error by default (standard
/// output carries the program's results).
///
/// Each question is asked again after an empty or unusable answer, with a short reason; every
/// method returns `nil` when input ends, so a caller can fail with "a value was needed".
/// Tests drive it with ``LineInput/lines(_:)`` and an ``OutputRecorder``.
public struct Prompter: Sendable {
  /// Where answers come from.
  public var input: LineInput
  /// Where questions go.
  public var output: TextOutput
  /// The styling of questions (bold) and complaints (yellow).
  public var style: Style

  /// Creates a prompter.
  ///
  /// - Parameters:
  ///   - input: Where answers come from.
  ///   - output: Where questions go.
  ///   - style: The styling, usually ``Terminal/errorStyle``.
  public init(
    input: LineInput = .standardInput, output: TextOutput = .standardError, style: Style = .plain
  ) {
    self.input = input
    self.output = output
    self.style = style
  }

  /// Asks for a line of text, offering numbered suggestions.
  ///
  /// ```
  /// Title of the todo
  ///   1. Buy milk
  ///   2. Call mum
  /// Enter 1-2 or a value: _
  /// ```
  ///
  /// A number from 1 to the count picks that suggestion; any other answer is taken as typed
  /// (trimmed), so a literal number in range cannot be given while suggestions are shown.
  ///
  /// - Parameters:
  ///   - prompt: The question; without suggestions it is followed by a space and the answer.
  ///   - suggestions: Values to offer; may be empty.
  /// - Returns: The answer or the picked suggestion; `nil` if input ended.
  public func ask(_ prompt: String, suggestions: [String] = []) async -> String? {
    let question: String
    if suggestions.isEmpty {
      question = style.bold(prompt) + " "
    } else {
      showList(prompt, suggestions)
      question = "Enter \(range(suggestions.count)) or a value: "
    }
    while true {
      guard let answer = await read(question) else { return nil }
      if answer.isEmpty { continue }
      if let number = Int(answer), suggestions.indices.contains(number - 1) {
        return suggestions[number - 1]
      }
      return answer
    }
  }

  /// Asks for a secret (a password, a token) without showing what is typed.
  ///
  /// On a terminal the echo is turned off for the answer and back on as soon as the read
  /// ends — with a line, at the end of input, or when the task is cancelled (Ctrl-C) — and
  /// the question's line is ended, since the Return key no longer is. The answer is not
  /// trimmed: spaces may be part of a secret. An empty answer asks again.
  ///
  /// - Parameter prompt: The question, followed by a space.
  /// - Returns: The answer; `nil` if input ended.
  public func askSecret(_ prompt: String) async -> String? {
    let question = style.bold(prompt) + " "
    while true {
      // Off before the question shows, so nothing typed once it is seen can be echoed.
      let showTyping = input.hideTyping()
      output.write(question)
      output.flush()
      let line = await withTaskCancellationHandler {
        await input.readLine()
      } onCancel: {
        showTyping?()
      }
      showTyping?()
      if showTyping != nil || line == nil { output.write("\n") }
      guard let line else { return nil }
      let answer = line.hasSuffix("\r") ? String(line.dropLast()) : line
      if !answer.isEmpty { return answer }
    }
  }

  /// Asks the user to pick one of several options from a numbered list.
  ///
  /// The answer may be the option's number, or its text or the start of it, or any part of
  /// it that no other option shares, all ignoring case. An answer that matches none or
  /// several is explained and the question asked again.
  ///
  /// - Parameters:
  ///   - prompt: The question, shown above the list.
  ///   - options: The options, shown numbered from 1.
  /// - Returns: The zero-based index of the chosen option; `nil` if input ended or there
  ///   are no options.
  public func choose(_ prompt: String, options: [String]) async -> Int? {
    guard !options.isEmpty else { return nil }
    showList(prompt, options)
    let question = "Enter \(range(options.count)) or a name: "
    while true {
      guard let answer = await read(question) else { return nil }
      if answer.isEmpty { continue }
      switch Self.match(answer, in: options) {
      case .chosen(let index):
        return index
      case .outOfRange:
        complain("there is no option \(answer)")
      case .none:
        complain("no option matches '\(answer)'")
      case .several(let indices):
        let names = indices.map { options[$0] }.joined(separator: ", ")
        complain("'\(answer)' matches \(indices.count) options: \(names)")
      }
    }
  }

  /// Asks a yes-or-no question.
  ///
  /// Accepts `y`, `yes`, `n` and `no` in any case; an empty answer takes the default when
  /// there is one, shown by a capital in `[Y/n]` or `[y/N]`.
  ///
  /// - Parameters:
  ///   - prompt: The question.
  ///   - default: The answer an empty line gives, or `nil` to insist on one.
  /// - Returns: The answer; `nil` if input ended.
  public func confirm(_ prompt: String, default defaultAnswer: Bool? = nil) async -> Bool? {
    let choices =
      switch defaultAnswer {
      case true?: "[Y/n]"
      case false?: "[y/N]"
      case nil: "[y/n]"
      }
    let question = "\(style.bold(prompt)) \(choices) "
    while true {
      guard let answer = await read(question) else { return nil }
      switch answer.lowercased() {
      case "y", "yes": return true
      case "n", "no": return false
      case "":
        if let defaultAnswer { return defaultAnswer }
      default:
        complain("please answer yes or no")
      }
    }
  }

  // MARK: - Matching

  /// How an answer to ``choose(_:options:)`` relates to the options.
  enum Match: Equatable {
    case chosen(Int)
    case outOfRange
    case none
    case several([Int])
  }

  /// Matches an answer to options: a number, then the whole text, then a unique prefix, then
  /// a unique part, all ignoring case.
  static func match(_ answer: String, in options: [String]) -> Match {
    if let number = Int(answer) {
      return options.indices.contains(number - 1) ? .chosen(number - 1) : .outOfRange
    }
    let wanted = answer.lowercased()
    let names = options.map { $0.lowercased() }
    if let exact = names.firstIndex(of: wanted) { return .chosen(exact) }
    for test in [{ $0.hasPrefix(wanted) }, { $0.contains(wanted) }] as [(String) -> Bool] {
      let found = names.indices.filter { test(names[$0]) }
      switch found.count {
      case 0: continue
      case 1: return .chosen(found[0])
      default: return .several(found)
      }
    }
    return .none
  }

  // MARK: - Output

  private func showList(_ prompt: String, _ items: [String]) {
    let digits = String(items.count).count
    var text = style.bold(prompt) + "\n"
    for (offset, item) in items.enumerated() {
      let number = String(offset + 1)
      text += "  " + String(repeating: " ", count: digits - number.count) + number + ". "
      text += item + "\n"
    }
    output.write(text)
  }

  private func range(_ count: Int) -> String {
    count == 1 ? "1" : "1-\(count)"
  }

  private func complain(_ message: String) {
    output.writeLine(style.yellow(message))
  }

  /// Writes the question and reads a trimmed answer; at the end of input, ends the
  /// question's line so that whatever comes next starts on a fresh one.
  private func read(_ question: String) async -> String? {
    output.write(question)
    output.flush()
    guard let line = await input.readLine() else {
      output.write("\n")
      return nil
    }
    return line.trimmed
  }
}
