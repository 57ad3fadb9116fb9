import Synchronization

extension LineInput {
  /// This input, except that a read gives up — returning `nil`, as at the end of input — as
  /// soon as the reading task is cancelled.
  ///
  /// A read of standard input cannot itself be interrupted, so a run cancelled by Ctrl-C or
  /// SIGTERM while a prompt waits would otherwise wait for a line first. The abandoned read
  /// goes on in the background and its line, if one comes, is dropped; the runner is
  /// finishing by then.
  public func givingUpOnCancellation() -> LineInput {
    let read = readLine
    let hide = hideTyping
    let giving: @Sendable () async -> String? = {
      let race = ReadRace()
      return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          race.start(continuation)
          // Not a child task: a child would have to be awaited, and the read may never end.
          Task { race.finish(await read()) }
        }
      } onCancel: {
        race.finish(nil)
      }
    }
    return LineInput(readLine: giving, hideTyping: hide)
  }
}

/// A read racing its task's cancellation: whichever finishes first resumes the reader.
private final class ReadRace: Sendable {
  private enum State {
    case idle
    case waiting(CheckedContinuation<String?, Never>)
    case finished(String?)
    case resumed
  }

  private let state = Mutex(State.idle)

  /// Waits with `continuation`, or resumes it at once if the race is already over.
  func start(_ continuation: CheckedContinuation<String?, Never>) {
    let early: String?? = state.withLock { state in
      guard case .finished(let line) = state else {
        state = .waiting(continuation)
        return nil
      }
      state = .resumed
      return .some(line)
    }
    if let line = early { continuation.resume(returning: line) }
  }

  /// Ends the race with `line`; later calls are ignored.
  func finish(_ line: String?) {
    let waiting: CheckedContinuation<String?, Never>? = state.withLock { state in
      switch state {
      case .idle:
        state = .finished(line)
        return nil
      case .waiting(let continuation):
        state = .resumed
        return continuation
      case .finished, .resumed:
        return nil
      }
    }
    waiting?.resume(returning: line)
  }
}
