import IntentKit
import Testing
import WorkflowEngine

/// One step in a one-line workflow: `{"name": "demo", "steps": [{"intent": "test.echo", …}]}`.
/// A key written right after `"test.echo", ` starts at column 52.
private func echoStep(_ rest: String) -> String {
  #"{"name": "demo", "steps": [{"intent": "test.echo", \#(rest)}]}"#
}

@Suite("Decoding workflow files")
struct WorkflowDecoderTests {
  @Test("a workflow decodes its name, description, inputs, steps, output and locations")
  func decodesEverything() throws {
    let workflow = try Harness.decode(
      """
      {
        "name": "demo",
        "description": "Says hi.",
        "inputs": { "who": { "type": "text", "default": "world", "description": "Whom to greet" } },
        "steps": [{"id": "hi", "intent": "test.echo", "parameters": {"text": "hi ${inputs.who}"}}],
        "output": "${hi}"
      }
      """)
    #expect(workflow.name == "demo")
    #expect(workflow.description == "Says hi.")
    #expect(workflow.location == SourceLocation(file: "test.json", line: 1, column: 1))
    let input = try #require(workflow.inputs.first)
    #expect(input.name == "who")
    #expect(input.typeName == "text")
    #expect(input.defaultValue == .text("world"))
    #expect(input.description == "Whom to greet")
    #expect(input.location == SourceLocation(file: "test.json", line: 4, column: 15))
    let step = try #require(workflow.steps.first)
    #expect(step.id == "hi")
    #expect(step.idLocation == SourceLocation(file: "test.json", line: 5, column: 20))
    #expect(step.location == SourceLocation(file: "test.json", line: 5, column: 13))
    guard case .action(let action) = step.kind else {
      Issue.record("expected an intent step, got \(step.kind)")
      return
    }
    #expect(action.intent == "test.echo")
    #expect(action.intentLocation == SourceLocation(file: "test.json", line: 5, column: 36))
    #expect(action.parameters.map(\.name) == ["text"])
    guard case .template(let template, _)? = action.parameters.first?.value else {
      Issue.record("expected a template")
      return
    }
    #expect(template.segments.count == 2)
    guard case .template(let output, _)? = workflow.output else {
      Issue.record("expected an output template")
      return
    }
    #expect(output.singleExpression == .reference(Reference(root: "hi", path: [], offset: 0)))
  }

  @Test("an input without a type takes the type of its default")
  func inputTypeFromDefault() throws {
    let workflow = try Harness.decode(
      #"{"name": "d", "inputs": {"n": {"default": 3}, "s": {}}, "steps": [{"intent": "x"}]}"#)
    #expect(workflow.inputs.map(\.typeName) == ["integer", "text"])
  }

  @Test("text without ${…} is a literal, and $${ is a literal ${")
  func literalText() throws {
    let workflow = try Harness.decode(echoStep(#""parameters": {"text": "cost: $${price}"}"#))
    guard case .action(let action) = workflow.steps[0].kind,
      case .literal(let value, _)? = action.parameters.first?.value
    else {
      Issue.record("expected a literal parameter")
      return
    }
    #expect(value == .text("cost: ${price}"))
  }

  @Test(
    "a value is plain text unless it holds a ${…}; $${ writes a literal ${",
    arguments: [
      ("plain words", "plain words"), ("cost: 5 $", "cost: 5 $"),
      ("$${a} and $${b}", "${a} and ${b}"),
      ("", ""), ("日本 € $", "日本 € $"), ("$", "$"),
    ])
  func plainTextValues(written: String, text: String) throws {
    let workflow = try Harness.decode(
      echoStep(#""parameters": {"text": \#(String(reflecting: written))}"#))
    guard case .action(let action) = workflow.steps.first?.kind,
      case .literal(let value, _)? = action.parameters.first?.value
    else {
      Issue.record("expected a literal value for \(written)")
      return
    }
    #expect(value == .text(text))
  }

  @Test("a template keeps the text around its expressions, and none where there is none")
  func templateSegments() throws {
    let workflow = try Harness.decode(
      echoStep(#""parameters": {"a": "${x} y", "b": "${x}", "c": "$${z}${x}!"}"#))
    guard case .action(let action) = workflow.steps.first?.kind else {
      Issue.record("expected an intent step")
      return
    }
    let x = Expression.reference(Reference(root: "x", path: [], offset: 0))
    let segments = action.parameters.map { argument -> [Template.Segment] in
      guard case .template(let template, _) = argument.value else { return [] }
      return template.segments
    }
    #expect(
      segments == [
        [.expression(x, offset: 0), .text(" y")],
        [.expression(x, offset: 0)],
        [.text("${z}"), .expression(x, offset: 5), .text("!")],
      ])
  }

  @Test("a step's condition reads back, and can be changed")
  func conditionRoundTrip() throws {
    var workflow = try Harness.decode(echoStep(#""if": "${a} > 1""#))
    var condition = try #require(workflow.steps[0].condition)
    #expect(condition.text.location == SourceLocation(file: "test.json", line: 1, column: 58))
    #expect(workflow.steps[1...].isEmpty)
    condition.expression = .literal(.boolean(false))
    workflow.steps[0].condition = condition
    #expect(workflow.steps[0].condition?.expression == .literal(.boolean(false)))
    #expect(workflow.steps[0].condition?.text == condition.text)
    workflow.steps[0].condition = nil
    #expect(workflow.steps[0].condition == nil)
  }

  // MARK: Unknown keys

  @Test("unknown top-level keys are reported at the key, with did-you-mean")
  func unknownTopLevelKeys() {
    let diagnostics = Harness.decodeDiagnostics(
      """
      {
        "name": "demo",
        "steps": [{ "intent": "test.echo" }],
        "ouput": "x",
          "descripton": "y"
      }
      """)
    #expect(
      diagnostics == [
        "test.json:4:3: error: unknown key 'ouput' in the workflow; did you mean 'output'?",
        "test.json:5:5: error: unknown key 'descripton' in the workflow; did you mean "
          + "'description'?",
      ])
  }

  @Test("an unknown key that resembles nothing lists the keys that are allowed")
  func unknownKeyListsChoices() {
    #expect(
      Harness.decodeDiagnostics(#"{"name": "demo", "colour": 1, "steps": [{"intent": "x"}]}"#)
        == [
          "test.json:1:18: error: unknown key 'colour' in the workflow; expected 'name', "
            + "'description', 'inputs', 'steps', 'output', 'onFailure', 'schedule', 'phrases' "
            + "or 'format'"
        ])
  }

  @Test(
    "unknown keys in steps name the kind of step",
    arguments: [
      (
        echoStep(#""parameter": {}"#),
        "1:52: error: unknown key 'parameter' in an 'intent' step; did you mean 'parameters'?"
      ),
      (
        #"{"name": "demo", "steps": [{"forEach": [1], "ass": "x", "steps": [{"intent": "x"}]}]}"#,
        "1:45: error: unknown key 'ass' in a 'forEach' step; did you mean 'as'?"
      ),
      (
        #"{"name": "demo", "steps": [{"if": true, "then": [{"intent": "x"}], "els": []}]}"#,
        "1:68: error: unknown key 'els' in an 'if' step; did you mean 'else'?"
      ),
      (
        #"{"name": "demo", "steps": [{"repeat": 2, "steps": [{"intent": "x"}], "as": "n", "cout": "#
          + #"1}]}"#,
        // Only the keys a 'repeat' step accepts: not the intent-only 'timeout' or 'retry'.
        "1:81: error: unknown key 'cout' in a 'repeat' step; expected 'id', 'if', 'onError', "
          + "'description', 'repeat', 'as' or 'steps'"
      ),
      (
        #"{"name": "demo", "steps": [{"workflow": "a.json", "input": {}}]}"#,
        "1:51: error: unknown key 'input' in a 'workflow' step; did you mean 'inputs'?"
      ),
    ])
  func unknownStepKeys(workflow: String, expected: String) {
    #expect(Harness.decodeDiagnostics(workflow) == ["test.json:" + expected])
  }

  @Test("unknown keys in inputs, retry and schedule objects")
  func unknownNestedKeys() {
    let diagnostics = Harness.decodeDiagnostics(
      """
      {
        "name": "demo",
        "inputs": { "n": { "type": "integer", "defualt": 3 } },
        "schedule": { "cron": "0 7 * * *", "timeZone": "UTC" },
        "steps": [{ "intent": "test.echo", "retry": { "cuont": 1 } }]
      }
      """)
    #expect(
      diagnostics == [
        "test.json:3:41: error: unknown key 'defualt' in input 'n'; did you mean 'default'?",
        "test.json:4:38: error: unknown key 'timeZone' in 'schedule'; did you mean 'timezone'?",
        "test.json:5:49: error: unknown key 'cuont' in 'retry'; did you mean 'count'?",
      ])
  }

  @Test("a step of no known kind says which keys make a step, after its unknown keys")
  func stepWithoutKind() {
    #expect(
      Harness.decodeDiagnostics(#"{"name": "demo", "steps": [{"intnet": "test.echo"}]}"#) == [
        "test.json:1:28: error: a step needs 'intent' (run an intent), 'forEach', 'if' with "
          + "'then', 'repeat' or 'workflow'",
        "test.json:1:29: error: unknown key 'intnet' in a step; did you mean 'intent'?",
      ])
  }

  @Test("a step of two kinds is reported once, at the second kind's key")
  func stepOfTwoKinds() {
    #expect(
      Harness.decodeDiagnostics(echoStep(#""repeat": 2"#)) == [
        "test.json:1:52: error: a step can be only one kind, but this one has both 'intent' "
          + "and 'repeat'; split it into two steps"
      ])
  }

  @Test(
    "blocks without their parts are reported at the step",
    arguments: [
      (
        #"{"name": "demo", "steps": [{"then": [{"intent": "x"}]}]}"#,
        "a step with 'then' needs an 'if' condition"
      ),
      (
        #"{"name": "demo", "steps": [{"forEach": [1, 2]}]}"#,
        "a 'forEach' step needs 'steps': the steps to run each time"
      ),
      (
        #"{"name": "demo", "steps": [{"repeat": 2}]}"#,
        "a 'repeat' step needs 'steps': the steps to run each time"
      ),
    ])
  func incompleteBlocks(workflow: String, message: String) {
    #expect(Harness.decodeDiagnostics(workflow) == ["test.json:1:28: error: " + message])
  }

  // MARK: JSON types

  @Test(
    "values of the wrong JSON type say what was expected and what was found",
    arguments: [
      (
        #"{"name": 3, "steps": [{"intent": "x"}]}"#,
        "1:10: error: 'name' must be text, not a number"
      ),
      (#"{"name": "", "steps": [{"intent": "x"}]}"#, "1:10: error: 'name' must not be empty"),
      (
        #"{"name": "demo", "steps": {}}"#,
        "1:27: error: 'steps' must be a list of steps, not an object"
      ),
      (
        #"{"name": "demo", "steps": []}"#,
        "1:27: error: 'steps' is empty; a workflow needs at least one step"
      ),
      (
        #"{"name": "demo", "steps": ["test.echo"]}"#,
        #"1:28: error: a step must be an object such as {"intent": "…"}, not text 'test.echo'"#
      ),
      (
        #"{"name": "demo", "inputs": [], "steps": [{"intent": "x"}]}"#,
        "1:28: error: 'inputs' must be an object from input names to declarations, not a list"
      ),
      (
        #"{"name": "demo", "inputs": {"n": "text"}, "steps": [{"intent": "x"}]}"#,
        #"1:34: error: input 'n' must be an object such as {"type": "text", "default": …}, "#
          + "not text 'text'"
      ),
      (
        #"{"name": "demo", "inputs": {"2x": {}}, "steps": [{"intent": "x"}]}"#,
        "1:29: error: '2x' is not a valid input name; use letters, digits, '_' and '-', "
          + "starting with a letter"
      ),
      (
        #"{"name": "demo", "steps": [{"intent": 5}]}"#,
        "1:39: error: 'intent' must be text, not a number"
      ),
      (
        echoStep(#""parameters": ["hi"]"#),
        "1:66: error: 'parameters' must be an object from names to values, not a list"
      ),
      (
        #"{"name": "demo", "description": false, "steps": [{"intent": "x"}]}"#,
        "1:33: error: 'description' must be text, not false"
      ),
      (echoStep(#""id": 7"#), "1:58: error: 'id' must be text, not a number"),
      (
        echoStep(#""if": 3"#),
        #"1:58: error: 'if' must be a condition such as "${found.count} > 0", not a number"#
      ),
      (
        #"{"name": "demo", "steps": [{"forEach": "${x}", "as": 3, "steps": [{"intent": "x"}]}]}"#,
        "1:54: error: 'as' must be text, not a number"
      ),
      (
        #"{"name": "demo", "steps": [{"workflow": null}]}"#,
        "1:41: error: 'workflow' must be text, not null"
      ),
      (
        #"{"name": "demo", "format": 2, "steps": [{"intent": "x"}]}"#,
        "1:28: error: unsupported format 2; this version of IntentFlow reads format 1"
      ),
    ])
  func wrongTypes(workflow: String, expected: String) {
    #expect(Harness.decodeDiagnostics(workflow) == ["test.json:" + expected])
  }

  @Test("a file that is not a JSON object is not a workflow", arguments: ["[1, 2]", "\"flow\""])
  func notAnObject(json: String) {
    let found = json.hasPrefix("[") ? "a list" : "text"  // nothing of the file is quoted
    #expect(
      Harness.decodeDiagnostics(json) == [
        "test.json:1:1: error: a workflow file must hold a JSON object, not \(found)"
      ])
  }

  @Test("a workflow without name or steps is reported at its start")
  func missingNameAndSteps() {
    #expect(
      Harness.decodeDiagnostics("{}") == [
        #"test.json:1:1: error: the workflow has no 'name'; add "name": "…""#,
        #"test.json:1:1: error: the workflow has no 'steps'; add "steps": [ … ]"#,
      ])
  }

  // MARK: Ids

  @Test("step ids must be names", arguments: ["2nd", "my step", "a.b", "-x", ""])
  func invalidIDs(id: String) {
    #expect(
      Harness.decodeDiagnostics(echoStep(#""id": "\#(id)""#)) == [
        "test.json:1:58: error: '\(id)' is not a valid step id; use letters, digits, '_' and "
          + "'-', starting with a letter, so that ${\(id)} can refer to it"
      ])
  }

  @Test(
    "reserved words cannot be step ids", arguments: ["inputs", "true", "false", "null", "contains"])
  func reservedIDs(id: String) {
    #expect(
      Harness.decodeDiagnostics(echoStep(#""id": "\#(id)""#)) == [
        "test.json:1:58: error: '\(id)' is reserved and cannot be a step id; choose another name"
      ])
  }

  @Test(
    "ids may use letters of any script, digits, '_' and '-'",
    arguments: ["add-2", "_tmp", "čaj", "A1"])
  func validIDs(id: String) throws {
    let workflow = try Harness.decode(echoStep(#""id": "\#(id)""#))
    #expect(workflow.steps.first?.id == id)
  }

  @Test("loop variables must be names and not reserved", arguments: ["1x", "inputs"])
  func invalidLoopVariables(name: String) {
    let json =
      #"{"name": "demo", "steps": [{"forEach": [1], "as": "\#(name)", "steps": [{"intent": "#
      + #""x"}]}]}"#
    #expect(
      Harness.decodeDiagnostics(json) == [
        "test.json:1:51: error: '\(name)' is not a valid loop variable name; use letters, "
          + "digits, '_' and '-', starting with a letter"
      ])
  }

  // MARK: Step options

  @Test(
    "timeouts accept durations, seconds and none",
    arguments: [
      (#""30s""#, Duration.seconds(30)), (#""1m30s""#, .seconds(90)), ("45", .seconds(45)),
      ("2.5", .milliseconds(2500)), (#""PT1M""#, .seconds(60)), (#""250ms""#, .milliseconds(250)),
    ])
  func timeouts(json: String, expected: Duration) throws {
    let workflow = try Harness.decode(echoStep(#""timeout": \#(json)"#))
    #expect(workflow.steps[0].options.timeout == .some(.some(expected)))
  }

  @Test("a timeout of none or never means no limit; no timeout means the default")
  func noTimeout() throws {
    for word in ["none", "never", "NONE"] {
      let workflow = try Harness.decode(echoStep(#""timeout": "\#(word)""#))
      #expect(workflow.steps[0].options.timeout == .some(nil))
    }
    let plain = try Harness.decode(echoStep(#""id": "a""#))
    #expect(plain.steps[0].options.timeout == nil)
  }

  @Test(
    "bad timeouts say how to write one",
    arguments: [
      (
        #""soon""#,
        "'timeout': 'soon' is not a duration; write 30s, 5m, 1h30m or a number of seconds"
      ),
      ("0", #"'timeout' must be longer than zero; write "none" for no limit"#),
      (#""0s""#, #"'timeout' must be longer than zero; write "none" for no limit"#),
      ("-5", #"'timeout' must be a duration such as "30s", not a number"#),
      (
        "1e300",
        "'timeout': 1e+300 seconds is too long a duration; durations go up to 9000000000000 "
          + "seconds (about 285,000 years)"
      ),
      (
        "9223372036854775807",
        "'timeout': 9223372036854775807 seconds is too long a duration; durations go up to "
          + "9000000000000 seconds (about 285,000 years)"
      ),
      ("true", #"'timeout' must be a duration such as "30s", not true"#),
      ("[]", #"'timeout' must be a duration such as "30s", not a list"#),
    ])
  func badTimeouts(json: String, message: String) {
    #expect(
      Harness.decodeDiagnostics(echoStep(#""timeout": \#(json)"#)) == [
        "test.json:1:63: error: " + message
      ])
  }

  @Test("retry takes a count, or a count and a delay")
  func retries() throws {
    let simple = try Harness.decode(echoStep(#""retry": 2"#))
    #expect(simple.steps[0].options.retries == 2)
    #expect(simple.steps[0].options.retryDelay == .zero)
    let full = try Harness.decode(echoStep(#""retry": {"count": 3, "delay": "2s"}"#))
    #expect(full.steps[0].options.retries == 3)
    #expect(full.steps[0].options.retryDelay == .seconds(2))
  }

  @Test(
    "bad retries are reported at the value at fault",
    arguments: [
      (
        "-1",
        #"1:61: error: 'retry' must be a number of retries or {"count": 2, "delay": "1s"}, not a "#
          + #"number"#
      ),
      (
        #""twice""#,
        #"1:61: error: 'retry' must be a number of retries or {"count": 2, "delay": "1s"}, not "#
          + #"text 'twice'"#
      ),
      ("101", "1:61: error: 'retry' allows at most 100 retries"),
      (#"{"count": "two"}"#, "1:71: error: 'count' must be a whole number of retries, 0 or more"),
      (
        #"{"count": 1, "delay": "later"}"#,
        "1:83: error: 'delay': 'later' is not a duration; write 30s, 5m, 1h30m or a number of "
          + "seconds"
      ),
    ])
  func badRetries(json: String, expected: String) {
    #expect(Harness.decodeDiagnostics(echoStep(#""retry": \#(json)"#)) == ["test.json:" + expected])
  }

  @Test("onError is fail or continue")
  func onError() throws {
    #expect(
      try Harness.decode(echoStep(#""onError": "continue""#)).steps[0].options.onError == .continue)
    #expect(try Harness.decode(echoStep(#""onError": "fail""#)).steps[0].options.onError == .fail)
    #expect(try Harness.decode(echoStep(#""id": "a""#)).steps[0].options.onError == .fail)
    #expect(
      Harness.decodeDiagnostics(echoStep(#""onError": "ignore""#)) == [
        "test.json:1:63: error: 'onError' must be 'fail' or 'continue' or a list of steps to run "
          + "instead, not 'ignore'"
      ])
    #expect(
      Harness.decodeDiagnostics(echoStep(#""onError": false"#)) == [
        "test.json:1:63: error: 'onError' must be text, not false"
      ])
  }

  @Test("confirm is true or false")
  func confirm() throws {
    #expect(try Harness.decode(echoStep(#""confirm": true"#)).steps[0].options.confirm)
    #expect(
      Harness.decodeDiagnostics(echoStep(#""confirm": "yes""#)) == [
        "test.json:1:63: error: 'confirm' must be true or false, not text 'yes'"
      ])
  }

  // MARK: Schedules

  /// A valid workflow with a schedule; the schedule's value starts at column 66.
  private static func scheduled(_ schedule: String) -> String {
    #"{"name": "demo", "steps": [{"intent": "test.echo"}], "schedule": \#(schedule)}"#
  }

  @Test("a schedule is a cron string or an object with cron, time zone and policies")
  func schedules() throws {
    let short = try Harness.decode(Self.scheduled(#""0 7 * * *""#))
    #expect(short.schedule?.cron == "0 7 * * *")
    #expect(short.schedule?.cronLocation == SourceLocation(file: "test.json", line: 1, column: 66))
    #expect(short.schedule?.overlap == .skip)
    #expect(short.schedule?.catchUp == WorkflowSchedule.CatchUp.none)
    let full = try Harness.decode(
      Self.scheduled(
        #"{"cron": "@daily", "timezone": "UTC", "overlap": "queue", "catchUp": "latest", "#
          + #""jitter": "5m"}"#
      ))
    let schedule = try #require(full.schedule)
    #expect(schedule.cron == "@daily")
    #expect(schedule.timeZone == "UTC")
    #expect(schedule.overlap == .queue)
    #expect(schedule.catchUp == .latest)
    #expect(schedule.jitter == .seconds(300))
  }

  @Test(
    "bad schedules say what a schedule looks like",
    arguments: [
      (
        "5",
        #"1:66: error: 'schedule' must be a cron string such as "0 7 * * MON-FRI" or an object "#
          + #"with 'cron', not a number"#
      ),
      (
        #"{"timezone": "UTC"}"#,
        #"1:66: error: 'schedule' needs 'cron', as in {"cron": "0 7 * * MON-FRI"}"#
      ),
      (#"{"cron": 7}"#, "1:75: error: 'cron' must be text, not a number"),
      (
        #"{"cron": "0 7 * * *", "overlap": "never"}"#,
        "1:99: error: 'overlap' must be 'skip', 'queue' or 'allow', not 'never'"
      ),
      (
        #"{"cron": "0 7 * * *", "catchUp": "all"}"#,
        "1:99: error: 'catchUp' must be 'none' or 'latest', not 'all'"
      ),
      (
        #"{"cron": "0 7 * * *", "jitter": "lots"}"#,
        "1:98: error: 'jitter': 'lots' is not a duration; write 30s, 5m, 1h30m or a number of "
          + "seconds"
      ),
    ])
  func badSchedules(schedule: String, expected: String) {
    #expect(Harness.decodeDiagnostics(Self.scheduled(schedule)) == ["test.json:" + expected])
  }

  // MARK: Expressions in strings

  @Test(
    "a malformed ${…} is reported at the column of the problem inside the string",
    arguments: [
      (
        #""Hello ${inputs.name""#, 82,
        "'${' is not closed; add '}' (or write '$${' for a literal '${')"
      ),
      (#""a ${}""#, 80, "expected an expression"),
      (#""${a b}""#, 80, "unexpected 'b' after the expression"),
      (#""${a = 1}""#, 80, "'=' is not an operator; use '==' to compare"),
      (#""${a[]}""#, 80, "expected an index inside '[ ]'"),
      // A quote inside ${…} hides the } after it.
      (#""${'open}""#, 76, "'${' is not closed; add '}' (or write '$${' for a literal '${')"),
      // Escapes are as wide in the file as they are written.
      (#""\"q\" ${a b}""#, 86, "unexpected 'b' after the expression"),
      (#""line\n${a b}""#, 86, "unexpected 'b' after the expression"),
      (#""caf\u00e9 ${a b}""#, 90, "unexpected 'b' after the expression"),
      (#""\ud83d\ude00 ${a b}""#, 93, "unexpected 'b' after the expression"),
      // Other characters are one column each, however many bytes they take.
      (#""café ${a b}""#, 85, "unexpected 'b' after the expression"),
      (#""😀 ${a b}""#, 82, "unexpected 'b' after the expression"),
      (#""日本 ${a b}""#, 83, "unexpected 'b' after the expression"),
    ])
  func malformedExpressions(value: String, column: Int, message: String) {
    let json = echoStep(#""parameters": {"text": \#(value)}"#)
    #expect(
      Harness.decodeDiagnostics(json) == [
        "test.json:1:\(column): error: invalid expression: \(message)"
      ])
  }

  @Test("a malformed condition is reported at its column inside the string")
  func malformedConditions() {
    #expect(
      Harness.decodeDiagnostics(echoStep(#""if": "${a} = 1""#)) == [
        "test.json:1:64: error: invalid condition: '=' is not an operator; use '==' to compare"
      ])
    #expect(
      Harness.decodeDiagnostics(echoStep(#""if": "a &&""#)) == [
        "test.json:1:63: error: invalid condition: expected a value at the end of the expression"
      ])
  }

  @Test("malformed expressions in nested values, inputs of workflows and the output are found")
  func malformedEverywhere() {
    let diagnostics = Harness.decodeDiagnostics(
      """
      {
        "name": "demo",
        "steps": [
          { "intent": "test.echo", "parameters": { "text": ["${ok}", { "deep": "${a b}" }] } },
          { "workflow": "other.json", "inputs": { "x": "${(}" } }
        ],
        "output": "${}"
      }
      """)
    #expect(
      diagnostics == [
        "test.json:4:79: error: invalid expression: unexpected 'b' after the expression",
        "test.json:5:54: error: invalid expression: expected a value at the end of the expression",
        "test.json:7:16: error: invalid expression: expected an expression",
      ])
  }
}
