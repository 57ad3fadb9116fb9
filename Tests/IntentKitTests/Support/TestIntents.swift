import Foundation
import TestSupport

@testable import IntentKit

/// Parameters of every kind: required input with a prompt, a default written as the initial
/// value, an optional with a default, a plain optional.
struct Greet: AppIntent {
  static let identifier: IntentIdentifier = "test.greet"
  static let title = "Greet Someone"
  static let description = "Says hello."
  static let parameterSummary: String? = "Greet {name} {times} times"

  @Parameter(
    title: "Name", description: "Who to greet.", requestValueDialog: "Who should be greeted?",
    isInput: true)
  var name: String

  @Parameter(title: "Times") var times: Int = 1

  @Parameter(title: "Punctuation", default: "!")
  var punctuation: String?

  @Parameter(title: "Volume")
  var volume: Double?

  func perform() async throws -> IntentResult<String> {
    let line = "Hello, \(name)\(punctuation ?? "")"
    return .result(
      value: Array(repeating: line, count: times).joined(separator: " "),
      dialog: "Greeted \(name).", snippet: volume.map { "volume \($0)" })
  }
}

/// Takes one entity.
struct PickFruit: AppIntent {
  static let identifier: IntentIdentifier = "test.pick"
  static let title = "Pick Fruit"

  @Parameter(title: "Fruit", requestValueDialog: "Which fruit?", isInput: true)
  var fruit: Fruit

  func perform() async throws -> IntentResult<Fruit> {
    .result(value: fruit, dialog: "Picked \(fruit.name).")
  }
}

/// Takes a list of entities and an optional entity.
struct PackFruit: AppIntent {
  static let identifier: IntentIdentifier = "test.pack"
  static let title = "Pack Fruit"

  @Parameter(title: "Fruits") var fruits: [Fruit]
  @Parameter(title: "Extra") var extra: Fruit?

  func perform() async throws -> IntentResult<[Fruit]> {
    .result(value: fruits + (extra.map { [$0] } ?? []))
  }
}

/// A parameter with a resolve rule that can answer every resolution outcome.
struct Order: AppIntent {
  static let identifier: IntentIdentifier = "test.order"
  static let title = "Order"

  @Parameter(
    title: "Amount", requestValueDialog: "How many?",
    resolve: { amount in
      IntentContext.current.dependencies.probe.record("resolving \(amount)")
      switch amount {
      case ..<0: return .unsupported(reason: "the amount cannot be negative")
      case 0: return .needsValue(prompt: "How many, at least one?")
      case 13: return .disambiguation([12, 14], prompt: "12 or 14?")
      case 666: throw IntentError("the scale broke")
      case 101...: return .confirmationRequired(amount, prompt: "Order \(amount)? That is a lot.")
      default: return .success(amount)
      }
    })
  var amount: Int

  func perform() async throws -> IntentResult<Int> {
    .result(value: amount, dialog: "Ordered \(amount).")
  }
}

/// Confirms as its `mode` says: `ready`, `refuse`, `ask` or `throw`.
struct Bake: AppIntent {
  static let identifier: IntentIdentifier = "test.bake"
  static let title = "Bake a Cake"

  @Parameter(title: "Mode") var mode: String = "ready"
  @Dependency({ $0.probe }) var probe: Probe

  func confirm() async throws -> ConfirmationResult {
    probe.record("confirming")
    switch mode {
    case "refuse": return .failure(reason: "the oven is cold")
    case "ask": return .needsUserConfirmation(prompt: "Bake the cake?")
    case "throw": throw IntentError("the thermometer broke")
    default: return .ready
    }
  }

  func perform() async throws -> IntentResult<String> {
    probe.record("performed")
    return .result(value: "baked")
  }
}

/// An error thrown by a test intent that is not an `IntentError`.
struct OvenError: Error, CustomStringConvertible {
  var description: String { "the oven exploded" }
}

/// Throws from `perform()` as its `how` says.
struct Fail: AppIntent {
  static let identifier: IntentIdentifier = "test.fail"
  static let title = "Fail"

  @Parameter(title: "How") var how: String = "intent"

  func perform() async throws -> IntentResult<String> {
    switch how {
    case "flow": throw IntentFlowError(.unsupported, "the intent's own problem")
    case "cancel": throw CancellationError()
    case "other": throw OvenError()
    default: throw IntentError("the oven is on fire")
    }
  }
}

/// Returns no value, only a dialog and a snippet.
struct Hum: AppIntent {
  static let identifier: IntentIdentifier = "test.hum"
  static let title = "Hum"

  func perform() async throws -> IntentResult<NoValue> {
    .result(dialog: "Hummed.", snippet: "mm-hmm")
  }
}

/// Waits for an hour unless cancelled, and says when it is.
struct Wait: CancellableIntent {
  static let identifier: IntentIdentifier = "test.wait"
  static let title = "Wait"

  @Dependency({ $0.probe }) var probe: Probe

  func perform() async throws -> IntentResult<String> {
    try await probe.waitUntilCancelled()
    return .result(value: "waited")
  }

  func onCancel(reason: CancellationReason) async {
    probe.cancelled(reason)
  }
}

/// Ignores cancellation: waits until the test opens the gate `release`.
struct Stubborn: CancellableIntent {
  static let identifier: IntentIdentifier = "test.stubborn"
  static let title = "Stubborn"

  @Dependency({ $0.probe }) var probe: Probe

  func perform() async throws -> IntentResult<String> {
    probe.record("started")
    await probe.wait(at: "release")
    probe.record("finished")
    return .result(value: "finally")
  }

  func onCancel(reason: CancellationReason) async {
    probe.cancelled(reason)
  }
}

/// Reports progress three times, each time when the test opens the gate `part N`.
struct Upload: LongRunningIntent, CancellableIntent {
  static let identifier: IntentIdentifier = "test.upload"
  static let title = "Upload"

  @Dependency({ $0.probe }) var probe: Probe

  func perform() async throws -> IntentResult<String> {
    for part in 1...3 {
      await probe.wait(at: "part \(part)")
      progress.update(completed: part, total: 3, message: "part \(part)")
      probe.record("reported \(part)")
    }
    return .result(value: "uploaded")
  }

  func onCancel(reason: CancellationReason) async {
    probe.cancelled(reason)
  }
}

/// Reports progress like ``Upload`` but is not a long-running intent.
struct Chatty: CancellableIntent {
  static let identifier: IntentIdentifier = "test.chatty"
  static let title = "Chatty"

  @Dependency({ $0.probe }) var probe: Probe

  func perform() async throws -> IntentResult<String> {
    for part in 1...3 {
      IntentContext.current.progress.update(completed: part)
      probe.record("reported \(part)")
      await probe.wait(at: "after \(part)")
    }
    return .result(value: "chatted")
  }

  func onCancel(reason: CancellationReason) async {
    probe.cancelled(reason)
  }
}

/// No parameters, no description, no summary.
struct Bare: AppIntent {
  static let identifier: IntentIdentifier = "test.bare"
  static let title = "Bare"

  func perform() async throws -> IntentResult<Bool> { .result(value: true) }
}

enum TestIntents {
  static let all: [any AppIntent.Type] = [
    Greet.self, PickFruit.self, PackFruit.self, Order.self, Bake.self, Fail.self, Hum.self,
    Wait.self, Stubborn.self, Upload.self, Chatty.self, Bare.self,
  ]
  static let registry = IntentRegistry(all)
}
