import CLIKit
import IntentKit

/// Asks a person on the terminal: values with suggestions, choices, yes or no.
struct TerminalInteraction: InteractionHandler {
  var prompter: Prompter
  var style: Style

  func requestValue(_ request: ValueRequest) async throws -> Value? {
    if let reason = request.reason {
      prompter.output.writeLine(style.yellow("\(request.step): \(capitalized(reason))."))
    }
    if request.isSecret {
      let answer = await prompter.askSecret("\(request.step) › \(request.prompt)")
      try Task.checkCancellation()
      return answer.map(Value.text)
    }
    let labels = request.suggestions.map(Self.label)
    let answer = await prompter.ask("\(request.step) › \(request.prompt)", suggestions: labels)
    // A cancelled run's prompt ends as if at the end of input: that is a cancellation.
    try Task.checkCancellation()
    guard let answer else { return nil }
    if let index = labels.firstIndex(of: answer) { return request.suggestions[index] }
    return .text(answer)
  }

  func requestChoice(_ request: ChoiceRequest) async throws -> Int? {
    let index = await prompter.choose(
      "\(request.step) › \(request.prompt)", options: request.candidates.map(Self.label))
    try Task.checkCancellation()
    return index
  }

  func requestConfirmation(_ request: ConfirmationRequest) async throws -> Bool? {
    let answer = await prompter.confirm("\(request.step) › \(request.prompt)", default: nil)
    try Task.checkCancellation()
    return answer
  }

  /// An entity as its title and subtitle; other values as text.
  static func label(_ value: Value) -> String {
    guard case .entity(let entity) = value else { return value.textDescription }
    let display = entity.displayRepresentation
    return display.subtitle.map { "\(display.title) (\($0))" } ?? display.title
  }

  private func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}
