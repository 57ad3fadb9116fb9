import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGINT and SIGTERM into a cooperative cancellation of the run, remembering which
/// signal came so the runner can exit with 128 + N. A second signal exits at once.
///
/// `@unchecked Sendable`: the Dispatch sources are created once in ``start(_:onSignal:)``
/// behind the lock and only cancelled afterwards; Dispatch sources are thread-safe objects
/// whose Swift overlay is not annotated `Sendable` on Linux.
final class SignalWatcher: @unchecked Sendable {
  private let received = Mutex<Int32?>(nil)
  private let lock = Mutex<Void>(())
  private var sources: [any DispatchSourceSignal] = []

  /// The first signal received, if any.
  var signal: Int32? { received.withLock { $0 } }

  /// Starts watching; `onSignal` runs (on a Dispatch queue) for the first signal.
  func start(_ signals: [Int32] = [SIGINT, SIGTERM], onSignal: @escaping @Sendable (Int32) -> Void)
  {
    let made = signals.map { number in
      Self.makeSource(number, watcher: self, onSignal: onSignal)
    }
    lock.withLock { _ in sources = made }
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
    restoreDefaultDisposition([SIGINT, SIGTERM])
  }

  private static func makeSource(
    _ number: Int32, watcher: SignalWatcher, onSignal: @escaping @Sendable (Int32) -> Void
  ) -> any DispatchSourceSignal {
    SignalSource.make(number) {
      let first = watcher.received.withLock { received -> Bool in
        guard received == nil else { return false }
        received = number
        return true
      }
      if first {
        onSignal(number)
      } else {
        fflush(nil)
        _exit(128 + number)
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
