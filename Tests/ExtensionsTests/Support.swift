import Extensions
import Foundation
import IntentKit
import TestSupport

/// The fixture MCP server and hosts over it.
enum Fixture {
  struct Missing: Error {}

  /// `Fixtures/mcp_fixture.py` in the test bundle.
  static func serverPath() throws -> String {
    guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
      throw Missing()
    }
    return url.appendingPathComponent("mcp_fixture.py").path
  }

  /// The fixture as extension `fx`, in the given mode; `log` is where it writes the reasons
  /// of the cancellations it receives.
  static func configuration(mode: String = "normal", log: String? = nil) throws
    -> ExtensionConfiguration
  {
    var environment = ["FIXTURE_MODE": mode]
    if let log { environment["FIXTURE_LOG"] = log }
    return ExtensionConfiguration(
      name: "fx", command: "python3", arguments: [try serverPath()],
      environment: environment, wireProtocol: .mcp)
  }

  /// A host over the fixture, without a cache.
  static func host(mode: String = "normal", log: String? = nil) throws -> ExtensionHost {
    ExtensionHost(
      catalog: ExtensionCatalog(
        path: "extensions.json", extensions: [try configuration(mode: mode, log: log)],
        problems: []),
      environment: ProcessInfo.processInfo.environment, cacheDirectory: nil,
      clientVersion: "test", clock: startWithoutLimit)
  }

  /// The clock of the hosts in these tests: the system's time, and a start limit that never
  /// passes. Swift Testing starts every test of the suite at once, so on two cores a task
  /// waits seconds for a thread; a start of several hops then loses to a 10-second sleep of
  /// one hop, and the limit measured the queue instead of the fixture. No test here is about
  /// the limit (the end-to-end tests check it in the binary); a start that hangs is ended
  /// by the suites' time limit.
  static let startWithoutLimit = RunClock(
    now: { Date() }, sleep: { _ in try await untilCancelled() })

  /// The host's intents in a registry.
  static func registry(_ host: ExtensionHost) async -> (IntentRegistry, [String]) {
    var registry = IntentRegistry()
    let problems = await host.register(into: &registry)
    return (registry, problems)
  }
}
