public import IntentKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How `shell.run` starts processes: the environment they inherit and how long a stopped
/// process group gets between SIGTERM and SIGKILL.
public struct ShellSettings: Sendable {
  /// The environment every command starts with, before the step's additions; also where
  /// `PATH` is read.
  public var environment: [String: String]
  /// How long a process group has to exit after SIGTERM before it gets SIGKILL.
  public var terminationGrace: Duration

  public init(environment: [String: String], terminationGrace: Duration = .seconds(2)) {
    self.environment = environment
    self.terminationGrace = terminationGrace
  }

  /// The runner's own environment, and a two-second grace period.
  public static var live: ShellSettings {
    ShellSettings(environment: ProcessInfo.processInfo.environment)
  }
}

private enum ShellSettingsKey: DependencyKey {
  static var defaultValue: ShellSettings { .live }
}

extension DependencyValues {
  /// How `shell.run` starts processes.
  public var shell: ShellSettings {
    get { self[ShellSettingsKey.self] }
    set { self[ShellSettingsKey.self] = newValue }
  }
}
