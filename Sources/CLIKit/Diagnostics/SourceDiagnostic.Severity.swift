extension SourceDiagnostic {
  /// How serious a diagnostic is; the raw value is its label (`error`).
  public enum Severity: String, Sendable, Hashable, CaseIterable {
    /// The input cannot be used.
    case error
    /// The input can be used but is probably not what was meant.
    case warning
    /// Extra information about another diagnostic.
    case note
  }
}
