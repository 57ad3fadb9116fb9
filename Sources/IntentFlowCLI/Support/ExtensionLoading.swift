import CLIKit
import Extensions
import IntentKit
import Storage

/// Finds `extensions.json` and adds its extensions' intents to a context's registry.
enum ExtensionLoading {
  /// The catalog and a host over it, with the declaration cache in the home; `nil` when no
  /// extensions file exists.
  static func host(for context: CLIContext) -> ExtensionHost? {
    let home = IntentFlowHome.resolve(
      environment: context.environment, currentDirectory: context.currentDirectory
    ).path
    let path = ExtensionCatalog.configurationPath(environment: context.environment, home: home)
    let required = !(context.environment["INTENTFLOW_EXTENSIONS"] ?? "").isEmpty
    // Most homes have no extensions file: one `stat` says so, where reading the missing file
    // would build and throw an error first.
    guard required || context.files.exists(path) else { return nil }
    let catalog = ExtensionCatalog.load(path: path, required: required)
    guard catalog.path != nil else { return nil }
    return ExtensionHost(
      catalog: catalog, environment: context.environment,
      cacheDirectory: home + "/extension-cache", clientVersion: IntentFlowCommand.version,
      clock: context.runEnvironment.clock)
  }

  /// Adds the extensions' intents to the context's registry and prints a warning for each
  /// broken extension: it never stops a command that does not use it.
  static func prepare(_ context: inout CLIContext) async -> ExtensionHost? {
    guard let host = host(for: context) else { return nil }
    let problems = await host.register(into: &context.registry)
    for problem in problems {
      context.printError(context.errorStyle.yellow("warning: ") + problem)
    }
    return host
  }
}
