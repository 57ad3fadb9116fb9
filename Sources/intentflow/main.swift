// The `intentflow` executable. Everything it does lives in IntentFlowCLI, where it is tested.
import IntentFlowCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let status = await IntentFlowCommand.main(
  Array(CommandLine.arguments.dropFirst()), context: .live(registry: IntentFlowCommand.registry))
// Everything the run owes the world is written by now (history rows are committed, output is
// flushed next), so leave without tearing down: no exit handlers, no destructors, no closing
// connections that would only checkpoint SQLite's log for the next process to find anyway.
fflush(nil)
_exit(status)
