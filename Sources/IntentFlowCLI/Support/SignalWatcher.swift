import CDispatch
import ChildProcesses
import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGINT, SIGTERM and SIGHUP into a cooperative cancellation of the run, remembering
/// which signal came so the runner can exit with 128 + N. A second signal exits at once,
/// after `onForcedExit` (which records the run as cancelled) has run.
///
/// The watcher starts before any work (before the workflow is even read), so a signal at any
/// moment is handled; work that starts later registers with ``whenSignalled(_:)``, which runs
/// at once if a signal already came.
///
/// The signals are taken by one thread of the watcher's own, waiting in `sigwait`; every
/// other thread must block them, as `intentflow`'s main thread does before it starts any
/// (threads inherit the mask; Dispatch's block every signal anyway). Reading them through
/// Dispatch instead cost a cold run Dispatch's manager thread and a worker to register the
/// sources. The thread lives as long as the process; a stopped watcher's thread takes the
/// signals and does nothing with them, as they stayed blocked and pending before.
final class SignalWatcher: Sendable {
  private let received = Mutex<Int32?>(nil)
  /// What to do at the first signal, registered by ``whenSignalled(_:)``.
  private let actions = Mutex<[@Sendable () -> Void]>([])
  /// What to do when a signal comes; `nil` before ``start(_:onSignal:onForcedExit:)`` and
  /// after ``stop()``.
  private let handlers = Mutex<Handlers?>(nil)

  private struct Handlers: Sendable {
    var onSignal: @Sendable (Int32) -> Void
    var onForcedExit: @Sendable (Int32) -> Void
  }

  /// The first signal received, if any.
  var signal: Int32? { received.withLock { $0 } }

  /// The signals that cancel a run: Ctrl-C, `kill`, and a closed terminal (SIGHUP).
  static let cancelling = [SIGINT, SIGTERM, SIGHUP]

  /// Starts watching; `onSignal` runs (on the watcher's thread) for the first signal, and
  /// `onForcedExit` for a second one, just before the process exits with 128 + N.
  ///
  /// Returns `false` when the system would not start the watcher's thread: the signals then
  /// stay blocked and pending, so the run cannot be interrupted but still ends and is recorded.
  @discardableResult
  func start(
    _ signals: [Int32] = SignalWatcher.cancelling,
    onSignal: @escaping @Sendable (Int32) -> Void,
    onForcedExit: @escaping @Sendable (Int32) -> Void = { _ in }
  ) -> Bool {
    handlers.withLock { $0 = Handlers(onSignal: onSignal, onForcedExit: onForcedExit) }
    var set = sigset_t()
    sigemptyset(&set)
    for number in signals { sigaddset(&set, number) }
    pthread_sigmask(SIG_BLOCK, &set, nil)  // already blocked in `intentflow`; here for others
    // A thread of its own that waits with `sigwait` for the blocked signals, for as long as the
    // process lives.
    let watched = set
    return DetachedThread.start { [self] in
      var waitingFor = watched
      while true {
        var number: Int32 = 0
        if sigwait(&waitingFor, &number) == 0 { deliver(number) }
      }
    }
  }

  /// Runs `action` at the first signal, or now if it already came.
  func whenSignalled(_ action: @escaping @Sendable () -> Void) {
    actions.withLock { $0.append(action) }
    if signal != nil { action() }  // may run twice with the handler: actions are cancels
  }

  /// Stops watching: signals that come later are taken and dropped.
  func stop() {
    handlers.withLock { $0 = nil }
  }

  private func deliver(_ number: Int32) {
    guard let handlers = handlers.withLock({ $0 }) else { return }
    let first = received.withLock { received -> Bool in
      guard received == nil else { return false }
      received = number
      return true
    }
    if first {
      handlers.onSignal(number)
      for action in actions.withLock({ $0 }) { action() }
    } else {
      let first = signal ?? number
      handlers.onForcedExit(first)
      fflush(nil)
      _exit(128 + first)
    }
  }
}

/// Delivers a signal to a handler through Dispatch instead of an async-signal handler.
enum SignalSource {
  /// Ignores the signal's default action and calls `handler` (on a global queue) each time
  /// it arrives. Built outside any actor so that the handler is not actor-isolated (an
  /// isolated closure would trap when Dispatch calls it).
  nonisolated static func make(_ number: Int32, handler: @escaping @Sendable () -> Void)
    -> any DispatchSourceSignal
  {
    setDisposition(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    source.setEventHandler { @Sendable in handler() }
    source.resume()
    return source
  }
}

func restoreDefaultDisposition(_ signals: [Int32]) {
  for number in signals { setDisposition(number, SIG_DFL) }
}

private func setDisposition(_ number: Int32, _ disposition: sighandler_t?) {
  _ = signal(number, disposition)
}
