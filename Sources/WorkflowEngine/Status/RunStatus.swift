public import IntentKit

/// How a run ended, as `--json` reports it, and the one place that maps it to and from error
/// codes, step statuses and exit codes (DESIGN section 5).
public enum RunStatus: String, Sendable, Hashable, CaseIterable {
  case succeeded, failed, needsValue, disambiguation, confirmationRequired, timedOut, cancelled
  /// The workflow or the command line was invalid: nothing ran. The executor never ends a
  /// run so; the runner reports it for a workflow that fails validation or a bad `--input`.
  case invalid

  /// The status for a run that stopped with this error.
  public init(_ code: IntentFlowError.Code) {
    switch code {
    case .needsValue: self = .needsValue
    case .disambiguation: self = .disambiguation
    case .confirmationRequired: self = .confirmationRequired
    case .timedOut: self = .timedOut
    case .cancelled: self = .cancelled
    default: self = .failed
    }
  }

  /// The status a run's exit code stands for, for runs seen only from outside (the
  /// scheduler's children). Exit code 3 reads as `needsValue` (a disambiguation exits with 3
  /// too), 128 + N as `cancelled`, and any other unknown code as `failed`.
  public init(exitCode: Int32) {
    switch exitCode {
    case ExitCode.success: self = .succeeded
    case ExitCode.usage: self = .invalid
    case ExitCode.needsInput: self = .needsValue
    case ExitCode.needsConfirmation: self = .confirmationRequired
    case ExitCode.timedOut: self = .timedOut
    case let code where code > ExitCode.signal(0): self = .cancelled
    default: self = .failed
    }
  }

  /// The runner's exit code for a run that ended so; `signal` is the signal that cancelled
  /// it (a run cancelled otherwise reports SIGINT's 130).
  public func exitCode(signal: Int32? = nil) -> Int32 {
    switch self {
    case .succeeded: return ExitCode.success
    case .failed: return ExitCode.failure
    case .invalid: return ExitCode.usage
    case .needsValue, .disambiguation: return ExitCode.needsInput
    case .confirmationRequired: return ExitCode.needsConfirmation
    case .timedOut: return ExitCode.timedOut
    case .cancelled: return ExitCode.signal(signal ?? ExitCode.interruptSignal)
    }
  }
}

extension StepStatus {
  /// The status of a step that stopped with this error: the run's status for it.
  public init(_ code: IntentFlowError.Code) {
    self.init(RunStatus(code))
  }

  /// A step's status for a run status (a step is never `invalid`: it would not have run).
  public init(_ status: RunStatus) {
    switch status {
    case .succeeded: self = .succeeded
    case .failed, .invalid: self = .failed
    case .needsValue: self = .needsValue
    case .disambiguation: self = .disambiguation
    case .confirmationRequired: self = .confirmationRequired
    case .timedOut: self = .timedOut
    case .cancelled: self = .cancelled
    }
  }
}
