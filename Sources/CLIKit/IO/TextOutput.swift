import Suggestions

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Somewhere to write text: standard output, standard error, or a recorder in tests.
public struct TextOutput: Sendable {
  /// Writes the text as given (add `"\n"` for a line).
  public var write: @Sendable (String) -> Void
  /// Makes everything written so far visible.
  public var flush: @Sendable () -> Void

  /// Creates an output from its two operations.
  ///
  /// - Parameters:
  ///   - write: Writes text as given.
  ///   - flush: Makes everything written so far visible.
  public init(
    write: @escaping @Sendable (String) -> Void, flush: @escaping @Sendable () -> Void = {}
  ) {
    self.write = write
    self.flush = flush
  }

  /// Writes the text followed by a newline.
  ///
  /// - Parameter text: The line, without its newline.
  public func writeLine(_ text: String) {
    write(text + "\n")
  }

  /// Standard output (descriptor 1).
  public static let standardOutput = TextOutput(descriptor: 1)
  /// Standard error (descriptor 2), where prompts, progress and diagnostics go.
  public static let standardError = TextOutput(descriptor: 2)
  /// An output that drops everything.
  public static let discarding = TextOutput(write: { _ in })

  /// An output that writes straight to a file descriptor with `write(2)`.
  ///
  /// Buffered C stdio output (what `print` uses) is flushed first with `fflush(nil)`, so text
  /// from `print` and from this output keeps its order.
  private init(descriptor: Int32) {
    self.init(
      write: { text in
        fflush(nil)
        // A file name that is not UTF-8 goes out as its bytes (`RawBytes`).
        Self.writeAll(RawBytes.encode(text), to: descriptor)
      },
      flush: { fflush(nil) })
  }

  /// Writes every byte, retrying after signals and short writes; other failures (a closed
  /// pipe) drop the rest, since there is nowhere left to report them.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let written = systemWrite(descriptor, base + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0, errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }
}

/// `write(2)`, named apart from ``TextOutput/write``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
