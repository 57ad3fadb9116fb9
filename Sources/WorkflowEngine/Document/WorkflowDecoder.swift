// Hot code (Docs/Performance.md, "Rules for hot code"): `intentflow validate` decodes every
// step of a file, and its goal, 10,000 steps parsed and validated within 3× the JSON parse
// alone, has the least to spare of all the goals. So the decoder reads each node where it lies
// among its object's members, walks arrays by index (a `for … in`, or a value handed over,
// copies each element with a retain per field) and appends what it decodes to its list
// rather than returning it to be copied in. An allocation or a copy more per step shows in
// the validation figures that CI checks.

import Cron
import IntentKit
import StrictJSON
import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decodes a parsed workflow file into a ``Workflow``, collecting every problem it finds:
/// unknown keys (with "did you mean"), values of the wrong JSON type, malformed `${…}`
/// expressions, bad durations, bad ids.
///
/// It checks the shape of the file only; whether intents, references and types fit is the
/// ``Planner``'s job.
struct WorkflowDecoder {
  /// The file, where secret inputs' defaults are marked hidden as they are decoded
  /// (`WorkflowDecoder+Inputs.swift`).
  var source: WorkflowSource
  /// The file the locations are in, named once for all of them.
  let file: SourceFile
  private(set) var diagnostics: [Diagnostic] = []
  /// Ids of steps that could not be decoded (noted by `WorkflowDecoder+Steps.swift`).
  var brokenStepIDs: Set<String> = []

  init(source: WorkflowSource) {
    self.source = source
    file = SourceFile(source.path)
  }

  /// Decodes the root node; `nil` when the file is too broken to describe a workflow.
  mutating func decode(_ root: JSONNode) -> Workflow? {
    guard case .object(let object) = root.kind else {
      error("a workflow file must hold a JSON object, not \(describe(root))", at: root)
      return nil
    }
    checkKeys(object, allowed: Self.topLevel, in: "the workflow")
    if let format = object["format"], format.kind != .integer(Self.format) {
      var shown = describe(format)
      if case .integer(let number) = format.kind { shown = String(number) }
      error(
        "unsupported format \(shown); this version of IntentFlow reads format \(Self.format)",
        at: format)
    }
    var name = ""
    if let node = object["name"] {
      name = text(node, what: "'name'") ?? ""
      if name.isEmpty, case .string = node.kind { error("'name' must not be empty", at: node) }
      if let problem = UnsafeText.problem(in: name, what: "name") { error(problem, at: node) }
    } else {
      error("the workflow has no 'name'; add \"name\": \"…\"", at: root)
    }
    let description = object["description"].flatMap { text($0, what: "'description'") }
    let inputs = object["inputs"].map { decodeInputs($0) } ?? []
    var steps: [WorkflowStep] = []
    if let node = object["steps"] {
      steps = decodeSteps(node, what: "'steps'")
      if steps.isEmpty, case .array(let items) = node.kind, items.isEmpty {
        error("'steps' is empty; a workflow needs at least one step", at: node)
      }
    } else {
      error("the workflow has no 'steps'; add \"steps\": [ … ]", at: root)
    }
    let output = object["output"].map { decodeValue($0) }
    let schedule = object["schedule"].flatMap { decodeSchedule($0) }
    var onFailure: [WorkflowStep]?
    if let node = object["onFailure"] {
      onFailure = decodeSteps(node, what: "'onFailure'")
      if case .array(let items) = node.kind, items.isEmpty {
        error("'onFailure' is empty; give it the steps to run when the run fails", at: node)
      }
    }
    var workflow = Workflow(
      source: source, name: name, description: description, inputs: inputs, steps: steps,
      output: output, schedule: schedule, location: location(root), brokenStepIDs: brokenStepIDs,
      phrases: object["phrases"].map { decodePhrases($0, inputs: inputs) } ?? [])
    workflow.onFailure = onFailure
    return workflow
  }

  // MARK: Helpers

  mutating func checkKeys(_ object: JSONObject, allowed keys: [Key], in context: String) {
    checkKeys(object, allowed: keys.map(\.name), in: context)
  }

  mutating func checkKeys(_ object: JSONObject, allowed: [String], in context: String) {
    for member in object.members where !allowed.contains(member.key) {
      unknownKey(member, allowed: allowed, in: context)
    }
  }

  mutating func unknownKey(
    _ member: JSONObject.Member, allowed: [String], in context: String
  ) {
    var message = "unknown key '\(member.key)' in \(context)"
    if let suggestion = Spelling.closest(to: member.key, among: allowed) {
      message += "; did you mean '\(suggestion)'?"
    } else {
      message += "; expected \(Diagnostic.list(allowed.filter { !$0.hasPrefix("$") }))"
    }
    error(message, at: member.keyPosition)
  }

  mutating func text(_ node: JSONNode, what: String) -> String? {
    guard case .string(let text) = node.kind else {
      error("\(what) must be text, not \(describe(node))", at: node)
      return nil
    }
    return text
  }

  mutating func checkedDuration(
    _ seconds: Double, _ shown: String, what: String, at node: JSONNode
  ) -> Duration? {
    do {
      return try CheckedArithmetic.duration(seconds: seconds, from: shown)
    } catch {
      self.error("\(what): \(error.description)", at: node)
      return nil
    }
  }

  mutating func duration(_ node: JSONNode, what: String) -> Duration? {
    switch node.kind {
    case .integer(let seconds) where seconds >= 0:
      return checkedDuration(Double(seconds), "\(seconds) seconds", what: what, at: node)
    case .number(let seconds) where seconds >= 0:
      return checkedDuration(
        seconds, "\(Value.number(seconds).textDescription) seconds", what: what, at: node)
    case .string(let text):
      if let duration = DurationText.parse(text) { return duration }
      error(
        "\(what): '\(text)' is not a duration; write 30s, 5m, 1h30m or a number of seconds",
        at: node)
    default:
      error("\(what) must be a duration such as \"30s\", not \(describe(node))", at: node)
    }
    return nil
  }

  func describe(_ node: JSONNode) -> String {
    switch node.kind {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .integer, .number: return "a number"
    case .string(let text): return "text '\(text.count > 40 ? text.prefix(40) + "…" : text)'"
    case .array: return "a list"
    case .object: return "an object"
    }
  }

  func location(_ node: JSONNode) -> SourceLocation { location(node.position) }

  func location(_ position: JSONPosition) -> SourceLocation {
    SourceLocation(file, line: position.line, column: position.column)
  }

  func span(_ node: JSONNode) -> ValueSource.Span {
    var offset: Int?
    if case .string = node.kind { offset = node.position.offset }
    return ValueSource.Span(location: location(node), stringOffset: offset)
  }

  mutating func error(_ message: String, at node: JSONNode) {
    error(message, at: location(node))
  }

  mutating func error(_ message: String, at position: JSONPosition) {
    error(message, at: location(position))
  }

  mutating func error(_ message: String, at location: SourceLocation) {
    diagnostics.append(Diagnostic(.error, message, at: location))
  }
}
