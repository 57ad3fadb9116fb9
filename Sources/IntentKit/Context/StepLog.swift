import Synchronization

/// The log lines a step leaves for the run's step history: the end of what a `shell.run`
/// command wrote, an extension's log lines. Bounded: it keeps the last ``lineLimit`` lines and
/// at most ``byteLimit`` bytes of them, so a chatty program cannot fill memory or the store.
///
/// The engine gives each step of a recorded run the same log (``IntentContext/log``) and takes
/// its lines when the step ends; intents append with ``append(_:stream:)``.
public final class StepLog: Sendable {
  /// One line, and the stream it came from (`stdout`, `stderr`, `log`).
  public struct Line: Sendable, Hashable {
    public var stream: String
    public var text: String

    public init(stream: String, text: String) {
      self.stream = stream
      self.text = text
    }
  }

  /// The most lines kept for a step: 100.
  public static let lineLimit = 100
  /// The most bytes of text kept for a step: 8 KiB.
  public static let byteLimit = 8_192
  /// The most bytes of one line: 1 KiB; a longer line is cut, ending with `…`.
  public static let lineByteLimit = 1_024

  private struct State {
    var lines: [Line] = []
    var bytes = 0
  }

  private let state = Mutex(State())

  public init() {}

  /// Adds the lines of `text` (split at line breaks; a final empty line is dropped), dropping
  /// the oldest lines past the limits.
  /// - Parameters:
  ///   - text: One or more lines.
  ///   - stream: Where they came from: `stdout`, `stderr` or `log`.
  public func append(_ text: String, stream: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let count = lines.last?.isEmpty == true ? lines.count - 1 : lines.count
    guard count > 0 else { return }
    // Only the last lines can be kept.
    let kept = lines[..<count].suffix(Self.lineLimit).map { line -> String in
      var line = line
      if line.last == "\r" { line.removeLast() }
      guard line.utf8.count > Self.lineByteLimit else { return String(line) }
      var end = line.utf8.index(line.utf8.startIndex, offsetBy: Self.lineByteLimit)
      while end > line.utf8.startIndex, line.utf8[end] & 0xC0 == 0x80 {
        end = line.utf8.index(before: end)
      }
      return String(decoding: line.utf8[..<end], as: UTF8.self) + "…"
    }
    state.withLock { state in
      for text in kept {
        state.lines.append(Line(stream: stream, text: text))
        state.bytes += text.utf8.count
      }
      var drop = 0
      while state.lines.count - drop > Self.lineLimit || state.bytes > Self.byteLimit,
        drop < state.lines.count
      {
        state.bytes -= state.lines[drop].text.utf8.count
        drop += 1
      }
      if drop > 0 { state.lines.removeFirst(drop) }
    }
  }

  /// The lines so far, leaving the log empty for the next step.
  public func take() -> [Line] {
    state.withLock { state in
      defer { state = State() }
      return state.lines
    }
  }
}
