import DataIntents
import Foundation
import IntentKit
import StandardIntents
import Synchronization
import WorkflowEngine

/// Figures for the engine: per-step overhead, a 100,000-pass forEach, planning a large file.
func runEngineBenchmark() async throws {
  let registry = StandardIntents.registry
  let loader = WorkflowLoader(registry: registry)
  var configuration = Executor.Configuration()
  configuration.dependencies.todoStore = try TodoStore.inMemory()
  let executor = Executor(configuration: configuration)
  let clock = ContinuousClock()

  // One trivial step, many runs: the engine's fixed cost per run and per step.
  let one = try loader.load(
    WorkflowSource(
      path: "one.json",
      bytes: Array(
        #"{"name":"one","steps":[{"intent":"text.uppercase","parameters":{"input":"hello"}}]}"#
          .utf8)))
  let runs = 20_000
  _ = await executor.run(one)
  var start = clock.now
  for _ in 0..<runs { _ = await executor.run(one) }
  let perRun = (clock.now - start) / runs
  print("one-step run (text.uppercase):          \(micros(perRun)) µs per run")

  // A 100,000-pass forEach over a trivial intent.
  let passes = 100_000
  let items = (0..<passes).map(String.init).joined(separator: ",")
  let loop = try loader.load(
    WorkflowSource(
      path: "loop.json",
      bytes: Array(
        """
        {"name":"loop","inputs":{"items":{"type":"list","default":[\(items)]}},
         "steps":[{"id":"each","forEach":"${inputs.items}","as":"n","steps":[
           {"intent":"text.uppercase","parameters":{"input":"item ${n}"}}]},
           {"intent":"list.count"}]}
        """.utf8)))
  start = clock.now
  let result = await executor.run(loop)
  let loopTime = clock.now - start
  guard result.status == .succeeded, case .integer(passes) = result.output else {
    print("forEach benchmark failed: \(result.status) \(result.error?.description ?? "")")
    return
  }
  print(
    "forEach of \(passes) passes:               \(millis(loopTime)) ms "
      + "(\(micros(loopTime / passes)) µs per pass)")

  // The same loop shape with a token input used in every pass, redacted as `intentflow run`
  // redacts (every event, the values built from the secret traced): secret against not.
  let secretPasses = 20_000
  func tokenLoop(secret: Bool) throws -> Plan {
    let shortItems = (0..<secretPasses).map(String.init).joined(separator: ",")
    return try loader.load(
      WorkflowSource(
        path: "token.json",
        bytes: Array(
          """
          {"name":"token","inputs":{"items":{"type":"list","default":[\(shortItems)]},
            "token":{"type":"text","secret":\(secret),"default":"hunter2-token"}},
           "steps":[{"id":"each","forEach":"${inputs.items}","as":"n","steps":[
             {"intent":"text.uppercase","parameters":{"input":"item ${n} ${inputs.token}"}}]},
             {"intent":"list.count"}]}
          """.utf8)))
  }
  func redactedRun(_ plan: Plan) async -> Duration {
    let redaction = Mutex(Redactor(secrets: []))
    var traced = configuration
    traced.observer = { event in _ = redaction.withLock { $0.redact(event) } }
    traced.onSecretText = { text in redaction.withLock { $0.insert(text) } }
    traced.keepsStepOutputs = false
    let start = clock.now
    let result = await Executor(configuration: traced).run(plan)
    _ = redaction.withLock { $0 }.redact(result)
    return clock.now - start
  }
  let plainPlan = try tokenLoop(secret: false)
  let secretPlan = try tokenLoop(secret: true)
  _ = await redactedRun(plainPlan)
  _ = await redactedRun(secretPlan)
  var plainBest = Duration.seconds(1_000)
  var secretBest = Duration.seconds(1_000)
  for _ in 0..<3 {
    plainBest = min(plainBest, await redactedRun(plainPlan))
    secretBest = min(secretBest, await redactedRun(secretPlan))
  }
  let ratio = secretBest.inSeconds / plainBest.inSeconds
  print(
    "forEach of \(secretPasses) passes, observed:     "
      + "\(micros(plainBest / secretPasses)) µs per pass; with a secret input in each: "
      + "\(micros(secretBest / secretPasses)) µs (\(String(format: "%.2f", ratio))×)")

  // Planning (validating) a file with 1,000 chained steps.
  var steps = [#"{"id":"s0","intent":"text.uppercase","parameters":{"input":"start"}}"#]
  for index in 1..<1000 {
    steps.append(
      #"{"id":"s\#(index)","intent":"text.uppercase","parameters":{"input":"${s\#(index - 1)} x"}}"#
    )
  }
  let large = Array(#"{"name":"large","steps":[\#(steps.joined(separator: ","))]}"#.utf8)
  let rounds = 50
  start = clock.now
  for _ in 0..<rounds { _ = try loader.load(WorkflowSource(path: "large.json", bytes: large)) }
  print("validate a 1,000-step workflow:          \(millis((clock.now - start) / rounds)) ms")
}

private func micros(_ duration: Duration) -> String {
  String(format: "%.2f", duration.inSeconds * 1e6)
}

private func millis(_ duration: Duration) -> String {
  String(format: "%.1f", duration.inMilliseconds)
}
