// The `intentflow` executable. Everything it does lives in IntentFlowCLI, where it is tested.
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

let status = await IntentFlowCommand.main(
  Array(CommandLine.arguments.dropFirst()), context: .live(registry: IntentFlowCommand.registry))
// Everything the run owes the world is written by now (history rows are committed, output is
// flushed next), so leave without tearing down: no exit handlers, no destructors, no closing
// connections that would only checkpoint SQLite's log for the next process to find anyway.
fflush(nil)
_exit(status)
