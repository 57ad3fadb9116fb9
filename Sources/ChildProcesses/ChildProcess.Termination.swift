extension ChildProcess {
  /// How a child process ended.
  public enum Termination: Sendable, Hashable {
    /// It exited with this status (0 to 255).
    case exited(Int32)
    /// This signal killed it.
    case signalled(Int32)

    /// The exit status, or 128 + N for signal N, as a shell reports it.
    public var exitCode: Int32 {
      switch self {
      case .exited(let status): status
      case .signalled(let number): 128 + number
      }
    }

    /// The signal that killed it, if one did.
    public var signal: Int32? {
      if case .signalled(let number) = self { return number }
      return nil
    }

    /// Decodes a `waitpid` status (the `WIFEXITED` and `WTERMSIG` macros, which Swift does
    /// not import).
    init(waitStatus status: Int32) {
      let signal = status & 0x7f
      self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
  }

  /// What a finished child left: everything it wrote to its piped streams, and how it ended.
  public struct Outcome: Sendable, Hashable {
    /// Its standard output; empty unless piped.
    public var standardOutput: [UInt8]
    /// Its standard error; empty unless piped.
    public var standardError: [UInt8]
    /// How it ended.
    public var termination: Termination

    /// The exit status, or 128 + N for signal N.
    public var exitCode: Int32 { termination.exitCode }

    /// An outcome of the given output, errors and end.
    public init(standardOutput: [UInt8], standardError: [UInt8], termination: Termination) {
      self.standardOutput = standardOutput
      self.standardError = standardError
      self.termination = termination
    }
  }
}
