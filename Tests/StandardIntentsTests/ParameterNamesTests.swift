import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("The standard intents' parameters, as the engine finds them without Mirror")
struct ParameterNamesTests {
  @Test("every intent's parameters are the ones Mirror finds, in the same order")
  func agreeWithMirror() {
    for type in StandardIntents.all {
      let names = IntentDescriptor(type).parameterNames
      #expect(names == Self.mirroredNames(type.init()), "\(type.identifier)")
    }
  }

  /// The names of the intent's `@Parameter` properties, as `Mirror` lists them.
  private static func mirroredNames(_ intent: some AppIntent) -> [String] {
    Mirror(reflecting: intent).children.compactMap { child in
      guard let label = child.label, label.hasPrefix("_"),
        String(describing: type(of: child.value)).hasPrefix("Parameter<")
      else { return nil }
      return String(label.dropFirst())
    }
  }
}
