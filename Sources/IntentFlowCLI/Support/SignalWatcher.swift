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
/// `@unchecked Sendable`: the Dispatch sources are created once in ``start(_:onSignal:onForcedExit:)``
/// behind the lock and only cancelled afterwards; Dispatch sources are thread-safe objects
/// whose Swift overlay is not annotated `Sendable` on Linux.
final class SignalWatcher: @unchecked Sendable {
  private let received = Mutex<Int32?>(nil)
  /// What to do at the first signal, registered by ``whenSignalled(_:)``.
  private let actions = Mutex<[@Sendable () -> Void]>([])
  private let lock = Mutex<Void>(())
  private var sources: [any DispatchSourceSignal] = []

  /// The first signal received, if any.
  var signal: Int32? { received.withLock { $0 } }

  /// The signals that cancel a run: Ctrl-C, `kill`, and a closed terminal (SIGHUP).
  static let cancelling = [SIGINT, SIGTERM, SIGHUP]

  /// Starts watching; `onSignal` runs (on a Dispatch queue) for the first signal, and
  /// `onForcedExit` for a second one, just before the process exits with 128 + N.
  func start(
    _ signals: [Int32] = SignalWatcher.cancelling,
    onSignal: @escaping @Sendable (Int32) -> Void,
    onForcedExit: @escaping @Sendable (Int32) -> Void = { _ in }
  ) {
    let made = signals.map { number in
      Self.makeSource(number, watcher: self, onSignal: onSignal, onForcedExit: onForcedExit)
    }
    lock.withLock { _ in sources = made }
  }

  /// Runs `action` at the first signal, or now if it already came.
  func whenSignalled(_ action: @escaping @Sendable () -> Void) {
    actions.withLock { $0.append(action) }
    if signal != nil { action() }  // may run twice with the handler: actions are cancels
  }

  /// Stops watching and restores the default dispositions.
  func stop() {
    let active = lock.withLock { _ in
      defer { sources = [] }
      return sources
    }
    for source in active {
      source.cancel()
    }
    restoreDefaultDisposition(Self.cancelling)
  }

  private static func makeSource(
    _ number: Int32, watcher: SignalWatcher, onSignal: @escaping @Sendable (Int32) -> Void,
    onForcedExit: @escaping @Sendable (Int32) -> Void
  ) -> any DispatchSourceSignal {
    SignalSource.make(number) {
      let first = watcher.received.withLock { received -> Bool in
        guard received == nil else { return false }
        received = number
        return true
      }
      if first {
        onSignal(number)
        for action in watcher.actions.withLock({ $0 }) { action() }
      } else {
        let first = watcher.signal ?? number
        onForcedExit(first)
        fflush(nil)
        _exit(128 + first)
      }
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
