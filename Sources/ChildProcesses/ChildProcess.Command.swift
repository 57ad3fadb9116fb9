extension ChildProcess {
  /// What to start: the program, its arguments and environment, where it runs and where its
  /// standard streams go.
  public struct Command: Sendable, Hashable {
    /// Where the child's standard input comes from.
    public enum Input: Sendable, Hashable {
      /// `/dev/null`: the child reads an immediate end of file.
      case null
      /// These bytes, then the end of file; ``ChildProcess/outcome(grace:)`` writes them.
      case bytes([UInt8])
      /// A pipe the caller writes with ``ChildProcess/write(_:)`` and closes with
      /// ``ChildProcess/closeStandardInput()``.
      case pipe
    }

    /// What happens to a child whose piped stream passes ``Command/outputLimit``.
    public enum OverLimit: Sendable, Hashable {
      /// Stop reading and stop the child (SIGTERM to it or its group, SIGKILL after the grace
      /// period): its output is incomplete, and the caller reports so.
      case stop
      /// Read on to the end, keeping nothing past the limit (for a log of the output).
      case discard
    }

    /// Where the child's standard output or standard error goes.
    public enum Output: Sendable, Hashable {
      /// A pipe to the parent: ``ChildProcess/outcome(grace:)`` collects it, or the caller
      /// reads the descriptor itself.
      case pipe
      /// The parent's own stream.
      case inherit
      /// `/dev/null`.
      case null
    }

    /// The path of the program (see ``ChildProcess/executable(named:searching:)`` for a
    /// `PATH` search); a relative path is relative to the parent's current directory.
    public var executable: String
    /// The arguments after the program's name.
    public var arguments: [String]
    /// The program's name as it sees it (`argv[0]`); the executable's path when `nil`.
    public var programName: String?
    /// The complete environment of the child; the parent's own when `nil`.
    public var environment: [String: String]?
    /// Where the child starts; the parent's current directory when `nil`.
    public var directory: String?
    /// Where its standard input comes from.
    public var standardInput: Input
    /// Where its standard output goes.
    public var standardOutput: Output
    /// Where its standard error goes.
    public var standardError: Output
    /// Whether the child leads a process group of its own, so that ``ChildProcess/signal(_:)``
    /// and a termination reach its children too, and a signal sent to the parent's group
    /// (Ctrl-C in a terminal) does not.
    public var newProcessGroup: Bool
    /// Whether the child leads a session of its own (and so a process group too, whatever
    /// ``newProcessGroup`` says): every process it starts stays in that session even when it
    /// leads a group of its own, so that ``ChildProcess/endSession()`` can reach them all
    /// once the child is gone, however it ended.
    public var newSession: Bool = false
    /// The most bytes ``ChildProcess/outcome(grace:)`` keeps of each piped stream: 64 MiB
    /// (``BoundedBytes/defaultLimit``) unless set.
    public var outputLimit: Int = BoundedBytes.defaultLimit
    /// What happens when a stream passes ``outputLimit``: by default the child is stopped.
    public var overLimit: OverLimit = .stop

    /// Describes a program to start; by default its input is `/dev/null`, its output and
    /// errors are piped to the parent, and it leads a process group of its own.
    public init(
      executable: String, arguments: [String] = [], programName: String? = nil,
      environment: [String: String]? = nil, directory: String? = nil,
      standardInput: Input = .null, standardOutput: Output = .pipe,
      standardError: Output = .pipe, newProcessGroup: Bool = true
    ) {
      self.executable = executable
      self.arguments = arguments
      self.programName = programName
      self.environment = environment
      self.directory = directory
      self.standardInput = standardInput
      self.standardOutput = standardOutput
      self.standardError = standardError
      self.newProcessGroup = newProcessGroup
    }
  }
}
