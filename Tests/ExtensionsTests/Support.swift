import Extensions
import Foundation
import IntentKit

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
      clientVersion: "test")
  }

  /// The host's intents in a registry.
  static func registry(_ host: ExtensionHost) async -> (IntentRegistry, [String]) {
    var registry = IntentRegistry()
    let problems = await host.register(into: &registry)
    return (registry, problems)
  }
}
