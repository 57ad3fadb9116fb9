/// What a run keeps for `intentflow resume` when it begins (DESIGN §12).
public struct RunLaunch: Sendable, Hashable {
  /// The SHA-256 of the workflow file as it ran, in lowercase hexadecimal; `nil` for a run
  /// without a file (standard input, an intent run as an MCP tool).
  public var fileHash: String?
  /// The inputs given to the run but its secret ones, as a JSON object; secrets are never
  /// stored.
  public var inputs: String?
  /// The run it resumes, for a run with the trigger `resume`.
  public var resumedRun: Int64?

  public init(fileHash: String? = nil, inputs: String? = nil, resumedRun: Int64? = nil) {
    self.fileHash = fileHash
    self.inputs = inputs
    self.resumedRun = resumedRun
  }
}
