internal import Synchronization

/// A one-line progress display on standard error: `label [=====>     ] 42% (42/100)`, or a
/// spinner `label | 42` when the total is unknown.
///
/// Drawn only when standard error is a terminal, redrawn in place with `\r`, and at most ten
/// times a second (the first and the final state are always drawn). ``finish()`` clears the
/// line. Any task may update it: the state is behind a `Mutex`, which is also why it is a
/// class — every task must update the same bar.
///
/// Write nothing else to standard error while the bar shows, or finish it first.
public final class ProgressBar: Sendable {
  /// The text before the bar.
  public let label: String
  private let output: TextOutput
  private let isEnabled: Bool
  private let width: Int
  private let now: @Sendable () -> Duration
  private let state: Mutex<State>

  /// The shortest time between two redraws.
  public static let redrawInterval: Duration = .milliseconds(100)

  private struct State {
    var completed = 0
    var total: Int?
    var lastDraw: Duration?
    var drawnWidth = 0
    var frame = 0
    var isFinished = false
  }

  /// Creates a progress bar; nothing is drawn until the first update.
  ///
  /// - Parameters:
  ///   - label: The text before the bar.
  ///   - total: The number of units of work, or `nil` for a spinner.
  ///   - terminal: Decides whether to draw (``Terminal/isErrorTerminal``) and how wide.
  ///   - output: Where to draw; standard error by default.
  ///   - now: The time since any fixed start, for throttling; a monotonic clock by default.
  public init(
    label: String, total: Int?, terminal: Terminal = .live,
    output: TextOutput = .standardError, now: (@Sendable () -> Duration)? = nil
  ) {
    self.label = label
    self.output = output
    self.isEnabled = terminal.isErrorTerminal
    self.width = terminal.width
    if let now {
      self.now = now
    } else {
      let start = ContinuousClock.now
      self.now = { ContinuousClock.now - start }
    }
    state = Mutex(State(total: total))
  }

  /// Sets how much work is done, and redraws if the last redraw is old enough.
  ///
  /// - Parameters:
  ///   - completed: Units done so far.
  ///   - total: A new total, or `nil` to keep the current one.
  public func update(completed: Int, total: Int? = nil) {
    state.withLock { state in
      state.completed = completed
      if let total { state.total = total }
      draw(&state)
    }
  }

  /// Adds to the work done, and redraws if the last redraw is old enough.
  ///
  /// - Parameter units: Units just finished.
  public func advance(by units: Int = 1) {
    state.withLock { state in
      state.completed += units
      draw(&state)
    }
  }

  /// Clears the bar's line; later updates draw nothing. Calling it again does nothing.
  public func finish() {
    state.withLock { state in
      guard !state.isFinished else { return }
      state.isFinished = true
      guard state.drawnWidth > 0 else { return }
      output.write("\r" + String(repeating: " ", count: state.drawnWidth) + "\r")
      output.flush()
    }
  }

  private func draw(_ state: inout State) {
    guard isEnabled, !state.isFinished else { return }
    let time = now()
    let isDone = state.total.map { state.completed >= $0 } ?? false
    if let last = state.lastDraw, time - last < Self.redrawInterval, !isDone { return }
    state.lastDraw = time
    let line = Self.line(
      label: label, completed: state.completed, total: state.total, width: width,
      frame: state.frame)
    let lineWidth = line.displayWidth
    let padding = String(repeating: " ", count: max(0, state.drawnWidth - lineWidth))
    output.write("\r" + line + padding)
    output.flush()
    state.drawnWidth = lineWidth
    state.frame += 1
  }

  /// The spinner's frames, one per redraw.
  static let frames = ["|", "/", "-", "\\"]

  /// The text of the bar for a given state, fitted into `width - 1` columns (the last column
  /// is left free, as some terminals wrap when it is written).
  static func line(label: String, completed: Int, total: Int?, width: Int, frame: Int) -> String {
    let room = max(width - 1, 1)
    guard let total else {
      let count = completed > 0 ? " \(completed)" : ""
      let spinner = " " + frames[frame % frames.count] + count
      return joined(fitted(label, room - spinner.count), spinner)
    }
    let done = min(max(completed, 0), max(total, 0))
    let percent = total > 0 ? done * 100 / total : 100
    let suffix = " \(percent)% (\(done)/\(total))"
    // Sized for the widest suffix, so the bar keeps its width as the numbers grow.
    let widestSuffix = " 100% (\(total)/\(total))"
    let barWidth = min(40, room - label.displayWidth - widestSuffix.count - 3)
    guard barWidth >= 5 else { return joined(fitted(label, room - suffix.count), suffix) }
    let filled = total > 0 ? barWidth * done / total : barWidth
    let bar =
      filled >= barWidth
      ? String(repeating: "=", count: barWidth)
      : String(repeating: "=", count: filled) + ">"
        + String(repeating: " ", count: barWidth - filled - 1)
    return "\(label) [\(bar)]\(suffix)"
  }

  /// The label and what follows it, or only what follows (without its space) if the label
  /// was cut away entirely.
  private static func joined(_ label: String, _ rest: String) -> String {
    label.isEmpty ? rest.trimmed : label + rest
  }

  /// The label cut to at most `width` columns, without trailing spaces.
  private static func fitted(_ label: String, _ width: Int) -> String {
    var result = ""
    var used = 0
    for character in label {
      let characterWidth = character.unicodeScalars.displayWidth
      if used + characterWidth > width { break }
      result.append(character)
      used += characterWidth
    }
    return result.count < label.count ? result.trimmed : result
  }
}
