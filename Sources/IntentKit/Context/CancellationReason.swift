/// Why an intent was cancelled, as passed to ``CancellableIntent/onCancel(reason:)``.
public enum CancellationReason: Sendable, Hashable, CustomStringConvertible {
  /// The step ran past its timeout.
  case timeout(Duration)
  /// The process received a signal (SIGINT from Ctrl-C, SIGTERM from a scheduler).
  case signal(Int32)
  /// The run was stopped for another reason (a failing sibling, a shutdown).
  case stopped(String)

  public var description: String {
    switch self {
    case .timeout(let limit):
      return "the step ran longer than its \(DurationText.format(limit)) timeout"
    case .signal(let number): return "the run received \(Self.signalName(number))"
    case .stopped(let why): return why
    }
  }

  /// `SIGINT`, `SIGTERM`, or `signal N`.
  public static func signalName(_ number: Int32) -> String {
    switch number {
    case 1: return "SIGHUP"
    case 2: return "SIGINT"
    case 3: return "SIGQUIT"
    case 9: return "SIGKILL"
    case 15: return "SIGTERM"
    default: return "signal \(number)"
    }
  }
}
