// The `intentflow` executable. Everything it does lives in IntentFlowCLI, where it is tested.
import IntentFlowCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let status = await IntentFlowCommand.main(
  Array(CommandLine.arguments.dropFirst()), context: .live(registry: IntentFlowCommand.registry))
fflush(nil)
exit(status)
