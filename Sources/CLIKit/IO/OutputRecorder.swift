internal import Synchronization

/// Collects what is written to its ``output``, for tests of prompts, progress and commands.
///
/// ```swift
/// let recorder = OutputRecorder()
/// let prompter = Prompter(input: .lines(["2"]), output: recorder.output)
/// _ = await prompter.choose("Which list?", options: ["Home", "Work"])
/// #expect(recorder.text.hasSuffix("Enter 1-2 or a name: "))
/// ```
///
/// A class because its identity is the point: writers and the test share one buffer.
public final class OutputRecorder: Sendable {
  private let buffer = Mutex("")

  /// Creates an empty recorder.
  public init() {}

  /// Everything written so far.
  public var text: String {
    buffer.withLock { $0 }
  }

  /// An output that appends to this recorder.
  public var output: TextOutput {
    TextOutput { text in self.buffer.withLock { $0 += text } }
  }

  /// Empties the recorder.
  public func clear() {
    buffer.withLock { $0 = "" }
  }
}
