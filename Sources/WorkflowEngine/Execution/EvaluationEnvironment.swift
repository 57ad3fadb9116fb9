public import IntentKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What expressions read from outside the workflow: the run's environment (its clock and
/// time zone), environment variables, the run's identifier and the current directory.
///
/// The evaluator reads these only through this value, never from the system, so that tests
/// can fix the time and the environment.
public struct EvaluationEnvironment: Sendable {
  /// The clock and time zone that `now` and `today` read: the run's, the same value the
  /// executor and the intents see.
  public var runEnvironment: RunEnvironment
  /// The environment variables `env.NAME` reads.
  public var variables: [String: String]
  /// What `run.id` gives.
  public var runID: String
  /// The directory relative workflow paths are resolved against, for `workflow.directory`.
  public var currentDirectory: String

  /// - Parameters:
  ///   - runEnvironment: The clock and time zone of `now` and `today`.
  ///   - variables: The environment variables; none by default.
  ///   - runID: The run's identifier; empty by default.
  ///   - currentDirectory: The current directory; `/` by default.
  public init(
    runEnvironment: RunEnvironment, variables: [String: String] = [:], runID: String = "",
    currentDirectory: String = "/"
  ) {
    self.runEnvironment = runEnvironment
    self.variables = variables
    self.runID = runID
    self.currentDirectory = currentDirectory
  }

  /// - Parameters:
  ///   - now: The clock; the default is fixed at the start of 2001 (UTC), for tests.
  ///   - timeZone: The run's time zone, evaluated each time it is read; UTC by default.
  ///   - variables: The environment variables; none by default.
  ///   - runID: The run's identifier; empty by default.
  ///   - currentDirectory: The current directory; `/` by default.
  public init(
    now: @escaping @Sendable () -> Date = { Date(timeIntervalSinceReferenceDate: 0) },
    timeZone: @autoclosure @escaping @Sendable () -> TimeZone = .gmt,
    variables: [String: String] = [:], runID: String = "", currentDirectory: String = "/"
  ) {
    self.init(
      runEnvironment: RunEnvironment(clock: RunClock(now: now), timeZone: timeZone()),
      variables: variables, runID: runID, currentDirectory: currentDirectory)
  }

  /// The current time, read each time `now` or `today` is evaluated.
  public var now: @Sendable () -> Date {
    get { runEnvironment.clock.now }
    set { runEnvironment.clock.now = newValue }
  }

  /// The run's time zone, for `today`.
  public var timeZone: TimeZone {
    get { runEnvironment.timeZone }
    set { runEnvironment.timeZone = newValue }
  }

  /// The value of a name the run provides.
  func value(of name: RunValue) -> Value {
    switch name {
    case .now:
      return .date(now())
    case .today:
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone
      return .date(calendar.startOfDay(for: now()))
    case .environment(let name):
      return variables[name].map(Value.text) ?? .null
    case .runID:
      return .text(runID)
    case .workflowDirectory(let path):
      guard path != "-" else { return .text(currentDirectory) }
      let directory = PathText.deletingLastComponent(path)
      return .text(WorkflowPath.absolute(directory.isEmpty ? "." : directory, in: currentDirectory))
    }
  }
}

extension EvaluationEnvironment {
  /// The process's own: the live run environment (the system clock and time zone), its
  /// environment variables and current directory, and a new random run identifier.
  public static var live: EvaluationEnvironment {
    let run = RunEnvironment.live
    return EvaluationEnvironment(
      runEnvironment: run,
      variables: ProcessEnvironment.variables(),  // not ProcessInfo's: see ProcessEnvironment
      runID: run.makeID(), currentDirectory: ProcessEnvironment.currentDirectory())
  }
}
