import CivilTime
import Foundation
import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

/// Runs the data intents with a fixed clock, time zone and random numbers, so that every
/// result is the same on every machine.
struct DataHarness {
  /// Wednesday 25 March 2026, 10:00 in Prague (09:00 UTC), four days before summer time.
  static let now = utc("2026-03-25T09:00:00")

  var environment = RunEnvironment(clock: .fixed(DataHarness.now), timeZone: .prague)
  /// Always the lowest number allowed, unless a test says otherwise.
  var random = RandomSource { $0.lowerBound }

  var context: IntentContext {
    var dependencies = DependencyValues()
    dependencies.runEnvironment = environment
    dependencies.randomSource = random
    return IntentContext(dependencies: dependencies)
  }

  /// Runs an intent through the whole lifecycle and returns its output.
  func output(_ identifier: IntentIdentifier, _ arguments: [String: Value] = [:])
    async throws(IntentFlowError) -> Value
  {
    try await run(identifier, arguments).output
  }

  /// Runs an intent through the whole lifecycle.
  func run(_ identifier: IntentIdentifier, _ arguments: [String: Value] = [:])
    async throws(IntentFlowError) -> IntentInvocation.Result
  {
    try await context.runStandard(identifier, arguments)
  }

  /// The error an intent stops with; records an issue when it succeeds.
  func error(
    _ identifier: IntentIdentifier, _ arguments: [String: Value] = [:],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) async -> IntentFlowError? {
    do {
      let result = try await run(identifier, arguments)
      Issue.record("expected an error, got \(result.output)", sourceLocation: sourceLocation)
      return nil
    } catch {
      return error
    }
  }
}

extension TimeZone {
  static let prague = TimeZone(identifier: "Europe/Prague") ?? .gmt
  static let newYork = TimeZone(identifier: "America/New_York") ?? .gmt
}

extension Value {
  /// A list of texts.
  static func texts(_ items: String...) -> Value { .list(items.map(Value.text)) }
  /// A list of whole numbers.
  static func integers(_ items: Int...) -> Value { .list(items.map(Value.integer)) }
}

/// An instant given as wall-clock text in a zone.
func local(_ text: String, _ zone: TimeZone) -> Date {
  guard let date = Timestamp.parse(text, defaultTimeZone: zone) else {
    preconditionFailure("not a timestamp: \(text)")
  }
  return date
}
