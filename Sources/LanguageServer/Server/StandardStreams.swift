import ChildProcesses

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard input and output as the server's transport.
public enum StandardStreams {
  /// The bytes of standard input as they arrive, read on a thread of its own (a blocked read
  /// takes no thread of the concurrency pool); the stream ends at end of file or an error.
  public static func input() -> AsyncStream<[UInt8]> {
    let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
    let started = DetachedThread.start {
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        continuation.yield(Array(buffer[..<count]))
      }
      continuation.finish()
    }
    if !started { continuation.finish() }
    return stream
  }

  /// Writes `bytes` to standard output, all of them, retrying after interruptions.
  @Sendable public static func write(_ bytes: [UInt8]) {
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { pointer -> Int in
        #if canImport(Glibc)
          Glibc.write(1, pointer.baseAddress, pointer.count)
        #else
          Darwin.write(1, pointer.baseAddress, pointer.count)
        #endif
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }  // the client is gone
      written += count
    }
  }
}
