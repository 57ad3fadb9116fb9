public import IntentKit

/// `ask.text`: asks the person running the workflow for text.
///
/// The question is asked before the step's handle, as parameter prompts are, so the step
/// timeout does not run while a person types. Without a terminal (cron, pipes,
/// `--non-interactive`) the default is taken; with no default the run stops with exit code 3.
public struct AskText: AppIntent {
  public static let identifier: IntentIdentifier = "ask.text"
  public static let title = "Ask for Input"
  public static let description =
    "Asks for text on the terminal. Without one, returns the default, or stops the run "
    + "(exit 3) when there is none."
  public static let parameterSummary: String? = "Ask {prompt}"

  @Parameter(
    title: "Prompt", description: "The question.", requestValueDialog: "What should be asked?")
  public var prompt: String

  @Parameter(title: "Default", description: "The answer when nobody can be asked.")
  public var `default`: String?

  private let answer = AnswerBox()

  public init() {}

  public func confirm() async throws -> ConfirmationResult {
    let context = IntentContext.current
    let step = context.stepLabel(Self.identifier)
    let parameter = ParameterDescriptor(
      name: "answer", title: "Answer", type: .text, isOptional: `default` != nil,
      defaultValue: `default`.map(Value.text), prompt: prompt)
    let request = ValueRequest(
      step: step, intent: Self.identifier, parameter: parameter, prompt: prompt,
      suggestions: `default`.map { [.text($0)] } ?? [])
    if let given = try await context.interaction.requestValue(request) {
      answer.value = .text(given.textDescription)
    } else if let fallback = `default` {
      answer.value = .text(fallback)
    } else {
      throw IntentFlowError(
        .needsValue,
        "step '\(step)' needs an answer: \(prompt) (run it on a terminal, or give ask.text a "
          + "default)", step: step, parameter: "prompt")
    }
    return .ready
  }

  public func perform() async throws -> IntentResult<String> {
    .result(value: answer.value?.textDescription ?? `default` ?? "")
  }
}
