public import IntentKit

/// A problem found in a workflow file before anything runs, reported like a compiler:
/// `plan.json:5:17: error: unknown intent 'todos.complet'; did you mean 'todos.complete'?`
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  public enum Severity: String, Sendable, Hashable {
    case error, warning, note
  }

  public var severity: Severity
  /// Lowercase; quotes the offending text; says what to do.
  public var message: String
  public var location: SourceLocation?
  /// Extra lines shown after the source excerpt (`note: 'add' is defined here`).
  public var notes: [String]

  public init(
    _ severity: Severity = .error, _ message: String, at location: SourceLocation?,
    notes: [String] = []
  ) {
    self.severity = severity
    self.message = message
    self.location = location
    self.notes = notes
  }

  /// `FILE:LINE:COL: error: MESSAGE`.
  public var description: String {
    let prefix = location.map { "\($0): " } ?? ""
    return "\(prefix)\(severity.rawValue): \(message)"
  }
}

/// A workflow that failed to load or validate: every problem found, in file order.
public struct WorkflowInvalid: Error, Sendable, CustomStringConvertible {
  public var diagnostics: [Diagnostic]
  /// The sources of the files involved, for excerpts (a workflow and the ones it runs).
  public var sources: [String: WorkflowSource]

  public init(diagnostics: [Diagnostic], sources: [String: WorkflowSource] = [:]) {
    self.diagnostics = diagnostics
    self.sources = sources
  }

  public var description: String {
    diagnostics.map(\.description).joined(separator: "\n")
  }

  /// The diagnostics that are errors.
  public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}
