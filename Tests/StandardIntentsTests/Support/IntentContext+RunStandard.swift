import IntentKit
import StandardIntents

@testable import DataIntents

extension IntentContext {
  /// Runs the standard intent `identifier` in this context through its whole lifecycle, as a
  /// workflow step would: what every harness's `run` does with its own dependencies.
  func runStandard(
    _ identifier: IntentIdentifier, _ arguments: [String: Value] = [:], step: String? = nil,
    interaction: any InteractionHandler = NonInteractiveHandler(),
    options: IntentInvocation.Options = IntentInvocation.Options()
  ) async throws(IntentFlowError) -> IntentInvocation.Result {
    guard let descriptor = StandardIntents.registry.intent(identifier) else {
      preconditionFailure("no intent \(identifier)")
    }
    return try await IntentInvocation(
      descriptor, arguments: arguments, step: step, interaction: interaction, context: self,
      options: options
    ).run()
  }
}
