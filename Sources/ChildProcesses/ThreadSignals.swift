#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one list of signals that a thread of `intentflow` leaves unblocked, shared by the
/// program's main thread (`blockAsynchronousSignals()` in `main.swift`, inherited by every
/// thread started after it) and the threads `DetachedThread` starts.
///
/// Every other signal is blocked on every thread, so that the signals meant for the process
/// (SIGINT, SIGTERM, SIGHUP) wait for the one thread that takes them with `sigwait`, and a
/// signal whose action is to ignore it is discarded by the kernel rather than left pending.
public enum ThreadSignals {
  /// Signals a thread raises itself, which must reach the thread that caused them: faults
  /// (SIGILL, SIGTRAP, SIGBUS, SIGFPE, SIGSEGV, SIGSYS from a seccomp filter), SIGABRT from
  /// `abort()`, and SIGPIPE from a write to a closed pipe (ignored by the runner, so the write
  /// fails with EPIPE instead of staying pending on a blocked thread). SIGPROF stays
  /// deliverable so that a profiler's timer reaches the process.
  public static let deliveredToEveryThread: [Int32] = [
    SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGSYS, SIGPIPE, SIGPROF,
  ]

  /// Blocks every signal but ``deliveredToEveryThread`` on the calling thread; threads it
  /// starts afterwards inherit the mask.
  public static func blockAsynchronousSignals() {
    var signals = asynchronous
    pthread_sigmask(SIG_BLOCK, &signals, nil)
  }

  /// Every signal but ``deliveredToEveryThread``.
  static var asynchronous: sigset_t {
    var signals = sigset_t()
    sigfillset(&signals)
    for signal in deliveredToEveryThread { sigdelset(&signals, signal) }
    return signals
  }
}
