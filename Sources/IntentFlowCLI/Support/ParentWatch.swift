import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ends a scheduled run when the scheduler daemon that started it dies, so that a crashed
/// daemon leaves no runs behind that a restarted one would overlap.
///
/// The daemon names itself in `INTENTFLOW_PARENT_PID`. Once a second the run compares its
/// parent with that process id: when the daemon dies, the run is handed to another parent,
/// and it sends itself SIGTERM, which cancels it like any SIGTERM (recorded as `cancelled`,
/// exit 143); a run still there a second later gets a second SIGTERM, which ends it at once
/// (still recorded as `cancelled`). `PR_SET_PDEATHSIG` would be immediate, but it fires when the *thread* that
/// spawned the child ends, and the daemon spawns from pool threads that come and go.
enum ParentWatch {
  /// The variable through which the scheduler names itself to its runs.
  static let variable = "INTENTFLOW_PARENT_PID"

  /// Starts watching when `environment` names a parent; returns the timer, to cancel when
  /// the run ends, or `nil` when there is nothing to watch.
  static func start(environment: [String: String]) -> (any DispatchSourceTimer)? {
    guard let text = environment[variable], let parent = pid_t(text), parent > 1 else {
      return nil
    }
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.setEventHandler(handler: check(parent: parent))
    timer.schedule(deadline: .now(), repeating: .seconds(1), leeway: .milliseconds(200))
    timer.resume()
    return timer
  }

  /// The timer's handler, made outside any actor (an isolated closure would trap when
  /// Dispatch calls it).
  private nonisolated static func check(parent: pid_t) -> @Sendable () -> Void {
    {
      guard getppid() != parent else { return }
      kill(getpid(), SIGTERM)
    }
  }
}
