/// Every error IntentFlow reports: what went wrong, where, and what to do about it.
///
/// The ``code`` says what kind of problem it is (and so which exit code and JSON `kind` it
/// gets); the ``message`` is lowercase, quotes the offending text and says how to fix it.
/// Step, parameter, candidates and location are filled in where they apply.
public struct IntentFlowError: Error, Sendable, CustomStringConvertible {
  /// The kind of problem. New codes can be added without breaking clients.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Base: String, Sendable {
      case invalidWorkflow, usage, needsValue, disambiguation, unsupported
      case confirmationRequired, confirmationFailed, failed, timedOut, cancelled, io
    }
    private let base: Base
    private init(_ base: Base) { self.base = base }

    /// The workflow file is malformed or fails static validation; nothing ran.
    public static let invalidWorkflow = Code(.invalidWorkflow)
    /// The command line is wrong.
    public static let usage = Code(.usage)
    /// A parameter needs a value that could not be asked for.
    public static let needsValue = Code(.needsValue)
    /// Several entities matched and no one could choose.
    public static let disambiguation = Code(.disambiguation)
    /// A value can never work for its parameter.
    public static let unsupported = Code(.unsupported)
    /// The intent needs the user's confirmation and did not get it.
    public static let confirmationRequired = Code(.confirmationRequired)
    /// The intent's confirm phase refused to go on.
    public static let confirmationFailed = Code(.confirmationFailed)
    /// The intent's `perform()` threw.
    public static let failed = Code(.failed)
    /// A step ran past its timeout.
    public static let timedOut = Code(.timedOut)
    /// The run was cancelled (Ctrl-C, SIGTERM).
    public static let cancelled = Code(.cancelled)
    /// A file or store could not be read or written.
    public static let io = Code(.io)

    /// The code's name, as JSON's `kind`: `needsValue`, `timedOut`.
    public var description: String { base.rawValue }

    /// The code named `name` (its ``description``), as history stores it; `nil` for a name
    /// this version does not know.
    public init?(name: String) {
      guard let base = Base(rawValue: name) else { return nil }
      self.base = base
    }
  }

  public var code: Code
  /// What went wrong and how to remedy it.
  public var message: String
  /// Where in a workflow file, when the problem is there.
  public var location: SourceLocation?
  /// The step's id (or its intent's identifier when it has none).
  public var step: String?
  /// The parameter, for resolution problems.
  public var parameter: String?
  /// The entities or values to choose from (disambiguation) or suggested (needsValue).
  public var candidates: [Value]
  /// The error that caused this one, if any.
  public var underlying: (any Error)?

  /// Creates an error.
  public init(
    _ code: Code, _ message: String, location: SourceLocation? = nil, step: String? = nil,
    parameter: String? = nil, candidates: [Value] = [], underlying: (any Error)? = nil
  ) {
    self.code = code
    self.message = message
    self.location = location
    self.step = step
    self.parameter = parameter
    self.candidates = candidates
    self.underlying = underlying
  }

  /// `FILE:LINE:COL: error: MESSAGE` when there is a location, else `error: MESSAGE`.
  public var description: String {
    if let location { return "\(location): error: \(message)" }
    return "error: \(message)"
  }
}
