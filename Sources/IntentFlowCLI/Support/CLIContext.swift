public import CLIKit
public import IntentKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Everything a command touches outside itself: the environment, streams, terminal, the run
/// environment (clock, time zone) and file system. Commands reach none of them directly (no `Date()`,
/// `TimeZone.current` or `FileManager.default`), so tests build one with recorded outputs,
/// scripted input, a fixed clock and zone, and files of their choosing.
public struct CLIContext: Sendable {
  public var environment: [String: String]
  public var terminal: Terminal
  public var standardOutput: TextOutput
  public var standardError: TextOutput
  public var standardInput: LineInput
  /// The intents the runner knows.
  public var registry: IntentRegistry
  /// The current directory, for relative paths.
  public var currentDirectory: String
  /// Whether commands take over SIGINT and SIGTERM (and SIGHUP for the scheduler). Off for
  /// commands run inside a test process, whose signal handling they must not change.
  public var handlesSignals: Bool
  /// The clock, time zone, randomness and identifiers of everything the commands run: built
  /// once (``live(registry:terminal:)``) and passed down to the executor, the expressions,
  /// the intents, the scheduler and the stores.
  public var runEnvironment: RunEnvironment
  /// The current time: the run environment's clock.
  public var now: @Sendable () -> Date { runEnvironment.clock.now }
  /// The machine's time zone, for schedules and times shown without one of their own: the run
  /// environment's, looked up when read, so that a run that shows no time never builds
  /// Foundation's zone cache (a tenth of a cold run's instructions).
  public var timeZone: TimeZone {
    get { runEnvironment.timeZone }
    set { runEnvironment.timeZone = newValue }
  }
  /// What the domains' live dependencies are made from (the home, the run environment):
  /// `dependencies.installLive(StandardIntents.domains, context.liveDomains)`.
  var liveDomains: IntentDomain.Live {
    IntentDomain.Live(environment: environment, runEnvironment: runEnvironment)
  }
  /// What commands ask the file system.
  public var files: FileSystem
  /// The executor a command's own tasks prefer (SE-0417): in `intentflow`, its main thread
  /// (`CallingThreadExecutor`), so that a run takes no thread of Dispatch's pool; `nil`, the
  /// global executor, in tests.
  public var taskExecutor: (any TaskExecutor)?

  /// A context; the file system defaults to the machine's.
  ///
  /// - Parameter runEnvironment: The clock, time zone, randomness and identifiers; a test
  ///   sets the members its commands use (the others fail loudly when used), the live
  ///   process passes ``IntentKit/RunEnvironment/live``.
  public init(
    environment: [String: String], terminal: Terminal, standardOutput: TextOutput,
    standardError: TextOutput, standardInput: LineInput, registry: IntentRegistry,
    currentDirectory: String, handlesSignals: Bool = true,
    runEnvironment: RunEnvironment, files: FileSystem = .live
  ) {
    self.environment = environment
    self.terminal = terminal
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.standardInput = standardInput
    self.registry = registry
    self.currentDirectory = currentDirectory
    self.handlesSignals = handlesSignals
    self.runEnvironment = runEnvironment
    self.files = files
    self.taskExecutor = nil
  }

  /// The live process: real streams, environment and terminal. What reaches a terminal (and
  /// standard error, always) shows control characters as visible symbols
  /// (``TextOutput/standardOutput(for:)``).
  /// - Parameters:
  ///   - registry: The intents the runner knows.
  ///   - terminal: The terminal, when the caller has read it already.
  public static func live(registry: IntentRegistry, terminal: Terminal = .live) -> CLIContext {
    CLIContext(
      environment: ProcessEnvironment.variables(), terminal: terminal,
      standardOutput: .standardOutput(for: terminal), standardError: .standardError(for: terminal),
      standardInput: .standardInput, registry: registry,
      currentDirectory: ProcessEnvironment.currentDirectory(), runEnvironment: .live)
  }

  /// Writes a line to standard output.
  func print(_ text: String) { standardOutput.writeLine(text) }

  /// Writes a line to standard error.
  func printError(_ text: String) { standardError.writeLine(text) }

  var errorStyle: Style { terminal.errorStyle }
  var outputStyle: Style { terminal.outputStyle }
}
