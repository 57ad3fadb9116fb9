internal import Dispatch
internal import Synchronization

/// Somewhere to read lines of text from: standard input, or a script in tests.
public struct LineInput: Sendable {
  /// Reads the next line without its line ending; `nil` at the end of input.
  public var readLine: @Sendable () async -> String?
  /// Stops the terminal from showing what is typed, for a secret; returns what shows it
  /// again (safe to call more than once), or `nil` when the input is not a terminal.
  public var hideTyping: @Sendable () -> (@Sendable () -> Void)?
  /// Starts a read that ends by calling back, from any thread: the form of an input whose
  /// reads cannot be interrupted (a descriptor read on a queue of its own), which lets
  /// ``givingUpOnCancellation()`` stop waiting without leaving a task behind. `nil` for an
  /// input made from an `async` read.
  public var startRead: (@Sendable (@escaping @Sendable (String?) -> Void) -> Void)?

  /// Creates an input from its read operation.
  ///
  /// - Parameters:
  ///   - readLine: Returns the next line, or `nil` at the end of input.
  ///   - hideTyping: Turns the echo of typed characters off and returns what turns it back
  ///     on; by default there is no echo to turn off.
  public init(
    readLine: @escaping @Sendable () async -> String?,
    hideTyping: @escaping @Sendable () -> (@Sendable () -> Void)? = { nil }
  ) {
    self.readLine = readLine
    self.hideTyping = hideTyping
  }

  /// Creates an input from a read that calls back when its line is there.
  ///
  /// - Parameters:
  ///   - startingReads: Starts one read, which calls its argument once with the next line, or
  ///     `nil` at the end of input.
  ///   - hideTyping: As for ``init(readLine:hideTyping:)``.
  public init(
    startingReads: @escaping @Sendable (@escaping @Sendable (String?) -> Void) -> Void,
    hideTyping: @escaping @Sendable () -> (@Sendable () -> Void)? = { nil }
  ) {
    self.init(
      readLine: {
        await withCheckedContinuation { continuation in
          startingReads { continuation.resume(returning: $0) }
        }
      }, hideTyping: hideTyping)
    startRead = startingReads
  }

  /// Standard input, read with `read(2)` on a dedicated serial queue so that a task awaiting
  /// a line never blocks a thread of Swift's cooperative pool, and without the C library's
  /// stream lock (which `fflush(nil)` also takes, so a pending read would block every write).
  ///
  /// A read itself cannot be interrupted; wrap the input with ``givingUpOnCancellation()``
  /// so that a cancelled task stops waiting for it.
  public static let standardInput: LineInput = descriptorZero

  /// An input that yields the given lines in order, then `nil` (end of input), for tests.
  ///
  /// - Parameter lines: The lines to yield.
  /// - Returns: A scripted input.
  public static func lines(_ lines: [String]) -> LineInput {
    let script = Script(lines)
    return LineInput { script.next() }
  }
}

/// The remaining lines of a scripted ``LineInput``.
private final class Script: Sendable {
  private let remaining: Mutex<ArraySlice<String>>

  init(_ lines: [String]) {
    remaining = Mutex(lines[...])
  }

  func next() -> String? {
    remaining.withLock { $0.popFirst() }
  }
}
