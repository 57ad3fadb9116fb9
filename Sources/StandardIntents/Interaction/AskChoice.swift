public import IntentKit

/// `ask.choose`: asks the person running the workflow to pick from a list.
///
/// One item is taken without asking. Without a terminal the run stops with exit code 3 and
/// the items as candidates. With `multiple`, each pick is asked in turn until "(done)".
public struct AskChoice: AppIntent {
  public static let identifier: IntentIdentifier = "ask.choose"
  public static let title = "Choose from List"
  public static let description =
    "Asks to pick one item of a list (or several, with multiple) on the terminal; a list of "
    + "one is taken without asking. Without a terminal the run stops (exit 3)."
  public static let parameterSummary: String? = "Choose from {items}"

  /// The extra option that ends a multiple choice.
  public static let doneOption = "(done)"

  @Parameter(title: "Prompt", description: "The question.")
  public var prompt: String = "Choose an item"

  @Parameter(
    title: "Items", description: "What to choose from.", requestValueDialog: "Which items?")
  public var items: [Value]

  @Parameter(title: "Multiple", description: "Whether several items may be chosen (a list).")
  public var multiple: Bool = false

  private let answer = AnswerBox()

  public init() {}

  public func confirm() async throws -> ConfirmationResult {
    guard !items.isEmpty else {
      return .failure(reason: "there is nothing to choose from: the list of items is empty")
    }
    if items.count == 1 {
      answer.value = multiple ? .list(items) : items[0]
      return .ready
    }
    let context = IntentContext.current
    let step = context.stepLabel(Self.identifier)
    let parameter = ParameterDescriptor(
      name: "items", title: "Items", type: .list(.any), prompt: prompt)
    var remaining = items
    var chosen: [Value] = []
    repeat {
      let candidates = chosen.isEmpty ? remaining : remaining + [.text(Self.doneOption)]
      let question =
        chosen.isEmpty
        ? prompt : "\(prompt) (\(chosen.count) chosen; pick \(Self.doneOption) to finish)"
      let request = ChoiceRequest(
        step: step, intent: Self.identifier, parameter: parameter, prompt: question,
        candidates: candidates)
      guard let index = try await context.interaction.requestChoice(request),
        candidates.indices.contains(index)
      else {
        let names = items.prefix(10).map { "'\($0.textDescription)'" }.joined(separator: ", ")
        throw IntentFlowError(
          .disambiguation,
          "step '\(step)' needs a choice: \(prompt) (candidates: \(names)\(items.count > 10 ? ", …" : ""))",
          step: step, parameter: "items", candidates: items)
      }
      if index == remaining.count { break }  // (done)
      chosen.append(remaining.remove(at: index))
    } while multiple && !remaining.isEmpty
    answer.value = multiple ? .list(chosen) : chosen[0]
    return .ready
  }

  public func perform() async throws -> IntentResult<Value> {
    .result(value: answer.value ?? .null)
  }
}
