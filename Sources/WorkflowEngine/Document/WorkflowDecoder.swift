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
  /// The file, where secret inputs' defaults are marked hidden as they are decoded.
  private(set) var source: WorkflowSource
  /// The file the locations are in, named once for all of them.
  let file: SourceFile
  private(set) var diagnostics: [Diagnostic] = []
  /// Ids of steps that could not be decoded.
  private(set) var brokenStepIDs: Set<String> = []

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
    return Workflow(
      source: source, name: name, description: description, inputs: inputs, steps: steps,
      output: output, schedule: schedule, location: location(root), brokenStepIDs: brokenStepIDs,
      phrases: object["phrases"].map { decodePhrases($0, inputs: inputs) } ?? [])
  }

  // MARK: Phrases

  /// `"phrases": ["Add ${item} to my shopping list"]`: each phrase is text, not empty and
  /// not said twice (ignoring case and spacing, as matching does), and each `${NAME}` in it
  /// names an input, once.
  private mutating func decodePhrases(_ node: JSONNode, inputs: [WorkflowInput]) -> [String] {
    guard case .array(let items) = node.kind else {
      error(
        "'phrases' must be a list of text such as [\"Add ${item} to my list\"], not "
          + "\(describe(node))", at: node)
      return []
    }
    let names = inputs.map(\.name)
    var phrases: [String] = []
    var seen: Set<String> = []
    for item in items {
      guard let phrase = text(item, what: "a phrase") else { continue }
      let words = phrase.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      guard !words.isEmpty else {
        error("a phrase must not be empty; write the words that run the workflow", at: item)
        continue
      }
      guard seen.insert(words.lowercased()).inserted else {
        error("the phrase '\(phrase)' is already declared; remove one of them", at: item)
        continue
      }
      var placed: Set<String> = []
      var valid = true
      for (offset, name) in WorkflowPhrase.placeholders(in: phrase) {
        let at = source.location(in: span(item), scalarOffset: offset)
        guard let name else {
          error("'${' in a phrase has no closing '}'; write ${NAME} for an input", at: at)
          valid = false
          continue
        }
        if !names.contains(name) {
          var message = "'${\(name)}' in a phrase is not an input of the workflow"
          if let suggestion = Spelling.closest(to: name, among: names) {
            message += "; did you mean '\(suggestion)'?"
          } else {
            message += "; declare it in 'inputs'"
          }
          error(message, at: at)
          valid = false
        } else if !placed.insert(name).inserted {
          error("'${\(name)}' appears twice in the phrase; an input takes one value", at: at)
          valid = false
        }
      }
      if valid { phrases.append(phrase) }
    }
    return phrases
  }

  // MARK: Inputs

  private mutating func decodeInputs(_ node: JSONNode) -> [WorkflowInput] {
    guard case .object(let object) = node.kind else {
      error(
        "'inputs' must be an object from input names to declarations, not \(describe(node))",
        at: node)
      return []
    }
    var inputs: [WorkflowInput] = []
    for member in object.members {
      guard ExpressionParser.isValidName(member.key) else {
        error(
          "'\(member.key)' is not a valid input name; use letters, digits, '_' and '-', "
            + "starting with a letter", at: member.keyPosition)
        continue
      }
      guard case .object(let declaration) = member.value.kind else {
        error(
          "input '\(member.key)' must be an object such as {\"type\": \"text\", \"default\": …}, "
            + "not \(describe(member.value))", at: member.value)
        continue
      }
      checkKeys(declaration, allowed: Self.inputKeys, in: "input '\(member.key)'")
      var typeName = "text"
      var typeLocation = location(member.value)
      if let typeNode = declaration["type"] {
        typeName = text(typeNode, what: "'type'") ?? "text"
        typeLocation = location(typeNode)
      } else if let defaultNode = declaration["default"], defaultNode.kind != .null {
        typeName = Value(json: defaultNode).valueType.keyword
      }
      var input = WorkflowInput(
        name: member.key, location: location(member.keyPosition), typeName: typeName,
        typeLocation: typeLocation,
        defaultValue: declaration["default"].map { Value(json: $0) },
        defaultLocation: declaration["default"].map(location),
        description: declaration["description"].flatMap { text($0, what: "'description'") })
      if let node = declaration["secret"] {
        if case .bool(let secret) = node.kind {
          input.isSecret = secret
          if secret, let value = declaration["default"] {
            source.hideValue(at: value.position.offset)
          }
        } else {
          error("'secret' must be true or false, not \(describe(node))", at: node)
        }
      }
      if let node = declaration["env"], let name = text(node, what: "'env'") {
        if name.isEmpty || name.contains("=") || name.contains("\0") {
          error("'\(name)' is not an environment variable name", at: node)
        } else {
          input.environmentName = name
        }
      }
      inputs.append(input)
    }
    return inputs
  }

  // MARK: Steps

  mutating func decodeSteps(_ node: JSONNode, what: String) -> [WorkflowStep] {
    guard case .array(let items) = node.kind else {
      error("\(what) must be a list of steps, not \(describe(node))", at: node)
      return []
    }
    var steps: [WorkflowStep] = []
    steps.reserveCapacity(items.count)
    // By index: a node taken out of the list was copied, and destroyed after.
    for index in items.indices where !decodeStep(items[index], into: &steps) {
      if case .object(let object) = items[index].kind, case .string(let id)? = object["id"]?.kind {
        brokenStepIDs.insert(id)
      }
    }
    return steps
  }

  /// Decodes one step and appends it to `steps`: finds its kind by the key that marks it,
  /// checks its keys, decodes what all steps share (id, condition, options), then its kind.
  /// Returns `false`, appending nothing, when the step cannot be read.
  ///
  /// Appended here rather than returned: a step returned as an optional was copied into the
  /// list, through its kind's value witnesses, and the original destroyed after.
  private mutating func decodeStep(_ node: JSONNode, into steps: inout [WorkflowStep]) -> Bool {
    guard case .object(let object) = node.kind else {
      error("a step must be an object such as {\"intent\": \"…\"}, not \(describe(node))", at: node)
      return false
    }
    let present = StepKeyPresence(object)
    guard let kind = present.firstKind, present.markerMember != nil else {
      let known = Self.knownStepKeyNames
      for member in object.members where !known.contains(member.key) {
        unknownKey(member, allowed: known, in: "a step")
      }
      error("a step needs " + Self.stepKindNeeds, at: node)
      return false
    }
    let position = kind.rawValue
    // Nodes are read where they are, among the members: a node taken out into a constant or
    // an optional was copied (its payload retained) and destroyed after.
    var otherKinds: [String] = []
    if let second = present.secondKind {
      let marker = Self.stepKindMarkers[second.rawValue]
      error(
        "a step can be only one kind, but this one has both '\(Self.stepKindMarkers[position])' "
          + "and '\(marker)'; split it into two steps",
        at: object.member(marker)?.keyPosition ?? node.position)
      otherKinds = Self.stepKindMarkers[second.rawValue...].filter { object.member($0) != nil }
    }
    if kind != .intent || !present.onlyIntentKeys {
      checkStepKeys(
        object, kind: kind, accepted: Self.acceptedKeyNames[position], otherKinds: otherKinds)
    }
    let options = present.hasOptions ? decodeOptions(object) : StepOptions()
    var id: String?
    var idLocation: SourceLocation?
    if let member = present.idMember {
      id = stepID(object.members[member].value)
      if id != nil { idLocation = location(object.members[member].value.position) }
    }
    // A branch's 'if' is its condition, decoded with the branch.
    let condition =
      Self.stepKindOwnsCondition[position]
      ? nil : present.conditionMember.flatMap { decodeCondition(object.members[$0].value) }
    let decoded = Self.stepKindDecoders[position](&self, object, present, node)
    // Taken out of the optional, not copied out of it (and the optional destroyed after).
    guard let decodedKind = consume decoded else { return false }
    var fallback: [WorkflowStep]?
    if let member = present.onErrorMember, case .array = object.members[member].value.kind {
      let onError = object.members[member].value
      fallback = decodeSteps(onError, what: "'onError'")
    }
    // Made whole at the end, not made and then changed: the step is then built in place
    // rather than copied.
    steps.append(
      WorkflowStep(
        id: id, idLocation: idLocation, location: location(node),
        condition: condition, options: options, kind: decodedKind, fallback: fallback))
    return true
  }

  /// Reports keys a step of `kind` does not accept: intent-only options on other kinds with
  /// a message of their own, then unknown keys.
  private mutating func checkStepKeys(
    _ object: JSONObject, kind: StepKind, accepted: [String], otherKinds: [String]
  ) {
    let definition = kind.definition
    if !definition.takesIntentOptions {
      for key in Self.intentOnlyKeys {
        guard let member = object.member(key) else { continue }
        error(
          "'\(key)' applies only to intent steps, not to a '\(definition.name)' step; set it on "
            + "the intent steps it runs", at: member.keyPosition)
      }
    }
    // Intent-only options and the other kinds' keys were just reported; do not report them
    // again as unknown.
    let reported = definition.takesIntentOptions ? [] : Self.intentOnlyKeys
    let ascii = object.keysAreASCII
    for member in object.members
    where !accepted.containsKey(member.key, ascii: ascii)
      && !otherKinds.contains(member.key) && !reported.contains(member.key)
    {
      // The message lists only the keys this kind accepts.
      unknownKey(
        member, allowed: accepted, in: "\(definition.article) '\(definition.name)' step")
    }
  }

  /// The step's `id`, or `nil` after reporting why it cannot be one.
  private mutating func stepID(_ idNode: JSONNode) -> String? {
    guard let id = text(idNode, what: "'id'") else { return nil }
    if Self.isReserved(id) {
      error("'\(id)' is reserved and cannot be a step id; choose another name", at: idNode)
      return nil
    }
    guard ExpressionParser.isValidName(id) else {
      error(
        "'\(id)' is not a valid step id; use letters, digits, '_' and '-', starting with a "
          + "letter, so that ${\(id)} can refer to it", at: idNode)
      return nil
    }
    return id
  }

  /// Names that cannot be step ids or loop variables, because references use them.
  /// (A list: comparing five short names costs less than hashing one.)
  static let reservedNames = ["inputs", "true", "false", "null", "contains"]

  /// The first bytes of ``reservedNames``, as bits of their low six bits.
  private static let reservedInitials: UInt64 = reservedNames.reduce(0) { bits, name in
    bits | 1 << ((name.utf8.first ?? 0) & 63)
  }

  /// Whether `name` is one of ``reservedNames``; names of other lengths or other first
  /// letters (most ids) are told apart without comparing text.
  static func isReserved(_ name: String) -> Bool {
    let length = name.utf8.count
    guard (4...8).contains(length), let first = name.utf8.first,
      reservedInitials & 1 << (first & 63) != 0
    else { return false }
    return reservedNames.contains { $0.utf8.count == length && $0 == name }
  }

  mutating func body(_ object: JSONObject, key: String, of kind: String, at node: JSONNode)
    -> [WorkflowStep]
  {
    guard let stepsNode = object[key] else {
      error("a '\(kind)' step needs 'steps': the steps to run each time", at: node)
      return []
    }
    return decodeSteps(stepsNode, what: "'steps'")
  }

  mutating func loopVariable(
    _ object: JSONObject, required: Bool = false, key: String = "as"
  )
    -> (name: String?, location: SourceLocation?)
  {
    guard let node = object[key] else { return (required ? "item" : nil, nil) }
    guard let name = text(node, what: "'\(key)'") else { return (nil, nil) }
    guard ExpressionParser.isValidName(name), !Self.isReserved(name) else {
      error(
        "'\(name)' is not a valid loop variable name; use letters, digits, '_' and '-', "
          + "starting with a letter", at: node)
      return (nil, nil)
    }
    return (name, location(node))
  }

  mutating func decodeCondition(_ node: JSONNode, key: String = "if") -> Condition? {
    let span = self.span(node)
    switch node.kind {
    case .bool(let value):
      return Condition(expression: .literal(.boolean(value)), text: span)
    case .string(let text):
      do {
        return Condition(expression: try ExpressionParser.parse(text), text: span)
      } catch {
        self.error(
          "invalid condition: \(error.message)",
          at: source.location(in: span, scalarOffset: error.offset))
        return nil
      }
    default:
      error(
        "'\(key)' must be a condition such as \"${found.count} > 0\", not \(describe(node))",
        at: node)
      return nil
    }
  }

  mutating func decodeArguments(_ node: JSONNode, what: String) -> [Argument] {
    guard case .object(let object) = node.kind else {
      error("\(what) must be an object from names to values, not \(describe(node))", at: node)
      return []
    }
    return object.members.map { member in
      Argument(
        name: member.key, nameLocation: location(member.keyPosition),
        value: decodeValue(member.value))
    }
  }

  // MARK: Values

  mutating func decodeValue(_ node: JSONNode) -> ValueSource {
    let span = self.span(node)
    switch node.kind {
    case .string(let text):
      do {
        switch try Template.parseValue(text) {
        case .text(let plain): return .literal(.text(plain), span)
        case .template(let template): return .template(template, span)
        }
      } catch {
        self.error(
          "invalid expression: \(error.message)",
          at: source.location(in: span, scalarOffset: error.offset))
        return .literal(.text(text), span)
      }
    case .array(let items):
      return .list(items.map { decodeValue($0) }, span)
    case .object(let object):
      return .dictionary(object.members.map { ($0.key, decodeValue($0.value)) }, span)
    default:
      return .literal(Value(json: node), span)
    }
  }

  // MARK: Options

  /// `backoff`, `maxDelay`, `jitter` and `on` of a `retry` object.
  private mutating func decodeRetryPolicy(_ retry: JSONObject) -> RetryPolicy {
    var policy = RetryPolicy()
    if let node = retry["backoff"], let text = text(node, what: "'backoff'") {
      if let backoff = RetryPolicy.Backoff(rawValue: text) {
        policy.backoff = backoff
      } else {
        error(
          "'backoff' must be \(Diagnostic.list(RetryPolicy.Backoff.allCases.map(\.rawValue))), "
            + "not '\(text)'", at: node)
      }
    }
    if let node = retry["maxDelay"], let delay = duration(node, what: "'maxDelay'") {
      policy.maxDelay = delay
    }
    if let node = retry["jitter"] {
      if case .bool(let jitter) = node.kind {
        policy.jitter = jitter
      } else {
        error("'jitter' must be true or false, not \(describe(node))", at: node)
      }
    }
    if let node = retry["on"] {
      let names = RetryPolicy.retriableKinds.map(\.description)
      guard case .array(let items) = node.kind else {
        error(
          "'on' must be a list of error kinds such as [\"failed\", \"timedOut\"], not "
            + "\(describe(node))", at: node)
        return policy
      }
      policy.on = []
      for item in items {
        guard let name = text(item, what: "an error kind in 'on'") else { continue }
        if let kind = RetryPolicy.retriableKinds.first(where: { $0.description == name }) {
          policy.on.insert(kind)
        } else {
          var message = "'\(name)' is not an error kind that can be retried"
          if let suggestion = Spelling.closest(to: name, among: names) {
            message += "; did you mean '\(suggestion)'?"
          } else {
            message += "; use \(Diagnostic.list(names))"
          }
          error(message, at: item)
        }
      }
    }
    return policy
  }

  /// The options a step's ``StepOptions`` holds, in ``StepOption`` order. Every option is
  /// a case of the switch: the ones decoded elsewhere say where.
  private mutating func decodeOptions(_ object: JSONObject) -> StepOptions {
    var options = StepOptions()
    for option in StepOption.all {
      switch option {
      case .id, .condition:
        continue  // decoded with the step (see `decodeStep`)
      case .description:
        continue  // for the reader of the file; the engine reads nothing from it
      case .timeout:
        if let node = object[option.name] { decodeTimeout(node, into: &options) }
      case .retry:
        if let node = object[option.name] { decodeRetry(node, into: &options) }
      case .onError:
        // A list of steps is decoded with the step (see `decodeStep`).
        if let node = object[option.name], !node.isArray, let text = text(node, what: "'onError'") {
          if let policy = StepOptions.ErrorPolicy(rawValue: text) {
            options.onError = policy
          } else {
            error(
              "'onError' must be "
                + "\(Diagnostic.list(StepOptions.ErrorPolicy.allCases.map(\.rawValue))) "
                + "or a list of steps to run instead, not '\(text)'", at: node)
          }
        }
      case .confirm:
        if let node = object[option.name] {
          if case .bool(let value) = node.kind {
            options.confirm = value
          } else {
            error("'confirm' must be true or false, not \(describe(node))", at: node)
          }
        }
      }
    }
    return options
  }

  private mutating func decodeTimeout(_ node: JSONNode, into options: inout StepOptions) {
    if case .string(let text) = node.kind, ["none", "never"].contains(text.lowercased()) {
      options.timeout = .some(nil)
    } else if let duration = duration(node, what: "'timeout'") {
      if duration <= .zero {
        error("'timeout' must be longer than zero; write \"none\" for no limit", at: node)
      } else {
        options.timeout = .some(duration)
      }
    }
  }

  private mutating func decodeRetry(_ node: JSONNode, into options: inout StepOptions) {
    switch node.kind {
    case .integer(let count) where count >= 0:
      options.retries = count
    case .object(let retry):
      checkKeys(retry, allowed: Self.retryKeys, in: "'retry'")
      if let countNode = retry["count"] {
        if case .integer(let count) = countNode.kind, count >= 0 {
          options.retries = count
        } else {
          error("'count' must be a whole number of retries, 0 or more", at: countNode)
        }
      }
      if let delayNode = retry["delay"], let delay = duration(delayNode, what: "'delay'") {
        options.retryDelay = delay
      }
      options.retryPolicy = decodeRetryPolicy(retry)
    default:
      error(
        "'retry' must be a number of retries or {\"count\": 2, \"delay\": \"1s\"}, "
          + "not \(describe(node))", at: node)
    }
    if options.retries > Self.maximumRetries {
      error("'retry' allows at most \(Self.maximumRetries) retries", at: node)
      options.retries = Self.maximumRetries
    }
  }

  // MARK: Schedule

  private mutating func decodeSchedule(_ node: JSONNode) -> WorkflowSchedule? {
    switch node.kind {
    case .string(let cron):
      return WorkflowSchedule(cron: cron, cronLocation: location(node))
    case .object(let object):
      checkKeys(object, allowed: Self.scheduleKeys, in: "'schedule'")
      guard let cronNode = object["cron"], let cron = text(cronNode, what: "'cron'") else {
        if object["cron"] == nil {
          error("'schedule' needs 'cron', as in {\"cron\": \"0 7 * * MON-FRI\"}", at: node)
        }
        return nil
      }
      var schedule = WorkflowSchedule(cron: cron, cronLocation: location(cronNode))
      if let zoneNode = object["timezone"], let zone = text(zoneNode, what: "'timezone'") {
        schedule.timeZone = zone
        schedule.timeZoneLocation = location(zoneNode)
      }
      if let overlapNode = object["overlap"], let text = text(overlapNode, what: "'overlap'") {
        if let overlap = WorkflowSchedule.Overlap(rawValue: text) {
          schedule.overlap = overlap
        } else {
          error(
            "'overlap' must be \(Diagnostic.list(WorkflowSchedule.Overlap.allCases.map(\.rawValue))), "
              + "not '\(text)'", at: overlapNode)
        }
      }
      if let catchUpNode = object["catchUp"], let text = text(catchUpNode, what: "'catchUp'") {
        if let catchUp = WorkflowSchedule.CatchUp(rawValue: text) {
          schedule.catchUp = catchUp
        } else {
          error(
            "'catchUp' must be \(Diagnostic.list(WorkflowSchedule.CatchUp.allCases.map(\.rawValue))), "
              + "not '\(text)'", at: catchUpNode)
        }
      }
      if let jitterNode = object["jitter"], let jitter = duration(jitterNode, what: "'jitter'") {
        schedule.jitter = jitter
      }
      if let inputsNode = object["inputs"] {
        if case .object(let inputs) = inputsNode.kind {
          schedule.inputs = inputs.members.map {
            ScheduledInput(
              name: $0.key, value: Value(json: $0.value.plainValue),
              location: location($0.keyPosition))
          }
        } else {
          error(
            "'inputs' in 'schedule' must be an object from input names to values, not "
              + "\(describe(inputsNode))", at: inputsNode)
        }
      }
      if let yesNode = object["yes"] {
        if case .bool(let yes) = yesNode.kind {
          schedule.yes = yes
          schedule.yesLocation = location(yesNode)
        } else {
          error("'yes' must be true or false, not \(describe(yesNode))", at: yesNode)
        }
      }
      return schedule
    default:
      error(
        "'schedule' must be a cron string such as \"0 7 * * MON-FRI\" or an object with 'cron', "
          + "not \(describe(node))", at: node)
      return nil
    }
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

extension JSONNode {
  fileprivate var isArray: Bool {
    if case .array = kind { return true }
    return false
  }
}
