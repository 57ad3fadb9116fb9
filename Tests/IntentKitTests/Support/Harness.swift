import Foundation

@testable import IntentKit

/// Runs test intents through ``IntentInvocation`` with a fresh probe and basket.
struct Harness {
  let probe = Probe()
  var basket = Basket(fruits: Fruits.all)
  var progress: ProgressReporter?

  var context: IntentContext {
    var dependencies = DependencyValues()
    dependencies.probe = probe
    dependencies.basket = basket
    return IntentContext(dependencies: dependencies, progress: progress ?? probe.reporter)
  }

  func invocation(
    _ type: any AppIntent.Type, _ arguments: [String: Value] = [:], step: String? = nil,
    interaction: any InteractionHandler = NonInteractiveHandler(),
    options: IntentInvocation.Options = IntentInvocation.Options()
  ) -> IntentInvocation {
    IntentInvocation(
      IntentDescriptor(type), arguments: arguments, step: step, interaction: interaction,
      context: context, options: options)
  }

  func run(
    _ type: any AppIntent.Type, _ arguments: [String: Value] = [:], step: String? = nil,
    interaction: any InteractionHandler = NonInteractiveHandler(),
    options: IntentInvocation.Options = IntentInvocation.Options()
  ) async throws(IntentFlowError) -> IntentInvocation.Result {
    try await invocation(
      type, arguments, step: step, interaction: interaction, options: options
    ).run()
  }
}

/// Options with an instant sleep: any timeout expires at once.
func instantTimeout(_ limit: Duration = .seconds(5)) -> IntentInvocation.Options {
  var options = IntentInvocation.Options()
  options.timeout = limit
  options.sleep = { _ in }
  return options
}
