#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing to a pipe whose reader may be gone.
enum Descriptors {
  /// Writes every byte to `descriptor`, retrying interrupted and partial writes; returns 0, or
  /// the `errno` of the failure (EAGAIN for a non-blocking descriptor that is full).
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
    withPipeSignalBlocked {
      var offset = 0
      while offset < bytes.count {
        let count = bytes.withUnsafeBytes { buffer -> Int in
          guard let base = buffer.baseAddress else { return 0 }
          return write(descriptor, base + offset, buffer.count - offset)
        }
        if count < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += count
      }
      return 0
    }
  }

  /// Runs `body` with SIGPIPE blocked on this thread: a write to a pipe whose reader has
  /// exited then fails with EPIPE instead of killing the parent, and the signal that is left
  /// pending is taken back before the mask is restored. A body that raised none costs two
  /// system calls for the mask.
  static func withPipeSignalBlocked<T>(_ body: () -> T) -> T {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    defer {
      var pending = sigset_t()
      if sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1,
        sigismember(&previous, SIGPIPE) == 0
      {
        var none = timespec(tv_sec: 0, tv_nsec: 0)
        while sigtimedwait(&pipeSignal, nil, &none) == SIGPIPE {}
      }
      pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
    return body()
  }
}
