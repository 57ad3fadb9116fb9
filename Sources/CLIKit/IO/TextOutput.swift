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
    // A long text (a command's whole output) goes out as it is, then its line break: joining
    // them would copy it.
    guard text.utf8.count <= 1 << 16 else {
      write(text)
      write("\n")
      return
    }
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
        // A file name that is not UTF-8 goes out as its bytes (`RawBytes`); other text goes
        // out from its own storage, not a copy.
        if !text.utf8.contains(0xF4),
          text.utf8.withContiguousStorageIfAvailable({
            Self.writeAll(UnsafeRawBufferPointer($0), to: descriptor)
          }) != nil
        {
          return
        }
        RawBytes.encode(text).withUnsafeBytes { Self.writeAll($0, to: descriptor) }
      },
      flush: { fflush(nil) })
  }

  /// Writes every byte, retrying after signals and short writes; other failures (a closed
  /// pipe) drop the rest, since there is nowhere left to report them.
  private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) {
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

/// `write(2)`, named apart from ``TextOutput/write``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
