import Races

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
      // The read races its task's cancellation: whichever comes first decides the line.
      let line = OneShot<String?>()
      // Not a child task: a child would have to be awaited, and the read may never end.
      Task { line.resolve(await read()) }
      return await line.value(resolvingOnCancellationWith: { nil })
    }
    return LineInput(readLine: giving, hideTyping: hide)
  }
}
