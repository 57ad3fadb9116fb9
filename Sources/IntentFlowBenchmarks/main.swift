// `swift run -c release IntentFlowBenchmarks [cron|json|engine|store|memory|wal|system|photos|all]`
import Foundation

// Each area's benchmark lives in its own file and prints its figures.
let which = CommandLine.arguments.dropFirst().first ?? "all"
if which == "memory-stage", CommandLine.arguments.count == 4 {
  // A child of the memory benchmark: one stage, one file, its peak RSS printed.
  try runMemoryStage(CommandLine.arguments[2], path: CommandLine.arguments[3])
  exit(0)
}
let benchmarks: [(String, () async throws -> Void)] = [
  ("json", runJSONBenchmark),
  ("cron", runCronBenchmark),
  ("store", runStoreBenchmark),
  ("engine", runEngineBenchmark),
  ("memory", runMemoryBenchmark),
  ("wal", runWALBenchmark),
  ("system", runSystemBenchmark),
  ("photos", runPhotosBenchmark),
]
for (name, run) in benchmarks where which == "all" || which == name {
  print("== \(name)")
  try await run()
}
