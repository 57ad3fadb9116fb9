// The `intentflow` executable. Everything it does lives in IntentFlowCLI, where it is tested.
import CLIKit
import ChildProcesses
import IntentFlowCLI
import IntentKit

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
  CommandLineArguments.current(), terminal: terminal,
  standardOutput: .standardOutput(for: terminal), standardError: .standardError(for: terminal))
{
case .answered(let status):
  finish(status)
case .command(let command):
  // The command runs on this thread (see `CallingThreadExecutor`), which leaves it only to
  // exit, with the signals that cancel a run blocked before any other thread starts.
  blockAsynchronousSignals()
  // The process ends inside the task, so the context (the registry with any extension's
  // intents) is not torn down first.
  CallingThreadExecutor.run { executor -> Never in
    var context = CLIContext.live(registry: IntentFlowCommand.registry, terminal: terminal)
    context.taskExecutor = executor
    finish(await IntentFlowCommand.run(command, context: context))
  }
}

/// Blocks every signal but those a thread raises itself (`ThreadSignals`, the list the
/// threads of `DetachedThread` keep too), as Dispatch does on its threads; threads started later inherit the mask. `run` takes SIGINT, SIGTERM and SIGHUP
/// with `sigwait` on a thread of its own (`SignalWatcher`), which works only if no thread
/// accepts them; the daemon reads them through Dispatch, and the kernel discards a signal
/// whose action is to ignore it unless the process's main thread blocks it. Child processes
/// are started with an empty mask.
func blockAsynchronousSignals() {
  ThreadSignals.blockAsynchronousSignals()
}
