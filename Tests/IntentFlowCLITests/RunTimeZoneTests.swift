import CLIKit
import Foundation
import IntentKit
import Synchronization
import Testing
import WorkflowEngine

@testable import IntentFlowCLI

@Suite("A run's time zone: TZ, else the machine's, looked up only when read")
struct RunTimeZoneTests {
  final class Lookups: Sendable {
    let count = Atomic(0)
  }

  /// A context whose machine zone is `zone`, counting how often it is looked up.
  static func context(environment: [String: String], zone: String, lookups: Lookups)
    -> CLIContext
  {
    CLIContext(
      environment: environment, terminal: Terminal(isInputTerminal: false, width: 80),
      standardOutput: .standardOutput, standardError: .standardError,
      standardInput: .lines([]), registry: IntentFlowCommand.registry, currentDirectory: "/",
      handlesSignals: false,
      runEnvironment: RunEnvironment(
        clock: .live,
        timeZone: {
          lookups.count.add(1, ordering: .relaxed)
          return TimeZone(identifier: zone) ?? .gmt
        }(), makeID: { "run" }))
  }

  @Test(
    "TZ names the run's zone; without it, or when it names no zone, the machine's",
    arguments: [
      (["TZ": "Asia/Tokyo"], "Asia/Tokyo"), ([:], "America/New_York"),
      (["TZ": "Not/AZone"], "America/New_York"),
    ])
  func zone(environment: [String: String], expected: String) {
    let lookups = Lookups()
    let context = Self.context(environment: environment, zone: "America/New_York", lookups: lookups)
    let run = RunCommand.evaluationEnvironment(context)
    #expect(run.timeZone.identifier == expected)
  }

  @Test("making the run's environment looks no zone up; reading it does, each time")
  func lazily() {
    let lookups = Lookups()
    let context = Self.context(environment: [:], zone: "Europe/Prague", lookups: lookups)
    let run = RunCommand.evaluationEnvironment(context)
    #expect(lookups.count.load(ordering: .relaxed) == 0)
    #expect(run.timeZone.identifier == "Europe/Prague")
    #expect(lookups.count.load(ordering: .relaxed) == 1)
  }
}
