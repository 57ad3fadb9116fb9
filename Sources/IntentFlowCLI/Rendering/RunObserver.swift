import CLIKit
import IntentKit
import Synchronization
import WorkflowEngine

/// Shows a run on standard error as it happens: dialogs and snippets, progress bars,
/// retries, and with `--verbose` every step.
final class RunObserver: Sendable {
  private let context: CLIContext
  private let verbose: Bool
  private let quiet: Bool
  /// The bars shown, by step index. A list, not a dictionary: a run shows a few at a time,
  /// and destroying a `[Int: ProgressBar]` (even an empty one) made the runtime instantiate
  /// its type and search every conformance record of the program for `Int: Hashable`.
  private let bars = Mutex<[(step: Int, bar: ProgressBar)]>([])

  init(context: CLIContext, verbose: Bool, quiet: Bool) {
    self.context = context
    self.verbose = verbose
    self.quiet = quiet
  }

  func handle(_ event: RunEvent) {
    let style = context.errorStyle
    switch event {
    case .stepStarted(let step):
      if verbose {
        let intent = step.intent.map { " (\($0))" } ?? ""
        context.printError(style.dim("▸ \(step.label)\(intent)"))
      }
    case .stepFinished(let step, _, let dialog, let snippet, let duration):
      finishBar(step)
      if verbose {
        context.printError(style.dim("✓ \(step.label) \(Self.format(duration))"))
      }
      guard !quiet else { return }
      if let dialog { context.printError(dialog) }
      if let snippet {
        context.printError(
          snippet.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "  " + $0 }.joined(separator: "\n"))
      }
    case .stepSkipped(let step):
      if verbose { context.printError(style.dim("– \(step.label) skipped (its 'if' is false)")) }
    case .stepFailed(let step, let error, let willRetry):
      finishBar(step)
      if willRetry {
        context.printError(style.yellow("\(step.label): \(error.message); retrying"))
      }
    case .progress(let step, let update):
      guard !quiet else { return }
      if let message = update.message, update.total == nil, update.completed == 0 {
        context.printError(message)
        return
      }
      bar(for: step, total: update.total).update(completed: update.completed, total: update.total)
    case .runStarted, .runFinished, .stepResolved, .stepConfirmed:
      break
    }
  }

  private func bar(for step: StepInfo, total: Int?) -> ProgressBar {
    bars.withLock { bars in
      if let shown = bars.first(where: { $0.step == step.index }) { return shown.bar }
      let bar = ProgressBar(
        label: step.label, total: total, terminal: context.terminal, output: context.standardError)
      bars.append((step.index, bar))
      return bar
    }
  }

  private func finishBar(_ step: StepInfo) {
    let bar = bars.withLock { bars -> ProgressBar? in
      guard let position = bars.firstIndex(where: { $0.step == step.index }) else { return nil }
      return bars.remove(at: position).bar
    }
    bar?.finish()
  }

  static func format(_ duration: Duration) -> String {
    let milliseconds = RunRendering.milliseconds(duration)
    return milliseconds < 1000
      ? "\((milliseconds * 10).rounded() / 10) ms" : "\((milliseconds / 100).rounded() / 10) s"
  }
}
