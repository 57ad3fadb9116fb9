internal import Synchronization

/// MCP's stdio transport: newline-delimited JSON-RPC messages in, the same out.
///
/// Reading is the caller's (one reader, the server's loop); writing may come from any task
/// (a call's result, its progress, a request to the client), so each line is written whole
/// under a lock and flushed, and lines never interleave.
public struct MessageChannel: Sendable {
  /// Reads the next line without its line break; `nil` at the end of input.
  public var readLine: @Sendable () async -> String?
  private let writer: Writer

  /// A channel over a line reader and a text writer.
  ///
  /// - Parameters:
  ///   - readLine: The next line, `nil` at the end of input.
  ///   - write: Writes text as given.
  ///   - flush: Makes what was written visible to the client.
  public init(
    readLine: @escaping @Sendable () async -> String?,
    write: @escaping @Sendable (String) -> Void, flush: @escaping @Sendable () -> Void
  ) {
    self.readLine = readLine
    writer = Writer(write: write, flush: flush)
  }

  /// Sends one message as one line.
  public func send(_ message: JSONRPCMessage) {
    writer.send(message.line)
  }

  private final class Writer: Sendable {
    let lock = Mutex(())
    let write: @Sendable (String) -> Void
    let flush: @Sendable () -> Void

    init(write: @escaping @Sendable (String) -> Void, flush: @escaping @Sendable () -> Void) {
      self.write = write
      self.flush = flush
    }

    func send(_ line: String) {
      lock.withLock { _ in
        write(line + "\n")
        flush()
      }
    }
  }
}
