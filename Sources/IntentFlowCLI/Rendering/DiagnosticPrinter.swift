import CLIKit
import IntentKit
import StrictJSON
import WorkflowEngine

/// Prints workflow problems like a compiler: location, message, the source line, a caret.
struct DiagnosticPrinter {
  var context: CLIContext

  /// Prints every diagnostic of an invalid workflow to standard error, then a count; `ran`
  /// says whether the command was about to run it ("nothing ran").
  func print(_ failure: WorkflowInvalid, ran: Bool = true) {
    let renderer = DiagnosticRenderer(style: context.errorStyle)
    let rendered = failure.diagnostics.map { diagnostic in
      SourceDiagnostic(
        path: diagnostic.location?.file, line: diagnostic.location?.line,
        column: diagnostic.location?.column, severity: severity(diagnostic.severity),
        message: diagnostic.message,
        sourceLine: diagnostic.location.flatMap { location in
          location.file.flatMap { failure.sources[$0] }?.line(location.line)
        }, notes: diagnostic.notes)
    }
    context.printError(renderer.render(rendered))
    let count = failure.errors.count
    context.printError("\(count) \(count == 1 ? "error" : "errors")\(ran ? "; nothing ran." : ".")")
  }

  /// Prints a run's error, with the source line when it has a location (from the file it
  /// names: the plan's own, or a nested workflow's), and a hint; `interactive` says whether
  /// the run could ask on a terminal.
  func print(_ error: IntentFlowError, plan: Plan, interactive: Bool = false) {
    let source = plan.source(for: error.location?.file)
    let renderer = DiagnosticRenderer(style: context.errorStyle)
    var notes: [String] = []
    if let hint = Self.hint(for: error, interactive: interactive) { notes.append(hint) }
    let diagnostic = SourceDiagnostic(
      path: error.location?.file, line: error.location?.line, column: error.location?.column,
      severity: .error, message: error.message,
      sourceLine: error.location.flatMap { source?.line($0.line) }, notes: notes)
    context.printError(renderer.render(diagnostic))
  }

  /// Diagnostics as JSON, for `--json`.
  static func json(_ failure: WorkflowInvalid) -> JSONValue {
    .array(
      failure.diagnostics.map { diagnostic in
        var members: [(key: String, value: JSONValue)] = [
          ("severity", .string(diagnostic.severity.rawValue)),
          ("message", .string(diagnostic.message)),
        ]
        if let location = diagnostic.location {
          if let file = location.file { members.append(("file", .string(file))) }
          members.append(("line", .integer(location.line)))
          members.append(("column", .integer(location.column)))
        }
        return .object(members)
      })
  }

  /// What to do about a run that stopped, by the kind of stop. A run that could ask on a
  /// terminal stopped because the person declined or ended the input: running it on a
  /// terminal is no advice then.
  static func hint(for error: IntentFlowError, interactive: Bool = false) -> String? {
    switch error.code {
    case .needsValue:
      return interactive
        ? "give the value in the workflow or with --input"
        : "run it on a terminal to be asked, or give the value in the workflow or with --input"
    case .disambiguation:
      return interactive
        ? "name one of the candidates exactly (or by id)"
        : "name one of the candidates exactly (or by id), or run it on a terminal to choose"
    case .confirmationRequired:
      return interactive ? nil : "run it with --yes to confirm, or on a terminal to be asked"
    case .timedOut:
      return "raise the step's \"timeout\" (for example \"timeout\": \"2m\") if it needs longer"
    default:
      return nil
    }
  }

  private func severity(_ severity: WorkflowEngine.Diagnostic.Severity) -> SourceDiagnostic.Severity
  {
    switch severity {
    case .error: return .error
    case .warning: return .warning
    case .note: return .note
    }
  }
}
