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
  ///
  /// A stream that is valid UTF-8 is kept as text, made once from the bytes read, so that the
  /// output is held once, not as bytes and then again as text; any other is kept as bytes.
  public struct Outcome: Sendable, Hashable {
    /// A stream as read: text when it is valid UTF-8 (the common case, held once), else the
    /// bytes.
    enum Captured: Sendable, Hashable {
      case text(String)
      case bytes([UInt8])

      init(_ read: inout BoundedBytes) {
        let (text, bytes) = read.take()
        self = bytes.map { .bytes($0) } ?? .text(text)
      }

      var text: String {
        switch self {
        case .text(let text): text
        case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
        }
      }

      var bytes: [UInt8] {
        switch self {
        case .text(let text): Array(text.utf8)
        case .bytes(let bytes): bytes
        }
      }
    }

    private var output: Captured
    private var errors: Captured

    /// Its standard output as text (invalid UTF-8 shown as U+FFFD), up to the command's
    /// ``Command/outputLimit``; empty unless piped.
    public var outputText: String { output.text }
    /// Its standard error as text, up to the limit; empty unless piped.
    public var errorText: String { errors.text }
    /// Whether it wrote more to standard output than the limit (the rest was not kept).
    public var outputOverLimit: Bool
    /// Whether it wrote more to standard error than the limit.
    public var errorsOverLimit: Bool
    /// How it ended.
    public var termination: Termination

    /// Its standard output, byte for byte (a copy).
    public var standardOutput: [UInt8] { output.bytes }
    /// Its standard error, byte for byte (a copy).
    public var standardError: [UInt8] { errors.bytes }

    /// The exit status, or 128 + N for signal N.
    public var exitCode: Int32 { termination.exitCode }

    /// An outcome of the given output, errors and end.
    public init(
      outputText: String, errorText: String, termination: Termination,
      outputOverLimit: Bool = false, errorsOverLimit: Bool = false
    ) {
      self.init(
        output: .text(outputText), errors: .text(errorText), termination: termination,
        outputOverLimit: outputOverLimit, errorsOverLimit: errorsOverLimit)
    }

    init(
      output: Captured, errors: Captured, termination: Termination, outputOverLimit: Bool,
      errorsOverLimit: Bool
    ) {
      self.output = output
      self.errors = errors
      self.termination = termination
      self.outputOverLimit = outputOverLimit
      self.errorsOverLimit = errorsOverLimit
    }
  }
}
