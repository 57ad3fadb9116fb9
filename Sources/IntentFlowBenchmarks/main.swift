// `swift run -c release IntentFlowBenchmarks [goals|cron|json|engine|store|memory|wal|system|extensions|photos|dates|lsp|mcp|durable|soak|all]`
import Foundation

#if canImport(CMalloc)
  import CMalloc

  // The heap as `intentflow` sets it up (its main.swift): grown 16 MB at a time. Without it
  // this process hands its heap back after each validation and faults it in again on the
  // next (65,000 page faults in 20 validations), which the runner never does.
  mallopt(M_TOP_PAD, 16 << 20)
#endif

// Each area's benchmark lives in its own file and prints its figures.
let which = CommandLine.arguments.dropFirst().first ?? "all"
if which == "memory-stage", CommandLine.arguments.count == 4 {
  // A child of the memory benchmark: one stage, one file, its peak RSS printed.
  try runMemoryStage(CommandLine.arguments[2], path: CommandLine.arguments[3])
  exit(0)
}
if which == "memory-child" {
  // A child process of the goals benchmark: its peak memory is the figure.
  try await runMemoryChild(CommandLine.arguments.dropFirst(2).first ?? "unread")
  exit(0)
}
if which == "profile-validate" {
  // For a profiler: nothing but validating the 10,000-step workflow of the goals benchmark.
  try runValidationForProfiling()
  exit(0)
}
if which == "profile-steps" {
  // For a profiler: nothing but the per-step loop of the goals benchmark.
  try await runStepsForProfiling()
  exit(0)
}
if which == "soak" {
  // Not part of `all`: 500 kills take minutes.
  try await runKillSoak()
  exit(0)
}
if which == "profile-extension" {
  // For a profiler: nothing but warm round trips to an extension.
  try await runExtensionCallsForProfiling(invocations: CommandLine.arguments.contains("intent"))
  exit(0)
}
let benchmarks: [(String, () async throws -> Void)] = [
  ("goals", runGoalsBenchmark),
  ("json", runJSONBenchmark),
  ("cron", runCronBenchmark),
  ("store", runStoreBenchmark),
  ("engine", runEngineBenchmark),
  ("memory", runMemoryBenchmark),
  ("wal", runWALBenchmark),
  ("system", runSystemBenchmark),
  ("extensions", runExtensionBenchmark),
  ("photos", runPhotosBenchmark),
  ("dates", runDatesBenchmark),
  ("lsp", runLanguageServerBenchmark),
  ("mcp", runMCPBenchmark),
  ("durable", runDurableBenchmark),
  ("shared-store", runSharedStoreBenchmark),
]
for (name, run) in benchmarks where which == "all" || which == name {
  print("== \(name)")
  try await run()
}
