import Foundation
import IntentKit
import Synchronization
import TestSupport
import WorkflowEngine

/// Loads and runs workflows written inline in tests, against ``TestIntents``.
enum Harness {
  static let loader = WorkflowLoader(registry: TestIntents.registry)

  /// The source of a workflow written inline, as the file `path`.
  static func source(_ json: String, path: String = "test.json") -> WorkflowSource {
    WorkflowSource(path: path, bytes: Array(json.utf8))
  }

  /// Loads and plans a workflow written inline.
  static func plan(_ json: String, path: String = "test.json") throws(WorkflowInvalid) -> Plan {
    try loader.load(source(json, path: path))
  }

  /// The diagnostics of loading a workflow, as printed (`test.json:3:5: error: …`); empty
  /// when the workflow is valid.
  static func diagnostics(_ json: String, path: String = "test.json") -> [String] {
    do {
      _ = try plan(json, path: path)
      return []
    } catch {
      return error.diagnostics.map(\.description)
    }
  }

  /// The diagnostics of decoding only (no intents, references or types checked).
  static func decodeDiagnostics(_ json: String) -> [String] {
    do {
      _ = try WorkflowLoader.decode(source(json))
      return []
    } catch {
      return error.diagnostics.map(\.description)
    }
  }

  /// Decodes a workflow that must decode without problems.
  static func decode(_ json: String) throws -> Workflow {
    try WorkflowLoader.decode(source(json))
  }

  /// A workflow named `demo` with the given steps, one a line: without inputs, step *k*
  /// (from 1) is on line 3 + *k* and starts at column 5; with inputs, one line lower.
  static func workflow(inputs: String? = nil, output: String? = nil, _ steps: String...) -> String {
    workflow(inputs: inputs, output: output, steps: steps)
  }

  /// ``workflow(inputs:output:_:)`` with the steps in an array.
  static func workflow(inputs: String?, output: String?, steps: [String]) -> String {
    var lines = ["{", #"  "name": "demo","#]
    if let inputs { lines.append(#"  "inputs": \#(inputs),"#) }
    lines.append(#"  "steps": ["#)
    lines.append(steps.map { "    " + $0 }.joined(separator: ",\n"))
    lines.append(output.map { "  ],\n  \"output\": \($0)" } ?? "  ]")
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// A workflow of one step, with the step written as JSON.
  static func oneStep(_ step: String) -> String {
    """
    {
      "name": "demo",
      "steps": [
        \(step)
      ]
    }
    """
  }
}

/// A workflow named `demo` with the given steps: ``Harness/workflow(inputs:output:_:)``.
func workflow(inputs: String? = nil, output: String? = nil, _ steps: String...) -> String {
  Harness.workflow(inputs: inputs, output: output, steps: steps)
}

/// A run of a workflow, with everything the test might look at.
struct TestRun {
  var result: RunResult
  /// What the intents recorded.
  var log: [String]
  /// The run's events, described by ``EventLog/describe(_:)``.
  var events: [String]

  var status: RunStatus { result.status }
  var output: Value { result.output }
  var error: IntentFlowError? { result.error }

  /// The record of the step with this id or label.
  func step(_ label: String) -> StepRecord? {
    result.steps.first { $0.id == label || $0.label == label }
  }

  /// Plans and runs a workflow written inline.
  static func run(
    _ json: String, inputs: [String: Value] = [:], recorder: Recorder = Recorder(),
    configure: (inout Executor.Configuration) -> Void = { _ in }
  ) async throws -> TestRun {
    let plan = try Harness.plan(json)
    return await run(plan, inputs: inputs, recorder: recorder, configure: configure)
  }

  /// Runs a plan.
  static func run(
    _ plan: Plan, inputs: [String: Value] = [:], recorder: Recorder = Recorder(),
    configure: (inout Executor.Configuration) -> Void = { _ in }
  ) async -> TestRun {
    let events = EventLog()
    let configuration = Executor.Configuration.testing(
      recorder: recorder, events: events, configure: configure)
    let result = await Executor(configuration: configuration).run(plan, inputs: inputs)
    return TestRun(result: result, log: recorder.log, events: events.entries)
  }
}

extension Executor.Configuration {
  /// A configuration whose intents record into `recorder` and whose events go to `events`.
  static func testing(
    recorder: Recorder, events: EventLog = EventLog(),
    configure: (inout Executor.Configuration) -> Void = { _ in }
  ) -> Executor.Configuration {
    var configuration = Executor.Configuration()
    configuration.dependencies.recorder = recorder
    configuration.observer = { events.append($0) }
    configure(&configuration)
    return configuration
  }
}

/// The events of a run, described one a line.
final class EventLog: Sendable {
  private let storage = Mutex<[String]>([])

  var entries: [String] { storage.withLock { $0 } }

  func append(_ event: RunEvent) {
    let line = Self.describe(event)
    storage.withLock { $0.append(line) }
  }

  /// `started echo`, `resolved echo text=hi`, `finished echo: hi`, `run succeeded`.
  static func describe(_ event: RunEvent) -> String {
    switch event {
    case .runStarted(let workflow): return "run started \(workflow)"
    case .stepStarted(let step): return "started \(step.label)"
    case .stepResolved(let step, let parameters):
      let values = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      return (["resolved \(step.label)"] + values).joined(separator: " ")
    case .stepConfirmed(let step): return "confirmed \(step.label)"
    case .stepFinished(let step, let output, _, _, _): return "finished \(step.label): \(output)"
    case .stepSkipped(let step): return "skipped \(step.label)"
    case .stepFailed(let step, let error, let willRetry):
      return "failed \(step.label)\(willRetry ? " (will retry)" : ""): \(error.message)"
    case .progress(let step, let update):
      let total = update.total.map { "/\($0)" } ?? ""
      return "progress \(step.label) \(update.completed)\(total) \(update.message ?? "")"
    case .runFinished(let status): return "run \(status.rawValue)"
    }
  }
}

/// A directory of workflow files for tests that read files, removed afterwards: the shared
/// ``TemporaryDirectory`` under the name these tests read best.
typealias WorkflowDirectory = TemporaryDirectory

/// The path of a fixture workflow in the test bundle.
func fixturePath(_ name: String) throws -> String {
  struct Missing: Error, CustomStringConvertible {
    var name: String
    var description: String { "fixture '\(name)' is not in the test bundle" }
  }
  guard
    let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures")
  else { throw Missing(name: name) }
  return url.path
}
