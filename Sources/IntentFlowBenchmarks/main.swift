// `swift run -c release IntentFlowBenchmarks [goals|cron|json|engine|store|all]`
// Each area's benchmark lives in its own file and prints its figures.
let which = CommandLine.arguments.dropFirst().first ?? "all"
if which == "profile-validate" {
  // For a profiler: nothing but validating the 10,000-step workflow of the goals benchmark.
  try runValidationForProfiling()
} else if which == "profile-steps" {
  // For a profiler: nothing but the per-step loop of the goals benchmark.
  try await runStepsForProfiling()
} else if which == "memory-child" {
  // A child process of the goals benchmark: its peak memory is the figure.
  try await runMemoryChild(CommandLine.arguments.dropFirst(2).first ?? "unread")
} else {
  let benchmarks: [(String, () async throws -> Void)] = [
    ("goals", runGoalsBenchmark),
    ("json", runJSONBenchmark),
    ("cron", runCronBenchmark),
    ("store", runStoreBenchmark),
    ("engine", runEngineBenchmark),
  ]
  for (name, run) in benchmarks where which == "all" || which == name {
    print("== \(name)")
    try await run()
  }
}
