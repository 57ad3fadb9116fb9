/// What started a run; stored as its raw text.
public enum RunTrigger: String, Sendable, Hashable, CaseIterable {
  /// A user ran the workflow (`intentflow run`).
  case manual
  /// The scheduler ran it at a fire time.
  case schedule
  /// `intentflow resume` continued an earlier run.
  case resume
  /// An MCP client called the workflow or intent as a tool (`intentflow mcp`).
  case mcp
}
