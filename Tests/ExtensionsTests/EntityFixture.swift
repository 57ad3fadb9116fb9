import Extensions
import Foundation
import IntentKit

/// The fixture IntentFlow extension with an entity type (`Fixtures/entity_fixture.py`), as
/// extension `ent`, and hosts over it.
enum EntityFixture {
  /// The fixture as extension `ent`, in the given mode, with extra environment.
  static func configuration(mode: String = "normal", environment: [String: String] = [:]) throws
    -> ExtensionConfiguration
  {
    guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
      throw Fixture.Missing()
    }
    return ExtensionConfiguration(
      name: "ent", command: "python3",
      arguments: [url.appendingPathComponent("entity_fixture.py").path],
      environment: environment.merging(["FIXTURE_MODE": mode]) { given, _ in given })
  }

  /// A host over the fixture.
  static func host(
    mode: String = "normal", environment: [String: String] = [:], cacheDirectory: String? = nil,
    maximumRestarts: Int = 3
  ) throws -> ExtensionHost {
    ExtensionHost(
      catalog: ExtensionCatalog(
        path: "extensions.json",
        extensions: [try configuration(mode: mode, environment: environment)]),
      environment: ProcessInfo.processInfo.environment, cacheDirectory: cacheDirectory,
      clientVersion: "test", maximumRestarts: maximumRestarts, clock: Fixture.startWithoutLimit)
  }

  /// Runs one intent of the host's registry (made afresh unless given).
  static func run(
    _ intent: String, _ arguments: [String: Value] = [:], host: ExtensionHost,
    registry: IntentRegistry? = nil
  ) async throws(IntentFlowError) -> Value {
    var registry = registry ?? IntentRegistry()
    if registry.intents.isEmpty { (registry, _) = await Fixture.registry(host) }
    guard let descriptor = registry.intent(IntentIdentifier(intent)) else {
      throw IntentFlowError(.failed, "no intent '\(intent)'")
    }
    return try await IntentInvocation(
      descriptor, arguments: arguments, context: IntentContext(progress: .ignored)
    ).run().output
  }

  /// A fresh empty directory.
  static func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("intentflow-ext-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
