import Dispatch
import Races
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program started with `posix_spawn`, in place of Foundation's `Process`: its standard
/// streams piped to the parent as its ``Command`` asks, waited for without holding a thread of
/// the Swift concurrency pool, and signalled safely (never once its process id has been
/// reaped, when the system may have given it to another process).
///
/// The usual use starts a command and waits for its ``outcome(grace:)``: one thread of its own
/// feeds stdin and drains stdout and stderr at once with `poll`, so that no pipe can fill and
/// stall the child, then reaps it; cancelling the waiting task sends SIGTERM, then SIGKILL
/// after a grace period. A caller that talks to a long-lived child (a JSON-RPC peer) uses the
/// pipes' descriptors, ``write(_:)`` and ``waitUntilExit()`` instead.
///
/// No child is left a zombie: once every reference is gone, a child that nobody waited for is
/// reaped by a thread of its own.
public final class ChildProcess: Sendable {
  /// The process id; also the id of its process group when it leads one.
  public let processIdentifier: Int32
  /// Whether the child leads a process group of its own (``Command/newProcessGroup``).
  public let leadsProcessGroup: Bool
  /// Whether the child leads a session of its own (``Command/newSession``).
  public let leadsSession: Bool
  /// The parent's end of the child's standard output, when piped: the descriptor to read (with
  /// `read` or `poll`) when not using ``outcome(grace:)``. It stays open as long as this
  /// object lives; do not close it.
  public let standardOutput: Int32?
  /// The parent's end of the child's standard error, when piped; as ``standardOutput``.
  public let standardError: Int32?
  /// The parent's end of stdin, until closed.
  private let input: Mutex<Int32?>
  /// What ``outcome(grace:)`` feeds to stdin.
  private let inputBytes: [UInt8]
  /// How much of each stream ``outcome(grace:)`` keeps, and what happens past that.
  private let outputLimit: Int
  private let overLimit: Command.OverLimit
  private let state = Mutex(State())
  /// How the child ended, decided once it is reaped, for everyone who waits.
  private let exited = OneShot<Termination>()
  /// What ``outcome(grace:)`` collected, decided once the pump thread is done.
  private let collectedOutcome = OneShot<Outcome>()

  private struct State {
    /// Set once the child is reaped: from then on its id may belong to another process.
    var termination: Termination?
    /// A thread waits for the exit (and will reap the child).
    var reaping = false
    /// The pump thread has started.
    var collecting = false
    var terminating = false
  }

  /// Starts a program.
  ///
  /// - Throws: ``ChildProcessError`` when the system cannot start it (not found, not
  ///   executable, no descriptors left); nothing is left open then.
  public init(_ command: Command) throws(ChildProcessError) {
    let started = try Spawn.start(command)
    processIdentifier = started.pid
    leadsProcessGroup = command.newProcessGroup || command.newSession
    leadsSession = command.newSession
    standardOutput = started.output
    standardError = started.errors
    input = Mutex(started.input)
    outputLimit = command.outputLimit
    overLimit = command.overLimit
    if case .bytes(let bytes) = command.standardInput {
      inputBytes = bytes
    } else {
      inputBytes = []
    }
  }

  deinit {
    for descriptor in [standardOutput, standardError] {
      if let descriptor { close(descriptor) }
    }
    closeStandardInput()
    // Nobody waits for the child any more (a waiting thread would hold this object): reap it
    // when it ends, so that it does not stay a zombie until the parent exits.
    let orphaned = state.withLock { $0.termination == nil && !$0.reaping }
    if orphaned {
      let pid = processIdentifier
      ChildProcess.offPool { _ = ChildProcess.reapBlocking(pid) }
    }
  }

  /// Starts `command`, waits for it and returns what it left (see ``outcome(grace:)``).
  ///
  /// - Throws: ``ChildProcessError`` when it cannot be started.
  public static func run(_ command: Command, grace: Duration = .seconds(2))
    async throws(ChildProcessError) -> Outcome
  {
    try await ChildProcess(command).outcome(grace: grace)
  }

  // MARK: Waiting

  /// How the child ended, once it has been reaped; `nil` while it runs.
  public var termination: Termination? { state.withLock { $0.termination } }

  /// Feeds stdin its bytes (``Command/Input/bytes(_:)``), reads the piped output and errors
  /// to their end and waits for the child to exit, on a thread of its own; returns what it
  /// left. Any number of callers may wait: the work is done once.
  ///
  /// When the waiting task is cancelled, the child (its process group, when it leads one) gets
  /// SIGTERM, and SIGKILL once `grace` has passed; the call still returns only once the child
  /// has been reaped.
  ///
  /// The output is complete only when the child and everything it started have closed the
  /// pipes: a grandchild that keeps them open delays the outcome until it ends. At most
  /// ``Command/outputLimit`` bytes of each stream are kept; a child that writes more is
  /// stopped as a cancelled one is (``Command/OverLimit/stop``), or read to its end with
  /// the rest dropped (``Command/OverLimit/discard``).
  public func outcome(grace: Duration) async -> Outcome {
    await withTaskCancellationHandler {
      await collected(grace: grace)
    } onCancel: {
      startTerminating(grace: grace)
    }
  }

  private func collected(grace: Duration) async -> Outcome {
    let start = state.withLock { state -> Bool in
      defer {
        state.collecting = true
        state.reaping = true
      }
      return !state.collecting
    }
    if start {
      ChildProcess.offPool { [self] in
        let input = self.input.withLock { descriptor in
          defer { descriptor = nil }
          return descriptor
        }
        var (output, errors) = Pump(
          input: input, output: standardOutput, errors: standardError
        ).run(feeding: inputBytes, limit: outputLimit, overLimit: overLimit)
        let overOutput = output.isOverLimit
        let overErrors = errors.isOverLimit
        // The pump stopped reading: the child may be blocked on a full pipe, so stop it.
        if overLimit == .stop, overOutput || overErrors { startTerminating(grace: grace) }
        collectedOutcome.resolve(
          Outcome(
            output: Outcome.Captured(&output), errors: Outcome.Captured(&errors),
            termination: waitUntilExit(), outputOverLimit: overOutput,
            errorsOverLimit: overErrors))
      }
    }
    // Cancellation reaches the child as signals (see outcome(grace:)); the wait goes on until
    // it has been reaped.
    return await collectedOutcome.valueIgnoringCancellation()
  }

  /// Suspends until the child has exited and been reaped, by a thread of its own unless
  /// another caller or ``outcome(grace:)`` already waits.
  ///
  /// A child whose output is piped and never read may block writing, and never exit: use
  /// ``outcome(grace:)``, or read the pipes.
  public func terminated() async -> Termination {
    let start = state.withLock { state -> Bool in
      defer { state.reaping = true }
      return !state.reaping && state.termination == nil
    }
    if start { ChildProcess.offPool { [self] in _ = waitUntilExit() } }
    return await exited.valueIgnoringCancellation()
  }

  /// Blocks the calling thread until the child has exited, reaps it and returns how it ended.
  ///
  /// For threads of the caller's own; never call it on the Swift concurrency pool, where
  /// ``terminated()`` suspends instead.
  @discardableResult
  public func waitUntilExit() -> Termination {
    if let termination { return termination }
    // Waits without reaping, so that a signal sent meanwhile (under the lock, checking that
    // the child is not reaped yet) cannot reach another process that took its id.
    var info = siginfo_t()
    while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
    let termination = state.withLock { state -> Termination in
      if let termination = state.termination { return termination }
      let termination = ChildProcess.reapBlocking(processIdentifier)
      state.termination = termination
      return termination
    }
    exited.resolve(termination)
    return termination
  }

  /// Reaps `pid`, waiting for it to exit. A status that the system did not keep (the parent
  /// set SIGCHLD to be ignored, so children reap themselves) reads as exit status 255.
  private static func reapBlocking(_ pid: pid_t) -> Termination {
    var status: Int32 = 0
    var result: pid_t
    repeat {
      result = waitpid(pid, &status, 0)
    } while result < 0 && errno == EINTR
    return result == pid ? Termination(waitStatus: status) : .exited(255)
  }

  // MARK: Signalling

  /// Sends `number` to the child, or to its whole process group when it leads one; nothing
  /// once it has been reaped.
  ///
  /// - Returns: Whether the signal was sent.
  @discardableResult
  public func signal(_ number: Int32) -> Bool {
    state.withLock { state in
      guard state.termination == nil else { return false }
      return kill(leadsProcessGroup ? -processIdentifier : processIdentifier, number) == 0
    }
  }

  /// Sends SIGTERM, waits for the child to exit, and sends SIGKILL if it has not exited once
  /// `grace` has passed; then, when it led a process group, SIGKILL to whatever is left of the
  /// group (its children that outlived it).
  ///
  /// The child must be able to exit: its piped output read (by ``outcome(grace:)``) or not
  /// piped.
  public func terminate(grace: Duration) async {
    startTerminating(grace: grace)
    _ = await terminated()
    if leadsProcessGroup { kill(-processIdentifier, SIGKILL) }
  }

  /// SIGTERM now, SIGKILL after `grace` unless the child is reaped by then (once per child).
  private func startTerminating(grace: Duration) {
    let first = state.withLock { state in
      defer { state.terminating = true }
      return !state.terminating && state.termination == nil
    }
    guard first else { return }
    signal(SIGTERM)
    let (seconds, attoseconds) = grace.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
      signal(SIGKILL)
    }
  }

  // MARK: Standard input

  /// Writes every byte to the child's standard input (``Command/Input/pipe``), blocking until
  /// the pipe has taken them.
  ///
  /// A child that has exited or closed its input makes this throw (EPIPE), never raises
  /// SIGPIPE in the parent.
  ///
  /// - Throws: ``ChildProcessError`` with the `errno` of the failure, or EBADF when stdin is
  ///   not a pipe or is closed.
  public func write(_ bytes: [UInt8]) throws(ChildProcessError) {
    let pid = processIdentifier
    try input.withLock { descriptor throws(ChildProcessError) in
      guard let descriptor else {
        throw ChildProcessError(
          "the standard input of process \(pid) is closed", reason: ChildProcessError.reason(EBADF),
          code: EBADF)
      }
      let code = Descriptors.writeAll(bytes, to: descriptor)
      guard code == 0 else {
        throw ChildProcessError.system(
          "cannot write to the standard input of process \(pid)", code: code)
      }
    }
  }

  /// Closes the child's standard input (it reads the end of file); nothing if already closed.
  public func closeStandardInput() {
    input.withLock { descriptor in
      if let open = descriptor { close(open) }
      descriptor = nil
    }
  }

  // MARK: Threads

  /// Runs `work` on a thread of its own; on the calling thread when the system will not start
  /// one, which blocks it but still reaps the child.
  private static func offPool(_ work: @escaping @Sendable () -> Void) {
    if !DetachedThread.start(work) { work() }
  }
}
