// The `intentflow` executable. Everything it does lives in IntentFlowCLI, where it is tested.
import CLIKit
import IntentFlowCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(CMalloc)
  import CMalloc
#endif

#if canImport(CMalloc)
  // Validating a large file allocates tens of megabytes in small pieces, on a thread whose heap
  // glibc grows and shrinks a few pages at a time, one system call each: growing it 16 MB at a
  // time took `validate` of 10,000 steps from 59 to 52 ms. The pages are only reserved until
  // used, so a small run's memory does not change.
  mallopt(M_TOP_PAD, 16 << 20)
#endif

/// Leaves without tearing down. Everything the run owes the world is written by now (history
/// rows are committed, output is flushed here), so no exit handlers, no destructors, no closing
/// connections that would only checkpoint SQLite's log for the next process to find anyway.
func finish(_ status: Int32) -> Never {
  fflush(nil)
  _exit(status)
}

// The version, help and usage errors are answered here, synchronously: this code has no
// `await`, so the program's main is not async, and these never start the concurrency runtime
// and its threads, read the environment or build the registry.
let terminal = Terminal.live
switch IntentFlowCommand.request(
  Array(CommandLine.arguments.dropFirst()), terminal: terminal, standardOutput: .standardOutput,
  standardError: .standardError)
{
case .answered(let status):
  finish(status)
case .command(let command):
  // A command runs in a task of its own, which ends the process; the main thread parks in
  // Dispatch. Detached: a task on the main actor (as an async main is) would be served
  // through Dispatch's main queue on yet another thread, a hand-off that cost a cold run
  // 0.7 ms of CPU.
  Task.detached {
    let context = CLIContext.live(registry: IntentFlowCommand.registry, terminal: terminal)
    finish(await IntentFlowCommand.run(command, context: context))
  }
  parkMainThread()
}

/// Parks the main thread for good, as `dispatchMain()` does, but without its `pthread_exit`,
/// for which glibc loads `libgcc_s` (the binary links libgcc in) to unwind the thread: 0.1 ms
/// and some 40 page faults of a cold run.
///
/// Signals are blocked on this thread first, as Dispatch does it: the kernel discards a
/// signal whose action is to ignore it (the one SignalWatcher sets, to read signals through
/// Dispatch) unless the process's main thread blocks it. Faults a thread raises itself stay
/// unblocked.
func parkMainThread() -> Never {
  var signals = sigset_t()
  sigfillset(&signals)
  for fault in [SIGILL, SIGTRAP, SIGFPE, SIGBUS, SIGSEGV, SIGSYS, SIGPIPE, SIGPROF] {
    sigdelset(&signals, fault)
  }
  pthread_sigmask(SIG_BLOCK, &signals, nil)
  while true { pause() }
}
