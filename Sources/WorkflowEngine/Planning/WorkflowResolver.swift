/// How the planner reaches the workflow files that `workflow` steps run.
///
/// The planner checks a sub-workflow as it checks the caller, but it does not read files: the
/// capability is passed down as this value, so that planning depends on no loader (the
/// loader is what calls the planner) and tests can serve files from memory.
/// ``WorkflowResolver/files(read:)`` is the one that reads the file system.
public struct WorkflowResolver: Sendable {
  /// A file that a `workflow` step names.
  public struct Location: Sendable, Hashable {
    /// The path to read, as diagnostics show it.
    public var path: String
    /// What identifies the file, whatever path led to it: a cycle of workflows is a key
    /// seen twice in one chain of calls.
    public var key: String

    /// A location of a file read at `path`, identified by `key`.
    public init(path: String, key: String) {
      self.path = path
      self.key = key
    }
  }

  /// What reading and decoding a file gave.
  public enum Resolution: Sendable {
    /// The file decoded into a workflow; `problems` are the decoder's findings, if any.
    case decoded(Workflow, problems: [Diagnostic])
    /// The file could not be read, for `reason` (lowercase, says what to do).
    case unreadable(reason: String)
    /// The file is not a workflow at all (bad JSON, not an object).
    case invalid(WorkflowInvalid)
  }

  /// Where `path`, written in the workflow file `file`, leads.
  public var locate: @Sendable (_ path: String, _ file: String) -> Location
  /// Reads and decodes the file at a location.
  public var resolve: @Sendable (Location) -> Resolution

  /// A resolver made of the two closures.
  public init(
    locate: @escaping @Sendable (_ path: String, _ file: String) -> Location,
    resolve: @escaping @Sendable (Location) -> Resolution
  ) {
    self.locate = locate
    self.resolve = resolve
  }
}
