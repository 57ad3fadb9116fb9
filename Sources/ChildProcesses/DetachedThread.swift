#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A thread of its own for work that blocks in a C call (a child's pipe, libcurl's transfer),
/// so that the blocking never holds one of the concurrency pool's few threads. Foundation's
/// `Thread` did this; a pthread does it without linking Foundation.
public enum DetachedThread {
  /// Starts a detached thread that runs `body` and ends.
  ///
  /// - Returns: `false` if the system could not start a thread (`body` is then not run).
  @discardableResult
  public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    let work = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    guard pthread_create(&thread, &attributes, runThreadBody, work) == 0 else {
      Unmanaged<ThreadBody>.fromOpaque(work).release()
      return false
    }
    return true
  }
}

private final class ThreadBody: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

// A file-level function: Swift 6.3.1's region analysis crashes on a C callback that calls a
// static method of the enclosing type.
#if canImport(Glibc)
  private func runThreadBody(_ work: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let work else { return nil }
    Unmanaged<ThreadBody>.fromOpaque(work).takeRetainedValue().run()
    return nil
  }
#else
  private func runThreadBody(_ work: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadBody>.fromOpaque(work).takeRetainedValue().run()
    return nil
  }
#endif
