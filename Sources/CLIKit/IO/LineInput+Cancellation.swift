import Races

extension LineInput {
  /// This input, except that a read gives up — returning `nil`, as at the end of input — as
  /// soon as the reading task is cancelled.
  ///
  /// A read of standard input cannot itself be interrupted, so a run cancelled by Ctrl-C or
  /// SIGTERM while a prompt waits would otherwise wait for a line first. Such an input starts
  /// its reads with a callback (``startRead``): the read races the task's cancellation to
  /// decide a ``OneShot``, and an abandoned read goes on on its input's own queue (no task)
  /// until its line, if one comes, is dropped; the runner is finishing by then. An input made
  /// from an `async` read is awaited in the reading task, whose cancellation reaches it; its
  /// line is dropped when the task was cancelled meanwhile.
  public func givingUpOnCancellation() -> LineInput {
    let hide = hideTyping
    guard let start = startRead else {
      let read = readLine
      return LineInput(
        readLine: {
          let line = await read()
          return Task.isCancelled ? nil : line
        }, hideTyping: hide)
    }
    let giving: @Sendable () async -> String? = {
      // The read races its task's cancellation: whichever comes first decides the line.
      let line = OneShot<String?>()
      start { line.resolve($0) }
      return await line.value(resolvingOnCancellationWith: { nil })
    }
    return LineInput(readLine: giving, hideTyping: hide)
  }
}
