#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs blocking work (reading a pipe to its end, waiting for a process) on a thread of its
/// own, never on one of the Swift concurrency pool's few threads, which a blocked call would
/// take from every other task (a 2-core machine has a pool of 2).
///
/// The thread starts with every asynchronous signal blocked, so that a signal meant for the
/// process (SIGINT, SIGTERM, SIGHUP, which `intentflow` takes with `sigwait`) is never
/// delivered to it; and it is detached, so nothing needs to join it.
public enum DetachedThread {
  /// Starts a thread that runs `body`, then ends.
  ///
  /// - Returns: `false` when the system would not start a thread (`body` then never runs).
  @discardableResult
  public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    let work = Unmanaged.passRetained(Work(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    // A new thread inherits its creator's mask: set exactly ThreadSignals' for the creation
    // (whatever the creator blocked), then restore.
    var blocked = ThreadSignals.asynchronous
    var previous = sigset_t()
    pthread_sigmask(SIG_SETMASK, &blocked, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    // A function of the file's, not a closure with a body: the compiler's region analysis
    // crashes on such a closure (Swift 6.3.1).
    guard pthread_create(&thread, &attributes, { runDetachedThread($0) }, work) == 0 else {
      Unmanaged<Work>.fromOpaque(work).release()
      return false
    }
    return true
  }

  /// The body of one thread, passed to it as an unmanaged reference.
  final class Work: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}

/// A detached thread's entry point: runs its work and releases it.
private func runDetachedThread(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  guard let context else { return nil }
  Unmanaged<DetachedThread.Work>.fromOpaque(context).takeRetainedValue().body()
  return nil
}
