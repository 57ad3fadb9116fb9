import CLIKit
import IntentKit
import WorkflowEngine

extension DiagnosticPrinter {
  /// Prints a valid workflow's warnings like its errors would be, then a count.
  func printWarnings(_ warnings: WorkflowInvalid) {
    guard !warnings.diagnostics.isEmpty else { return }
    let renderer = DiagnosticRenderer(style: context.errorStyle)
    let rendered = warnings.diagnostics.map { diagnostic in
      SourceDiagnostic(
        path: diagnostic.location?.file, line: diagnostic.location?.line,
        column: diagnostic.location?.column, severity: .warning, message: diagnostic.message,
        sourceLine: diagnostic.location.flatMap { location in
          location.file.flatMap { warnings.sources[$0] }?.line(location.line)
        }, notes: diagnostic.notes)
    }
    context.printError(renderer.render(rendered))
    let count = warnings.diagnostics.count
    context.printError("\(count) \(count == 1 ? "warning" : "warnings").")
  }
}
