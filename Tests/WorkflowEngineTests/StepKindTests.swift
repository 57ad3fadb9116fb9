import IntentKit
import Testing

@testable import WorkflowEngine

/// The tables of step kinds and step options, and that every key they accept is decoded.
@Suite("Step kinds and step options")
struct StepKindTests {
  /// For each kind: a step of that kind with only its required keys, and a value that sets
  /// each of its other keys to something other than its default.
  static let samples: [StepKind: (base: String, keys: [String: String])] = [
    .intent: (#"{"intent": "test.echo"}"#, ["parameters": #"{"text": "hi"}"#]),
    .forEach: (
      #"{"forEach": [1, 2], "steps": [{"intent": "test.echo"}]}"#,
      ["as": #""thing""#, "where": "true", "index": #""number""#, "concurrency": "2"]
    ),
    .branch: (
      #"{"if": true, "then": [{"intent": "test.echo"}]}"#,
      ["else": #"[{"intent": "test.echo"}]"#]
    ),
    .repeatLoop: (#"{"repeat": 2, "steps": [{"intent": "test.echo"}]}"#, ["as": #""pass""#]),
    .workflow: (#"{"workflow": "other.json"}"#, ["inputs": #"{"who": "me"}"#]),
  ]

  /// `step` with `"key": value` added at its end.
  static func adding(_ key: String, _ value: String, to step: String) -> String {
    String(step.dropLast()) + #", "\#(key)": \#(value)}"#
  }

  /// The one step of a workflow with that step, as text that shows every decoded field.
  static func decoded(_ step: String) throws -> String {
    let workflow = try Harness.decode(#"{"name": "demo", "steps": [\#(step)]}"#)
    let first = try #require(workflow.steps.first)
    return String(reflecting: first)
  }

  @Test("every option a step of each kind accepts is decoded", arguments: StepKind.allCases)
  func everyOptionIsDecoded(kind: StepKind) throws {
    let base = try #require(Self.samples[kind]).base
    let plain = try Self.decoded(base)
    let accepted = WorkflowDecoder.acceptedKeyNames[kind.rawValue]
    for option in StepOption.allCases where accepted.contains(option.name) {
      if option == .condition && kind.definition.ownsCondition { continue }
      let set = try Self.decoded(Self.adding(option.name, option.example, to: base))
      if option.isIgnored {
        #expect(set == plain, "'\(option.name)' is marked ignored but changes the step")
      } else {
        #expect(set != plain, "'\(option.name)' is accepted on a \(kind) step but not decoded")
      }
    }
  }

  @Test("every key of its own a step kind accepts is decoded", arguments: StepKind.allCases)
  func everyKindKeyIsDecoded(kind: StepKind) throws {
    let sample = try #require(Self.samples[kind])
    let plain = try Self.decoded(sample.base)
    let definition = kind.definition
    for key in definition.keys.map(\.name) where !definition.required.contains(key) {
      guard let value = sample.keys[key] else {
        Issue.record("'\(key)' of a \(kind) step has no sample value in this test; add one")
        continue
      }
      let set = try Self.decoded(Self.adding(key, value, to: sample.base))
      #expect(set != plain, "'\(key)' is accepted on a \(kind) step but not decoded")
    }
  }

  @Test("the options of intent steps are refused on every other kind, naming the kind")
  func intentOptionsOnBlocks() throws {
    for kind in StepKind.allCases where !kind.definition.takesIntentOptions {
      let base = try #require(Self.samples[kind]).base
      for option in StepOption.allCases where option.scope == .intentSteps {
        let diagnostics = Harness.decodeDiagnostics(
          #"{"name": "demo", "steps": [\#(Self.adding(option.name, option.example, to: base))]}"#)
        #expect(
          diagnostics.count == 1
            && diagnostics[0].contains(
              "error: '\(option.name)' applies only to intent steps, not to a "
                + "'\(kind.definition.name)' step; set it on the intent steps it runs"),
          "\(diagnostics)")
      }
    }
  }

  @Test("the key tables are derived from the kinds and the options")
  func derivedTables() {
    for kind in StepKind.allCases {
      let definition = kind.definition
      let options = StepOption.allCases.filter {
        $0.scope == .everyStep || definition.takesIntentOptions
      }
      #expect(
        WorkflowDecoder.acceptedKeyNames[kind.rawValue]
          == options.map(\.name) + definition.keys.map(\.name))
      #expect(definition.keys.first?.name == definition.marker)
      #expect(WorkflowDecoder.stepKeyRoles.contains { $0.name == definition.marker })
    }
    #expect(
      WorkflowDecoder.stepKindNeeds
        == "'intent' (run an intent), 'forEach', 'if' with 'then', 'repeat' or 'workflow'")
    #expect(
      WorkflowDecoder.knownStepKeyNames == [
        "id", "if", "timeout", "retry", "onError", "confirm", "description", "intent",
        "parameters", "forEach", "as", "steps", "where", "index", "concurrency", "then", "else",
        "repeat", "as", "steps", "workflow", "inputs",
      ])
  }

  @Test("a step with the markers of three kinds names the first two, and its kind is the first")
  func threeMarkers() {
    let diagnostics = Harness.decodeDiagnostics(
      #"{"name": "demo", "steps": [{"workflow": "a.json", "repeat": 2, "intent": "test.echo"}]}"#)
    #expect(
      diagnostics == [
        "test.json:1:51: error: a step can be only one kind, but this one has both 'intent' "
          + "and 'repeat'; split it into two steps"
      ])
  }
}
