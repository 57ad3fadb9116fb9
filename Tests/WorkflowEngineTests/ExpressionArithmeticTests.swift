import Foundation
import IntentKit
import Testing

@testable import WorkflowEngine

private func ref(_ root: String, _ path: PathComponent..., at offset: Int)
  -> WorkflowEngine.Expression
{
  .reference(Reference(root: root, path: path, offset: offset))
}

private func parse(_ text: String) throws -> WorkflowEngine.Expression {
  try ExpressionParser.parse(text)
}

private func int(_ value: Int) -> WorkflowEngine.Expression { .literal(.integer(value)) }

/// The diagnostics of a workflow with these steps (step *k* on line 3 + *k*, at column 5).
private func diagnostics(inputs: String? = nil, output: String? = nil, _ steps: String...)
  -> [String]
{
  Harness.diagnostics(Harness.workflow(inputs: inputs, output: output, steps: steps))
}

/// The output of a one-step workflow that echoes `text`, run at 2026-03-14 15:30 UTC.
private func echo(
  _ text: String, inputs: String? = nil, given: [String: Value] = [:],
  environment: EvaluationEnvironment = fixedEnvironment
) async throws -> TestRun {
  try await TestRun.run(
    Harness.workflow(
      inputs: inputs, output: nil,
      steps: [#"{ "id": "say", "intent": "test.echo", "parameters": { "text": "\#(text)" } }"#]),
    inputs: given
  ) { $0.environment = environment }
}

private let fixedNow = Date(timeIntervalSince1970: 1_773_502_200)  // 2026-03-14T15:30:00Z

private let fixedEnvironment = EvaluationEnvironment(
  now: { fixedNow }, timeZone: TimeZone(identifier: "Europe/Prague") ?? .current,
  variables: ["PORT": "8080", "USER": "ada"], runID: "42", currentDirectory: "/home/ada")

@Suite("The language for unattended jobs: expressions")
struct ExpressionArithmeticTests {
  // MARK: Parsing

  @Test("* / % bind tighter than + and -, which group from the left")
  func precedence() throws {
    #expect(
      try parse("1 + 2 * 3")
        == .arithmetic(
          int(1), .add, .arithmetic(int(2), .multiply, int(3), offset: 6), offset: 2))
    #expect(
      try parse("8 - 2 - 1")
        == .arithmetic(
          .arithmetic(int(8), .subtract, int(2), offset: 2), .subtract, int(1), offset: 6))
  }

  @Test("arithmetic binds tighter than comparison, ?? between them")
  func comparisonAndCoalesce() throws {
    #expect(
      try parse("a ?? 0 + 1 > 2")
        == .compare(
          .coalesce(ref("a", at: 0), .arithmetic(int(0), .add, int(1), offset: 7)), .greater,
          int(2)))
  }

  @Test("a minus before a digit is a number; before anything else it negates")
  func unaryMinus() throws {
    #expect(try parse("-3") == .literal(.integer(-3)))
    #expect(try parse("-n") == .negate(ref("n", at: 1), offset: 0))
    #expect(
      try parse("n - -1") == .arithmetic(ref("n", at: 0), .subtract, int(-1), offset: 2))
  }

  @Test("an index may be an expression; what follows reads from its value")
  func expressionIndexes() throws {
    #expect(try parse("lines[0]") == ref("lines", .index(0), at: 0))
    #expect(
      try parse("lines[i + 1].title")
        == .member(
          .subscripted(
            ref("lines", at: 0), index: .arithmetic(ref("i", at: 6), .add, int(1), offset: 8),
            offset: 5), .property("title"), offset: 12))
  }

  @Test("a long chain of operators is refused instead of exhausting the stack")
  func operatorLimit() {
    let text = Array(repeating: "1", count: 300).joined(separator: "+")
    #expect(throws: ExpressionSyntaxError.self) { try ExpressionParser.parse(text) }
    #expect(
      (try? ExpressionParser.parse(Array(repeating: "1", count: 200).joined(separator: "-"))) != nil
    )
  }

  // MARK: Evaluating

  @Test(
    "arithmetic on numbers: whole numbers stay whole unless a division leaves a remainder",
    arguments: [
      ("${1 + 2 * 3}", "7"), ("${(1 + 2) * 3}", "9"), ("${7 / 2}", "3.5"), ("${8 / 2}", "4"),
      ("${7 % 3}", "1"), ("${-7 % 3}", "-1"), ("${1.5 * 2}", "3"), ("${10 - 2 - 3}", "5"),
      ("${env.PORT + 1}", "8081"), ("${2 * -env.PORT}", "-16160"),
      ("${(-9223372036854775807 - 1) % -1}", "0"),
    ])
  func numbers(text: String, expected: String) async throws {
    let run = try await echo(text)
    #expect(run.status == .succeeded)
    #expect(run.output == .text(expected))
  }

  @Test("dates plus durations are dates; two dates give the duration between them")
  func dates() throws {
    let start = Date(timeIntervalSince1970: 0)
    #expect(
      try Evaluator.arithmetic(.date(start), .add, .duration(.seconds(90)))
        == .date(Date(timeIntervalSince1970: 90)))
    #expect(
      try Evaluator.arithmetic(.date(Date(timeIntervalSince1970: 3600)), .subtract, .date(start))
        == .duration(.seconds(3600)))
    #expect(
      try Evaluator.arithmetic(.duration(.seconds(60)), .multiply, .integer(3))
        == .duration(.seconds(180)))
  }

  @Test("a date or duration pushed out of range is an error naming the values, never a trap")
  func datesOutOfRange() throws {
    let start = Date(timeIntervalSince1970: 0)
    let far = try #require(throws: EvaluationError.self) {
      try Evaluator.arithmetic(.date(start), .add, .duration(.seconds(9_000_000_000_000)))
    }
    #expect(
      far.message
        == "the result of '1970-01-01T00:00:00+00:00 + 104166666d16h' is out of the range of dates "
        + "(the years 1 to 9999)")
    let long = try #require(throws: EvaluationError.self) {
      try Evaluator.arithmetic(.duration(.seconds(60)), .multiply, .number(1e300))
    }
    #expect(
      long.message
        == "the result of '1m * 1e+300' is too long a duration; durations go up to "
        + "9000000000000 seconds (about 285,000 years)")
    #expect(
      throws: EvaluationError.self,
      performing: {
        try Evaluator.arithmetic(
          .duration(.seconds(9_000_000_000_000)), .add, .duration(.seconds(9_000_000_000_000)))
      })
  }

  @Test(
    "data that cannot be computed fails the step with the reason",
    arguments: [
      ("${env.USER + 1}", "'+' needs numbers, but text 'ada' is not one"),
      ("${1 / 0}", "division by zero"),
      (
        "${(-9223372036854775807 - 1) / -1}",
        "the result of '-9223372036854775808 / -1' is too large; whole numbers go from "
          + "-9223372036854775808 to 9223372036854775807"
      ),
      (
        "${-(-9223372036854775807 - 1)}",
        "the result of '-(-9223372036854775808)' is too large; whole numbers go from "
          + "-9223372036854775808 to 9223372036854775807"
      ),
      (
        "${9223372036854775807 * 2}",
        "the result of '9223372036854775807 * 2' is too large; whole numbers go from "
          + "-9223372036854775808 to 9223372036854775807"
      ),
      (
        "${env.NOPE + 1}",
        "'+' needs a value on the left, but it is null; write '(VALUE ?? 0)' "
          + "to use a default"
      ),
    ])
  func runtimeErrors(text: String, message: String) async throws {
    let run = try await echo(text)
    #expect(run.status == .failed)
    #expect(run.error?.message == "step 'say': \(message)")
    #expect(run.error?.location?.line == 4)
  }

  @Test("now, today, env, run.id, workflow.name and workflow.directory come from the run")
  func runNames() async throws {
    let now = try await echo("${now}").output
    #expect(now == .text("2026-03-14T15:30:00+00:00"))
    let today = try await echo("${today}").output
    // Midnight in Prague, shown in UTC.
    #expect(today == .text("2026-03-13T23:00:00+00:00"))
    #expect(try await echo("${env.USER} on ${run.id}").output == .text("ada on 42"))
    #expect(
      try await echo("${workflow.name} in ${workflow.directory}").output
        == .text("demo in /home/ada"))
    #expect(try await echo("${env.MISSING ?? 'none'}").output == .text("none"))
    let elapsed = try await echo("${now - today}").output
    #expect(elapsed == .text("16h30m"))
  }

  @Test("?? gives the left side unless it is null")
  func coalesce() async throws {
    let inputs = #"{ "name": { "type": "text", "default": "" } }"#
    // Empty text is a value: only null gives way.
    let empty = try await TestRun.run(
      Harness.workflow(
        inputs: inputs, output: #""${inputs.name ?? 'x'}""#,
        steps: [#"{ "intent": "test.echo", "parameters": { "text": "a" } }"#]))
    #expect(empty.output == .text(""))
    #expect(try await echo("${env.USER ?? 'x'}").output == .text("ada"))
  }

  @Test("an index computed from a loop variable or an input reads a list or a dictionary")
  func computedIndexes() async throws {
    let inputs =
      #"{ "lines": { "type": "list", "default": ["a", "b", "c"] }, "#
      + #""map": { "type": "dictionary", "default": { "k": "v" } }, "#
      + #""key": { "type": "text", "default": "k" } }"#
    #expect(try await echo("${inputs.lines[1 + 1]}", inputs: inputs).output == .text("c"))
    #expect(try await echo("${inputs.map[inputs.key]}", inputs: inputs).output == .text("v"))
    #expect(try await echo("${inputs.map['nope'] ?? '-'}", inputs: inputs).output == .text("-"))
    let run = try await echo("${inputs.lines[inputs.key]}", inputs: inputs)
    #expect(
      run.error?.message
        == "step 'say': 'inputs.lines[inputs.key]': a list is indexed by a whole number, not "
        + "text 'k'")
  }

  // MARK: Planning

  @Test("arithmetic on a value that can never be a number is an error before the run")
  func typeErrors() {
    #expect(
      diagnostics(
        #"{ "id": "todo", "intent": "items.find" }"#,
        #"{ "intent": "test.echo", "parameters": { "text": "${todo + 1}" } }"#) == [
          "test.json:5:62: error: '+' cannot combine a list of Item and an integer (in "
            + "'todo + 1'); arithmetic works on numbers, dates with durations, and durations"
        ])
    #expect(
      diagnostics(#"{ "intent": "test.echo", "parameters": { "text": "${env.A + env.B}" } }"#)
        == [
          "test.json:4:63: error: '+' cannot combine text and text (in 'env.A + env.B'); to "
            + "join text, write both in one string: \"${a}${b}\""
        ])
  }

  @Test("unknown run names get the same diagnostics as other references")
  func runNameDiagnostics() {
    #expect(
      diagnostics(#"{ "intent": "test.echo", "parameters": { "text": "${workflow.nam}" } }"#)
        == ["test.json:4:57: error: 'workflow.nam': did you mean 'workflow.name'?"])
    #expect(
      diagnostics(#"{ "intent": "test.echo", "parameters": { "text": "${todya}" } }"#)
        == [
          "test.json:4:57: error: no step, input or loop variable named 'todya'; did you mean "
            + "'today'?"
        ])
    #expect(
      diagnostics(#"{ "intent": "test.echo", "parameters": { "text": "${env}" } }"#)
        == ["test.json:4:57: error: write env.NAME to read the environment variable NAME"])
    #expect(
      diagnostics(
        #"{ "repeat": 2, "as": "i", "steps": [ "#
          + #"{ "intent": "test.echo", "parameters": { "text": "${i-1}" } } ] }"#) == [
          "test.json:4:94: error: no step, input or loop variable named 'i-1'; to subtract, put "
            + "spaces around '-': 'i - 1'"
        ])
  }

  @Test("a name of a step or loop variable wins over a run name")
  func shadowing() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "now", "intent": "test.echo", "parameters": { "text": "mine" } }"#,
        #"{ "intent": "test.echo", "parameters": { "text": "${now}" } }"#))
    #expect(run.output == .text("mine"))
  }
}
