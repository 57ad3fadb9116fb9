/// Receives progress from a long-running intent; the runner shows a progress bar on a terminal
/// and restarts the step's timeout with every report.
public struct ProgressReporter: Sendable {
  /// One progress report.
  public struct Update: Sendable, Hashable {
    /// Units done so far.
    public var completed: Int
    /// Units in all, when known.
    public var total: Int?
    /// What is happening now: `Uploading part 3`.
    public var message: String?

    public init(completed: Int, total: Int? = nil, message: String? = nil) {
      self.completed = completed
      self.total = total
      self.message = message
    }
  }

  private let sink: @Sendable (Update) -> Void

  /// Creates a reporter that hands every update to `sink`.
  public init(_ sink: @escaping @Sendable (Update) -> Void) {
    self.sink = sink
  }

  /// Reports progress.
  public func update(completed: Int, total: Int? = nil, message: String? = nil) {
    sink(Update(completed: completed, total: total, message: message))
  }

  /// A reporter that drops every update.
  public static let ignored = ProgressReporter { _ in }

  /// A reporter that sends every update to this one and then to `other`.
  public func then(_ other: ProgressReporter) -> ProgressReporter {
    ProgressReporter { update in
      self.sink(update)
      other.sink(update)
    }
  }
}
