// `swift run -c release IntentFlowBenchmarks [cron|json|engine|store|system|all]`
// Each area's benchmark lives in its own file and prints its figures.
let which = CommandLine.arguments.dropFirst().first ?? "all"
let benchmarks: [(String, () async throws -> Void)] = [
  ("json", runJSONBenchmark),
  ("cron", runCronBenchmark),
  ("store", runStoreBenchmark),
  ("engine", runEngineBenchmark),
  ("system", runSystemBenchmark),
]
for (name, run) in benchmarks where which == "all" || which == name {
  print("== \(name)")
  try await run()
}
