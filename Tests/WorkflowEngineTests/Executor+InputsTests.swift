import IntentKit
import Testing
import WorkflowEngine

/// A workflow with a required input `title` and an input `count` (line 3, column 44) with a
/// default.
private let twoInputs = workflow(
  inputs: #"{ "title": { "type": "text" }, "count": { "type": "integer", "default": 2 } }"#,
  #"{ "id": "say", "intent": "test.note", "parameters": { "text": "${inputs.title}", "#
    + #""times": "${inputs.count}" } }"#)

/// The error of binding `given` to the plan's inputs, or `nil` when they bind.
private func bindingError(
  _ plan: Plan, _ given: [String: Value],
  interaction: any InteractionHandler = NonInteractiveHandler()
) async -> IntentFlowError? {
  var configuration = Executor.Configuration()
  configuration.interaction = interaction
  do {
    _ = try await Executor(configuration: configuration).bindInputs(plan, given)
    return nil
  } catch {
    return error
  }
}

/// Fails every request, as a terminal that went away would.
private struct FailingInteraction: InteractionHandler {
  func requestValue(_ request: ValueRequest) async throws -> Value? { throw CancellationError() }
  func requestChoice(_ request: ChoiceRequest) async throws -> Int? { throw CancellationError() }
  func requestConfirmation(_ request: ConfirmationRequest) async throws -> Bool? {
    throw CancellationError()
  }
}

@Suite("Binding a run's inputs")
struct ExecutorInputsTests {
  @Test("given values are coerced to their input's type, and defaults fill in the rest")
  func binding() async throws {
    let plan = try Harness.plan(twoInputs)
    let executor = Executor()
    #expect(
      try await executor.bindInputs(plan, ["title": .text("x"), "count": .text("5")]) == [
        "title": .text("x"), "count": .integer(5),
      ])
    #expect(
      try await executor.bindInputs(plan, ["title": .text("x")]) == [
        "title": .text("x"), "count": .integer(2),
      ])
  }

  @Test("inputs reach the steps with their types")
  func inputsInSteps() async throws {
    let run = try await TestRun.run(
      twoInputs, inputs: ["title": .text("hip"), "count": .text("3")])
    #expect(run.output == .text("hip hip hip"))
  }

  @Test("an unknown input is a usage error, with a suggestion or the list of inputs")
  func unknownInputs() async throws {
    let plan = try Harness.plan(twoInputs)
    let misspelt = await bindingError(plan, ["title": .text("x"), "titel": .text("x")])
    #expect(misspelt?.code == .usage)
    #expect(misspelt?.message == "'demo' has no input 'titel'; did you mean 'title'?")
    let unknown = await bindingError(plan, ["zzz": .text("x")])
    #expect(unknown?.message == "'demo' has no input 'zzz'; its inputs are 'title', 'count'")
    let none = try Harness.plan(workflow(#"{ "intent": "test.nothing" }"#))
    let noInputs = await bindingError(none, ["x": .integer(1)])
    #expect(noInputs?.message == "'demo' has no input 'x'; it declares no inputs")
  }

  @Test("a value that does not fit its input is a usage error at the input's declaration")
  func badValues() async throws {
    let plan = try Harness.plan(twoInputs)
    let error = await bindingError(plan, ["title": .text("x"), "count": .text("many")])
    #expect(error?.code == .usage)
    #expect(error?.message == "input 'count' expects an integer: 'many' is not a whole number")
    #expect(error?.parameter == "count")
    #expect(error?.location == SourceLocation(file: "test.json", line: 3, column: 44))
  }

  @Test("a missing input without a default needs a value, and the message says how to give it")
  func missingInputs() async throws {
    let plan = try Harness.plan(twoInputs)
    let error = await bindingError(plan, [:])
    #expect(error?.code == .needsValue)
    #expect(
      error?.message
        == "input 'title' needs a value and has no default; pass --input title=VALUE")
    #expect(error?.parameter == "title")
  }

  @Test("a missing input is asked for when someone can answer, with its description")
  func askedInputs() async throws {
    let plan = try Harness.plan(
      workflow(
        inputs: #"{ "what": { "type": "integer", "description": "How many to buy" }, "who": {} }"#,
        #"{ "intent": "test.nothing" }"#))
    let script = ScriptedInteraction([.value(.text("4")), .value(.text("me"))])
    var configuration = Executor.Configuration()
    configuration.interaction = script
    let bound = try await Executor(configuration: configuration).bindInputs(plan, [:])
    #expect(bound == ["what": .integer(4), "who": .text("me")])
    #expect(
      script.transcript == [
        "value what: How many to buy (what)", "value who: Value for input 'who'?",
      ])
  }

  @Test("a question cancelled while asking cancels the run")
  func cancelledQuestion() async throws {
    let plan = try Harness.plan(twoInputs)
    let error = await bindingError(plan, [:], interaction: FailingInteraction())
    #expect(error?.code == .cancelled)
    #expect(
      error?.message == "the run was cancelled while asking for 'title': the run was cancelled")
  }

  @Test("a run with bad inputs runs no step")
  func runsWithBadInputs() async throws {
    let missing = try await TestRun.run(twoInputs)
    #expect(missing.status == .needsValue)
    #expect(missing.result.steps.isEmpty)
    #expect(missing.events == ["run started demo", "run needsValue"])
    let unknown = try await TestRun.run(twoInputs, inputs: ["title": .text("x"), "x": .null])
    #expect(unknown.status == .failed)
    #expect(unknown.error?.code == .usage)
    #expect(unknown.result.steps.isEmpty)
  }
}
