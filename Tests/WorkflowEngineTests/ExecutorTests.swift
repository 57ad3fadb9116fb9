import Foundation
import IntentKit
import Testing
import WorkflowEngine

private func item(_ title: String) -> Value {
  Item.named(title).map { .entity(AnyEntity($0)) } ?? .null
}

@Suite("Running workflows: outputs, chaining and control flow")
struct ExecutorTests {
  @Test("each step's output feeds the next; the output is the last step's by default")
  func chaining() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "a", "intent": "test.echo", "parameters": { "text": "hi" } }"#,
        #"{ "id": "b", "intent": "test.note", "parameters": { "text": "${a}", "times": 2 } }"#,
        #"{ "intent": "test.echo", "parameters": { "text": "${b}!" } }"#))
    #expect(run.status == .succeeded)
    #expect(run.error == nil)
    #expect(run.output == .text("hi hi!"))
    #expect(run.log == ["echo hi", "echo hi hi!"])
    #expect(run.result.steps.map(\.label) == ["a", "b", "test.echo"])
    #expect(run.result.steps.map(\.output) == [.text("hi"), .text("hi hi"), .text("hi hi!")])
    #expect(run.result.steps.map(\.dialog) == ["Echoed 'hi'.", nil, "Echoed 'hi hi!'."])
    #expect(run.result.steps.map(\.status) == [.succeeded, .succeeded, .succeeded])
    #expect(run.result.steps.map(\.runs) == [1, 1, 1])
    #expect(run.step("a")?.intent == "test.echo")
    #expect(run.step("a")?.kind == "intent")
    #expect(run.result.workflowName == "demo")
  }

  @Test("an entity passes from step to step as itself, never looked up again")
  func entitiesPassAsIs() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "found", "intent": "items.find", "parameters": { "query": "powder" } }"#,
        #"{ "id": "shown", "intent": "items.show", "parameters": { "item": "${found[0]}" } }"#,
        #"{ "intent": "items.show" }"#))
    #expect(run.status == .succeeded)
    #expect(run.log == ["show Buy milk powder", "show Buy milk powder"])
    let entity = try #require(run.output.entity)
    #expect(entity.base as? Item == Item.named("Buy milk powder"))
    #expect(run.step("shown")?.output == item("Buy milk powder"))
  }

  @Test("a step without its input parameter receives the previous step's output")
  func implicitInput() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "intent": "math.add", "parameters": { "a": 1 } }"#, #"{ "intent": "math.add" }"#,
        #"{ "intent": "math.add", "parameters": { "b": 10 } }"#))
    #expect(run.output == .integer(13))
  }

  @Test("the previous output is coerced to the input's type: a list becomes lines of text")
  func implicitCoercion() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "intent": "test.words", "parameters": { "text": "a b c" } }"#,
        #"{ "intent": "test.echo" }"#))
    #expect(run.output == .text("a\nb\nc"))
  }

  @Test("a list of entities chains into a list parameter")
  func listChaining() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "intent": "items.find", "parameters": { "query": "buy" } }"#,
        #"{ "intent": "items.total" }"#))
    #expect(run.output == .integer(11))
  }

  @Test("an output expression can be text, a typed value, a list or a dictionary")
  func outputExpressions() async throws {
    let steps = [
      #"{ "id": "a", "intent": "test.echo", "parameters": { "text": "x" } }"#,
      #"{ "id": "n", "intent": "math.add", "parameters": { "a": 2 } }"#,
    ]
    func output(_ expression: String) async throws -> Value {
      try await TestRun.run(workflow(output: expression, steps[0], steps[1])).output
    }
    #expect(try await output(#""${a} and ${n}""#) == .text("x and 3"))
    #expect(try await output(#""${n}""#) == .integer(3))
    #expect(
      try await output(#"["${a}", "${n}", 4]"#) == .list([.text("x"), .integer(3), .integer(4)]))
    #expect(
      try await output(#"{ "first": "${a}", "count": "${n}" }"#)
        == .dictionary(["first": .text("x"), "count": .integer(3)]))
    #expect(try await output(#""${inputs}""#) == .dictionary([:]))
    #expect(try await output(#""plain""#) == .text("plain"))
  }

  @Test("forEach runs its steps for each item and outputs the list of each pass's last output")
  func forEach() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "each", "forEach": ["x", "y"], "as": "w", "steps": ["#
          + #"{ "id": "say", "intent": "test.echo", "parameters": { "text": "${w}!" } }, "#
          + #"{ "intent": "test.note" }] }"#))
    #expect(run.output == .list([.text("x!"), .text("y!")]))
    #expect(run.log == ["echo x!", "echo y!"])
    #expect(run.step("each")?.kind == "forEach")
    #expect(run.step("each")?.runs == 1)
    #expect(run.step("say")?.runs == 2)
    #expect(run.step("say")?.output == .text("y!"))
  }

  @Test("forEach's first step receives the item; one value is a list of one; null is none")
  func forEachItems() async throws {
    let items = try await TestRun.run(
      workflow(
        #"{ "id": "found", "intent": "items.find", "parameters": { "query": "milk" } }"#,
        #"{ "forEach": "${found}", "steps": [{ "intent": "items.show" }] }"#))
    #expect(items.output == .list([item("Buy milk"), item("Buy milk powder")]))
    let single = try await TestRun.run(
      workflow(#"{ "forEach": "one", "steps": [{ "intent": "test.echo" }] }"#))
    #expect(single.output == .list([.text("one")]))
    let none = try await TestRun.run(
      workflow(
        #"{ "id": "skipped", "if": false, "intent": "test.words", "parameters": { "text": "a" } }"#,
        #"{ "forEach": "${skipped}", "steps": [{ "intent": "test.echo" }] }"#))
    #expect(none.output == .list([]))
    #expect(none.log == [])
  }

  @Test(
    "if runs then or else, and outputs the branch's last output",
    arguments: [(3, Value.text("big")), (1, .text("small"))])
  func branches(n: Int, expected: Value) async throws {
    let run = try await TestRun.run(
      workflow(
        inputs: #"{ "n": { "type": "integer" } }"#,
        #"{ "id": "check", "if": "${inputs.n} > 2", "then": ["#
          + #"{ "intent": "test.echo", "parameters": { "text": "big" } }], "else": ["#
          + #"{ "intent": "test.echo", "parameters": { "text": "small" } }] }"#),
      inputs: ["n": .integer(n)])
    #expect(run.output == expected)
    #expect(run.step("check")?.kind == "if")
    #expect(run.log == ["echo \(expected)"])
  }

  @Test("an if whose condition is false and that has no else passes the previous output on")
  func branchWithoutElse() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "intent": "test.echo", "parameters": { "text": "before" } }"#,
        #"{ "id": "check", "if": false, "then": [{ "intent": "test.echo", "parameters": { "text": "#
          + #""x" } }] }"#
      ))
    #expect(run.output == .text("before"))
    #expect(run.step("check")?.status == .succeeded)
    #expect(run.log == ["echo before"])
  }

  @Test("branches receive the step before them as their implicit input")
  func branchImplicitInput() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "intent": "test.echo", "parameters": { "text": "in" } }"#,
        #"{ "if": true, "then": [{ "intent": "test.echo" }] }"#))
    #expect(run.log == ["echo in", "echo in"])
  }

  @Test("repeat runs its steps count times, numbering the passes from 1 in its variable")
  func repeatLoop() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "r", "repeat": 3, "as": "pass", "steps": ["#
          + #"{ "intent": "test.echo", "parameters": { "text": "pass ${pass}" } }] }"#))
    #expect(run.output == .list([.text("pass 1"), .text("pass 2"), .text("pass 3")]))
    #expect(run.step("r")?.kind == "repeat")
  }

  @Test("repeat counts may come from inputs as text; zero passes output an empty list")
  func repeatCounts() async throws {
    let json = workflow(
      inputs: #"{ "times": { "type": "text" } }"#,
      #"{ "intent": "test.echo", "parameters": { "text": "x" } }"#,
      #"{ "repeat": "${inputs.times}", "steps": [{ "intent": "test.echo" }] }"#)
    #expect(
      try await TestRun.run(json, inputs: ["times": .text("2")]).output
        == .list([.text("x"), .text("x")]))
    #expect(try await TestRun.run(json, inputs: ["times": .text("0")]).output == .list([]))
    let negative = try await TestRun.run(json, inputs: ["times": .text("-1")])
    #expect(negative.status == .failed)
    #expect(negative.error?.code == .unsupported)
    #expect(
      negative.error?.message
        == "step 'repeat': the repeat count must be a whole number, 0 or more, not '-1'")
    #expect(negative.step("repeat")?.status == .failed)
    // A computed count is bounded before anything is sized by it (1e12 once reserved 48 TB).
    let huge = try await TestRun.run(json, inputs: ["times": .text("1000000000000")])
    #expect(huge.status == .failed)
    #expect(
      huge.error?.message
        == "step 'repeat': the repeat count 1000000000000 is over the limit of 1000000 passes; "
        + "split the work (a forEach over its items, or several runs)")
  }

  @Test("a step whose if is false is skipped and the chain passes through it")
  func skippedSteps() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "a", "intent": "test.echo", "parameters": { "text": "a" } }"#,
        #"{ "id": "b", "if": "${a} == 'z'", "intent": "test.words", "parameters": { "text": "b" } "#
          + #"}"#,
        #"{ "id": "c", "intent": "test.echo", "parameters": { "text": "[${b}]" } }"#,
        #"{ "intent": "test.echo", "if": "${b} == null" }"#))
    #expect(run.status == .succeeded)
    #expect(run.step("b")?.status == .skipped)
    #expect(run.step("b")?.output == .null)
    #expect(run.step("b")?.runs == 0)
    #expect(run.log == ["echo a", "echo []", "echo []"])
    #expect(run.events.contains("skipped b"))
  }

  @Test("a skipped last step leaves the output of the step before it")
  func skippedLastStep() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "intent": "test.echo", "parameters": { "text": "kept" } }"#,
        #"{ "intent": "test.echo", "if": "false", "parameters": { "text": "dropped" } }"#))
    #expect(run.output == .text("kept"))
  }

  @Test("a step in a loop is recorded as its latest pass left it")
  func loopRecords() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "forEach": ["a", "b"], "as": "x", "steps": ["#
          + #"{ "id": "say", "if": "${x} == 'a'", "intent": "test.echo", "parameters": "#
          + #"{ "text": "${x}" } }] }"#))
    let say = try #require(run.step("say"))
    #expect(say.status == .skipped)
    #expect(say.output == .null)
    #expect(say.dialog == nil)
    #expect(say.runs == 1)
    let failing = try await TestRun.run(
      workflow(
        #"{ "forEach": ["ok", ""], "as": "x", "steps": ["#
          + #"{ "id": "say", "intent": "test.echo", "parameters": { "text": "${x}" } }] }"#))
    #expect(failing.status == .needsValue)
    #expect(failing.step("say")?.status == .needsValue)
    #expect(failing.step("say")?.output == .null)
    #expect(failing.step("say")?.dialog == nil)
    #expect(failing.step("say")?.runs == 2)
  }

  @Test("conditions see loop variables and inputs")
  func conditionsInLoops() async throws {
    let run = try await TestRun.run(
      workflow(
        inputs: #"{ "skip": { "default": "b" } }"#,
        #"{ "forEach": ["a", "b", "c"], "as": "x", "steps": ["#
          + #"{ "if": "${x} != ${inputs.skip}", "intent": "test.echo", "parameters": { "text": "#
          + #""${x}" } }] }"#
      ))
    #expect(run.log == ["echo a", "echo c"])
  }

  @Test("onError continue records the failure, gives the step no output, and goes on")
  func onErrorContinue() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "intent": "test.echo", "parameters": { "text": "a" } }"#,
        #"{ "id": "f", "intent": "test.fail", "onError": "continue" }"#,
        #"{ "id": "after", "intent": "test.echo", "parameters": { "text": "f=[${f}]" } }"#))
    #expect(run.status == .succeeded)
    #expect(run.error == nil)
    #expect(run.step("f")?.status == .failed)
    #expect(run.step("f")?.error?.message == "step 'f' (test.fail) failed: the disk is full")
    #expect(run.step("f")?.output == .null)
    #expect(run.output == .text("f=[]"))
    #expect(run.log == ["echo a", "fail", "echo f=[]"])
  }

  @Test("a failing step stops the run; later steps do not run")
  func failureStops() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "f", "intent": "test.fail", "parameters": { "message": "no space left" } }"#,
        #"{ "intent": "test.echo", "parameters": { "text": "never" } }"#))
    #expect(run.status == .failed)
    #expect(run.error?.code == .failed)
    #expect(run.error?.step == "f")
    #expect(run.error?.message == "step 'f' (test.fail) failed: no space left")
    #expect(run.error?.location == SourceLocation(file: "test.json", line: 4, column: 5))
    #expect(run.error?.underlying as? IntentError == IntentError("no space left"))
    #expect(run.log == ["fail"])
    #expect(run.result.steps.map(\.label) == ["f"])
    #expect(run.output == .null)
  }

  @Test("onError continue does not apply to a run that stops for a person's answer")
  func onErrorContinueNeedsValue() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "intent": "test.echo", "onError": "continue", "parameters": { "text": "" } }"#,
        #"{ "intent": "test.echo", "parameters": { "text": "never" } }"#))
    #expect(run.status == .needsValue)
    #expect(run.log == [])
  }

  @Test("a failure inside a loop stops the loop and names the inner step")
  func failureInLoop() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "each", "forEach": [1, 2], "steps": ["#
          + #"{ "id": "f", "intent": "test.fail" }] }"#))
    #expect(run.status == .failed)
    #expect(run.error?.step == "f")
    #expect(run.log == ["fail"])
    #expect(run.step("each")?.status == .failed)
    #expect(run.step("f")?.status == .failed)
  }

  @Test("an index out of range at run time fails the step with the expression's location")
  func runtimeIndexError() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "found", "intent": "items.find", "parameters": { "query": "bread" } }"#,
        #"{ "id": "show", "intent": "items.show", "parameters": { "item": "${found[1]}" } }"#))
    #expect(run.status == .failed)
    #expect(
      run.error?.message == "step 'show': 'found[1]': index 1 is out of range; the list has 1 item")
    #expect(run.error?.location == SourceLocation(file: "test.json", line: 5, column: 72))
  }

  @Test("an output expression that fails at run time fails the run")
  func outputError() async throws {
    let run = try await TestRun.run(
      workflow(
        output: #""${found[9].title}""#,
        #"{ "id": "found", "intent": "items.find" }"#))
    #expect(run.status == .failed)
    #expect(
      run.error?.message
        == "the workflow's output: 'found[9].title': index 9 is out of range; the list has 4 items")
    #expect(run.error?.location == SourceLocation(file: "test.json", line: 6, column: 16))
  }

  @Test("a condition of 10,000 terms is evaluated without exhausting the stack")
  func longConditions() async throws {
    let all = Array(repeating: "${a}", count: 10_000).joined(separator: " && ")
    let any = Array(repeating: "${a} == 'z'", count: 10_000).joined(separator: " || ")
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "a", "intent": "test.echo", "parameters": { "text": "x" } }"#,
        #"{ "if": "\#(all)", "intent": "test.echo", "parameters": { "text": "all" } }"#,
        #"{ "if": "\#(any)", "intent": "test.echo", "parameters": { "text": "any" } }"#))
    #expect(run.status == .succeeded)
    #expect(run.log == ["echo x", "echo all"])
  }

  @Test("events of a simple run come in lifecycle order")
  func eventOrder() async throws {
    let run = try await TestRun.run(
      workflow(#"{ "id": "say", "intent": "test.echo", "parameters": { "text": "hi" } }"#))
    #expect(
      run.events == [
        "run started demo", "started say", "resolved say text=hi", "confirmed say",
        "finished say: hi", "run succeeded",
      ])
  }

  @Test("events report skipped steps, blocks and failures")
  func eventsOfBlocksAndFailures() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "no", "if": false, "intent": "test.nothing" }"#,
        #"{ "id": "loop", "repeat": 1, "steps": [{ "id": "f", "intent": "test.fail" }] }"#))
    #expect(
      run.events == [
        "run started demo", "skipped no", "started loop", "started f",
        "resolved f message=the disk is full",
        "confirmed f", "failed f: step 'f' (test.fail) failed: the disk is full",
        "failed loop: step 'f' (test.fail) failed: the disk is full", "run failed",
      ])
  }

  @Test("a run records when it started and how long it took")
  func timing() async throws {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let run = try await TestRun.run(workflow(#"{ "intent": "test.nothing" }"#)) {
      $0.now = { start }
    }
    #expect(run.result.startedAt == start)
    #expect(run.result.duration >= .zero)
    #expect(run.output == .null)
    #expect(run.result.steps.first?.dialog == "Did nothing.")
  }

  @Test("the run's start, ${now} and the intents read the one run environment")
  func oneClock() async throws {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let run = try await TestRun.run(
      #"{"name": "c", "steps": [{"id": "t", "intent": "test.clock"}], "output": "${now}"}"#
    ) {
      $0.environment = EvaluationEnvironment(
        runEnvironment: RunEnvironment(clock: .fixed(start), timeZone: .gmt))
    }
    #expect(run.result.startedAt == start)
    #expect(run.step("t")?.output == .date(start))
    #expect(run.output == .date(start))
  }

  @Test("intents read their dependencies from the configuration")
  func dependencies() async throws {
    let recorder = Recorder()
    _ = try await TestRun.run(
      workflow(#"{ "intent": "test.echo", "parameters": { "text": "mine" } }"#), recorder: recorder)
    #expect(recorder.log == ["echo mine"])
  }
}

@Suite("Invalid workflows run nothing")
struct NothingRunsTests {
  @Test("a workflow whose step 2 is invalid runs nothing, not even step 1")
  func invalidSecondStep() async throws {
    let recorder = Recorder()
    let json = workflow(
      #"{ "intent": "test.echo", "parameters": { "text": "side effect" } }"#,
      #"{ "intent": "test.when", "parameters": { "date": "soon" } }"#)
    var ran: TestRun?
    do {
      ran = try await TestRun.run(json, recorder: recorder)
    } catch let error as WorkflowInvalid {
      #expect(
        error.description
          == "test.json:5:54: error: parameter 'date' of 'test.when': 'soon' is not a date (use "
          + "2026-12-01, 2026-12-01T09:00 or 2026-12-01T09:00:00+01:00)")
    }
    #expect(ran == nil)
    #expect(recorder.log == [])
  }
}
