import Foundation
import IntentKit
import Testing

@testable import WorkflowEngine

/// The diagnostics of a workflow with these steps (step *k* on line 3 + *k*, at column 5).
private func diagnostics(inputs: String? = nil, output: String? = nil, _ steps: String...)
  -> [String]
{
  Harness.diagnostics(Harness.workflow(inputs: inputs, output: output, steps: steps))
}

private let findAll = #"{ "id": "found", "intent": "items.find" }"#
private let say = #"{ "id": "say", "intent": "test.echo", "parameters": { "text": "a" } }"#

@Suite("Planning: intents and parameters")
struct PlannerTests {
  @Test("an unknown intent is reported at its name, with a suggestion")
  func unknownIntent() {
    #expect(
      diagnostics(#"{ "intent": "test.ecko" }"#) == [
        "test.json:4:17: error: unknown intent 'test.ecko'; did you mean 'test.echo'?"
      ])
    #expect(
      diagnostics(#"{ "intent": "mail.send" }"#) == [
        "test.json:4:17: error: unknown intent 'mail.send'; run 'intentflow intents' to list "
          + "the intents"
      ])
  }

  @Test("the values of an unknown intent's parameters are still checked")
  func unknownIntentParameters() {
    #expect(
      diagnostics(#"{ "intent": "test.ecko", "parameters": { "text": "${nope}" } }"#) == [
        "test.json:4:17: error: unknown intent 'test.ecko'; did you mean 'test.echo'?",
        "test.json:4:57: error: no step, input or loop variable named 'nope'",
      ])
  }

  @Test("an unknown parameter is reported at its name, with a suggestion")
  func unknownParameter() {
    #expect(
      diagnostics(#"{ "intent": "test.echo", "parameters": { "txt": "hi" } }"#) == [
        "test.json:4:5: error: 'test.echo' needs a value for 'text' (text); add \"text\": … to "
          + "the step's parameters, or put a step that produces it just before",
        "test.json:4:46: error: 'test.echo' has no parameter 'txt'; did you mean 'text'?",
      ])
    #expect(
      diagnostics(#"{ "intent": "test.nothing", "parameters": { "x": 1 } }"#) == [
        "test.json:4:49: error: 'test.nothing' has no parameter 'x'; it takes no parameters"
      ])
    #expect(
      diagnostics(#"{ "intent": "test.note", "parameters": { "text": "a", "zzz": 1 } }"#) == [
        "test.json:4:59: error: 'test.note' has no parameter 'zzz'; its parameters are 'text', "
          + "'comment' and 'times'"
      ])
  }

  @Test("a required parameter without a value is reported at the step")
  func missingRequiredParameter() {
    #expect(
      diagnostics(#"{ "intent": "test.flaky" }"#) == [
        "test.json:4:5: error: 'test.flaky' needs a value for 'failures' (integer); add "
          + "\"failures\": … to the step's parameters"
      ])
  }

  @Test("optional parameters and parameters with defaults may be left out")
  func optionalParameters() throws {
    let plan = try Harness.plan(
      workflow(#"{ "intent": "items.find" }"#, #"{ "intent": "test.fail" }"#))
    #expect(plan.steps.count == 2)
  }

  @Test("null is accepted for any parameter and checked when the step runs")
  func nullParameters() throws {
    _ = try Harness.plan(workflow(#"{ "intent": "test.echo", "parameters": { "text": null } }"#))
  }

  // MARK: Types

  @Test("a list cannot go into an entity parameter")
  func listIntoEntity() {
    #expect(
      diagnostics(findAll, #"{ "intent": "items.show", "parameters": { "item": "${found}" } }"#)
        == [
          "test.json:5:55: error: parameter 'item' of 'items.show' expects an Item, but this is a "
            + "list of Item: a list of Item cannot be used as one Item; take one item with [0] or "
            + "run the step for each item with forEach"
        ])
  }

  @Test("a literal that can never be a date is reported before anything runs")
  func literalIntoDate() {
    #expect(
      diagnostics(#"{ "intent": "test.when", "parameters": { "date": "soon" } }"#) == [
        "test.json:4:54: error: parameter 'date' of 'test.when': 'soon' is not a date (use "
          + "2026-12-01, 2026-12-01T09:00 or 2026-12-01T09:00:00+01:00)"
      ])
  }

  @Test("literals are coerced to their parameter's type once, when the plan is made")
  func literalCoercion() throws {
    let plan = try Harness.plan(
      workflow(
        #"{ "intent": "math.add", "parameters": { "a": "3", "b": 2.0 } }"#,
        #"{ "intent": "test.when", "parameters": { "date": "2026-12-01T09:00:00Z" } }"#))
    guard case .action(let add) = plan.steps[0].kind, case .action(let when) = plan.steps[1].kind
    else {
      Issue.record("expected intent steps")
      return
    }
    guard case .literal(let a) = add.arguments[0].value,
      case .literal(let b) = add.arguments[1].value,
      case .literal(.date(let date)) = when.arguments[0].value
    else {
      Issue.record("expected literal arguments")
      return
    }
    #expect(a == .integer(3))
    #expect(b == .integer(2))
    #expect(date.timeIntervalSince1970 == 1_796_115_600)
    #expect(
      diagnostics(#"{ "intent": "math.add", "parameters": { "a": "three" } }"#) == [
        "test.json:4:50: error: parameter 'a' of 'math.add': 'three' is not a whole number"
      ])
  }

  @Test("literals that can never name an entity are reported; text and numbers are looked up")
  func literalsIntoEntities() throws {
    #expect(
      diagnostics(#"{ "intent": "items.show", "parameters": { "item": true } }"#) == [
        "test.json:4:55: error: parameter 'item' of 'items.show' expects an Item: a boolean "
          + "cannot be used as an Item"
      ])
    _ = try Harness.plan(workflow(#"{ "intent": "items.show", "parameters": { "item": "milk" } }"#))
    _ = try Harness.plan(workflow(#"{ "intent": "items.show", "parameters": { "item": 4 } }"#))
  }

  @Test("an entity of one type cannot go where another is expected")
  func entityMismatch() {
    #expect(
      diagnostics(
        #"{ "id": "g", "intent": "gadgets.make" }"#,
        #"{ "intent": "items.show", "parameters": { "item": "${g}" } }"#) == [
          "test.json:5:55: error: parameter 'item' of 'items.show' expects an Item, but this is "
            + "a Gadget: Gadget is a different kind of entity from Item"
        ])
  }

  @Test("a date cannot go into a number, but text always can, and numbers go into text")
  func scalarMismatches() throws {
    #expect(
      diagnostics(
        #"{ "id": "d", "intent": "test.when", "parameters": { "date": "2026-01-01" } }"#,
        #"{ "intent": "math.add", "parameters": { "a": "${d}" } }"#) == [
          "test.json:5:50: error: parameter 'a' of 'math.add' expects an integer, but this is a "
            + "date: a date cannot be used as an integer"
        ])
    _ = try Harness.plan(
      workflow(
        #"{ "id": "n", "intent": "math.add", "parameters": { "a": 1 } }"#,
        #"{ "id": "t", "intent": "test.echo", "parameters": { "text": "${n}" } }"#,
        #"{ "intent": "math.add", "parameters": { "a": "${t}" } }"#))
  }

  @Test("the plan knows each step's output type and the workflow's")
  func outputTypes() throws {
    let plan = try Harness.plan(
      workflow(
        output: #""${found[0]}""#, findAll, #"{ "id": "n", "intent": "items.total" }"#))
    #expect(plan.steps.map(\.outputType) == [.list(.entity(Item.entityType)), .integer])
    #expect(plan.outputType == .entity(Item.entityType))
    let last = try Harness.plan(workflow(findAll, #"{ "intent": "test.nothing" }"#))
    #expect(last.outputType == .nothing)
  }

  // MARK: Implicit input

  @Test("a step without its input parameter takes the previous step's output")
  func implicitInput() throws {
    let plan = try Harness.plan(
      workflow(
        say, #"{ "intent": "test.echo" }"#, findAll, #"{ "intent": "items.total" }"#,
        #"{ "intent": "math.add" }"#))
    let inputs = plan.steps.map { step -> String? in
      guard case .action(let action) = step.kind else { return nil }
      return action.implicitInput
    }
    #expect(inputs == [nil, "text", nil, "items", "a"])
  }

  @Test("a given input parameter is not taken from the previous step")
  func explicitInput() throws {
    let plan = try Harness.plan(
      workflow(say, #"{ "intent": "test.echo", "parameters": { "text": "b" } }"#))
    guard case .action(let action) = plan.steps[1].kind else { return }
    #expect(action.implicitInput == nil)
  }

  @Test("no implicit input when the previous output can never fit")
  func implicitInputThatCannotFit() {
    #expect(
      diagnostics(findAll, #"{ "intent": "items.show" }"#) == [
        "test.json:5:5: error: 'items.show' takes its 'item' (Item) from the previous step, but "
          + "that step's output does not fit: a list of Item cannot be used as one Item; take "
          + "one item with [0] or run the step for each item with forEach; set \"item\" in the "
          + "step's parameters"
      ])
  }

  @Test("no implicit input after a step that returns nothing, or at the start")
  func implicitInputFromNothing() {
    let missing =
      "error: 'test.echo' needs a value for 'text' (text); add \"text\": … to the step's "
      + "parameters, or put a step that produces it just before"
    #expect(
      diagnostics(#"{ "intent": "test.nothing" }"#, #"{ "intent": "test.echo" }"#) == [
        "test.json:5:5: " + missing
      ])
    #expect(diagnostics(#"{ "intent": "test.echo" }"#) == ["test.json:4:5: " + missing])
  }

  @Test("a step after a skippable step may take either output")
  func implicitInputAfterCondition() throws {
    let plan = try Harness.plan(
      workflow(
        findAll, #"{ "if": false, "intent": "items.total" }"#, #"{ "intent": "test.echo" }"#))
    guard case .action(let action) = plan.steps[2].kind else { return }
    #expect(action.implicitInput == "text")
  }
}

@Suite("Planning: step ids and references")
struct PlannerReferenceTests {
  @Test("duplicate step ids are reported at the second, naming the first's line")
  func duplicateIDs() {
    #expect(
      diagnostics(say, say) == [
        "test.json:5:13: error: duplicate step id 'say'; ids must be unique in the file (first "
          + "used at line 4)"
      ])
  }

  @Test("duplicate ids are found inside blocks too")
  func duplicateIDsInBlocks() {
    #expect(
      diagnostics(say, #"{ "if": true, "then": [{ "id": "say", "intent": "test.nothing" }] }"#) == [
        "test.json:5:36: error: duplicate step id 'say'; ids must be unique in the file (first "
          + "used at line 4)"
      ])
  }

  @Test("a reference to a later step says it has not run yet")
  func laterStep() {
    #expect(
      diagnostics(
        #"{ "intent": "test.echo", "parameters": { "text": "${later}" } }"#,
        #"{ "id": "later", "intent": "test.echo", "parameters": { "text": "b" } }"#) == [
          "test.json:4:57: error: 'later' refers to the step at line 5, which has not run yet "
            + "here; a step can only use the outputs of steps before it"
        ])
  }

  @Test("a step cannot use its own output, even written over several lines")
  func selfReference() {
    let diagnostics = Harness.diagnostics(
      """
      {
        "name": "demo",
        "steps": [
          {
            "id": "me",
            "intent": "test.echo",
            "parameters": { "text": "${me}" }
          }
        ]
      }
      """)
    #expect(
      diagnostics == [
        "test.json:7:34: error: 'me' refers to the step at line 5, which has not run yet here; "
          + "a step can only use the outputs of steps before it"
      ])
  }

  @Test("a step inside a block cannot use the block's own output")
  func blockSelfReference() {
    #expect(
      diagnostics(
        #"{ "id": "loop", "forEach": [1], "steps": [{ "intent": "test.echo", "parameters": { "#
          + #""text": "${loop}" } }] }"#
      ) == [
        "test.json:4:99: error: 'loop' refers to the step at line 4, which has not run yet here; "
          + "a step can only use the outputs of steps before it"
      ])
  }

  @Test("a reference to a step inside a block that has ended says so")
  func endedBlock() {
    let expected = [
      "test.json:5:57: error: step 'inner' (line 4) is inside a block that has ended; give "
        + "the block an id and refer to that instead"
    ]
    let use = #"{ "intent": "test.echo", "parameters": { "text": "${inner}" } }"#
    #expect(
      diagnostics(
        #"{ "forEach": [1, 2], "steps": [{ "id": "inner", "intent": "math.add" }] }"#, use)
        == expected)
    #expect(
      diagnostics(
        #"{ "if": true, "then": [{ "id": "inner", "intent": "test.nothing" }] }"#, use)
        == expected)
    #expect(
      diagnostics(
        #"{ "repeat": 1, "steps": [{ "id": "inner", "intent": "test.nothing" }] }"#, use)
        == expected)
  }

  @Test("else cannot use the steps of then")
  func elseCannotSeeThen() {
    #expect(
      diagnostics(
        #"{ "if": true, "then": [{ "id": "t", "intent": "test.nothing" }], "else": [{ "intent": "#
          + #""test.echo", "parameters": { "text": "${t}" } }] }"#
      ) == [
        "test.json:4:131: error: step 't' (line 4) is inside a block that has ended; give the "
          + "block an id and refer to that instead"
      ])
  }

  @Test("a missing name gets a suggestion among the names in scope")
  func missingName() {
    #expect(
      diagnostics(
        findAll, #"{ "intent": "test.echo", "parameters": { "text": "x ${fund.title}" } }"#)
        == [
          "test.json:5:59: error: no step, input or loop variable named 'fund'; did you mean "
            + "'found'?"
        ])
  }

  @Test("an input's name written without 'inputs.' says how to read it")
  func inputWithoutPrefix() {
    #expect(
      diagnostics(
        inputs: #"{ "title": { "type": "text" } }"#,
        #"{ "intent": "test.echo", "parameters": { "text": "${title}" } }"#) == [
          "test.json:5:57: error: no step, input or loop variable named 'title'; write "
            + "'inputs.title' to read the input"
        ])
  }

  @Test("an unknown input gets a suggestion, a list of the inputs, or a hint to declare one")
  func unknownInputs() {
    let use = #"{ "intent": "test.echo", "parameters": { "text": "${inputs.titel}" } }"#
    #expect(
      diagnostics(inputs: #"{ "title": {}, "count": { "default": 1 } }"#, use) == [
        "test.json:5:57: error: no input named 'titel'; did you mean 'inputs.title'?"
      ])
    #expect(
      diagnostics(inputs: #"{ "a": {}, "b": {} }"#, use) == [
        "test.json:5:57: error: no input named 'titel'; the inputs are 'a', 'b'"
      ])
    #expect(
      diagnostics(use) == [
        "test.json:4:57: error: no input named 'titel'; the workflow declares no inputs (add "
          + "them under \"inputs\")"
      ])
    #expect(
      diagnostics(#"{ "intent": "test.echo", "parameters": { "text": "${inputs[0]}" } }"#) == [
        "test.json:4:57: error: write inputs.NAME to read an input"
      ])
  }

  @Test("a misspelt entity property gets a suggestion, also through a list")
  func entityPropertyTypos() {
    #expect(
      diagnostics(
        findAll, #"{ "intent": "test.echo", "parameters": { "text": "${found[0].titel}" } }"#) == [
          "test.json:5:57: error: Item has no property 'titel'; did you mean 'title'? (in "
            + "'found[0].titel')"
        ])
    #expect(
      diagnostics(
        findAll, #"{ "intent": "test.echo", "parameters": { "text": "${found.titel}" } }"#) == [
          "test.json:5:57: error: Item has no property 'titel'; did you mean 'title'? (in "
            + "'found.titel')"
        ])
    #expect(
      diagnostics(
        findAll, #"{ "intent": "test.echo", "parameters": { "text": "${found[0].colour}" } }"#) == [
          "test.json:5:57: error: Item has no property 'colour'; it has 'id', 'title', 'price', "
            + "'tags' (in 'found[0].colour')"
        ])
  }

  @Test("paths that no value of the type has are reported")
  func impossiblePaths() {
    #expect(
      diagnostics(say, #"{ "intent": "test.echo", "parameters": { "text": "${say.length}" } }"#)
        == [
          "test.json:5:57: error: 'say.length': a text has no property 'length' (text has only "
            + "'count')"
        ])
    #expect(
      diagnostics(say, #"{ "intent": "test.echo", "parameters": { "text": "${say[0]}" } }"#) == [
        "test.json:5:57: error: 'say[0]': a text cannot be indexed; only lists can"
      ])
  }

  @Test("paths that exist are typed: properties, counts, indexes, properties over lists")
  func typedPaths() throws {
    let plan = try Harness.plan(
      workflow(
        output: #"{ "a": "${found[0].price}", "b": "${found.count}", "c": "${found.tags}" }"#,
        findAll,
        #"{ "intent": "math.add", "parameters": { "a": "${found[-1].price}", "b": "#
          + #""${found.count}" } }"#,
        #"{ "intent": "items.show", "parameters": { "item": "${found[0]}" } }"#,
        #"{ "intent": "test.echo", "parameters": { "text": "${found.title}" } }"#))
    #expect(plan.steps.count == 4)
  }

  @Test("a step that returns nothing cannot be referred to")
  func referenceToNothing() {
    let nothing = #"{ "id": "n", "intent": "test.nothing" }"#
    #expect(
      diagnostics(nothing, #"{ "intent": "test.echo", "parameters": { "text": "${n}" } }"#) == [
        "test.json:5:57: error: step 'n' produces no value (its intent returns nothing)"
      ])
  }

  @Test("a reference finds its step whether or not it is the step just before")
  func referenceToEarlierSteps() {
    // `n` is the step just before the first echo (found without hashing its name) and two
    // steps back for the second; both are the same step, reported the same way.
    let nothing = #"{ "id": "n", "intent": "test.nothing" }"#
    let use = #"{ "id": "e1", "intent": "test.echo", "parameters": { "text": "${n}" } }"#
    let again = #"{ "id": "e2", "intent": "test.echo", "parameters": { "text": "${n}" } }"#
    let error = "error: step 'n' produces no value (its intent returns nothing)"
    #expect(
      diagnostics(nothing, use, again) == ["test.json:5:69: \(error)", "test.json:6:69: \(error)"]
    )
  }

  @Test("a misspelt reference to an earlier step's id is told the id, and how to subtract")
  func earlierIDSuggestions() {
    // Neither is the step just before: the messages read the block's ids listed so far.
    let alpha = #"{ "id": "alpha", "intent": "test.echo", "parameters": { "text": "a" } }"#
    let ab = #"{ "id": "ab", "intent": "test.echo", "parameters": { "text": "b" } }"#
    let misspelt = #"{ "intent": "test.echo", "parameters": { "text": "${alpah}" } }"#
    let subtraction = #"{ "intent": "test.echo", "parameters": { "text": "${ab-1}" } }"#
    #expect(
      diagnostics(alpha, ab, misspelt, subtraction) == [
        "test.json:6:57: error: no step, input or loop variable named 'alpah'; did you mean "
          + "'alpha'?",
        "test.json:7:57: error: no step, input or loop variable named 'ab-1'; to subtract, put "
          + "spaces around '-': 'ab - 1'",
      ])
  }

  @Test("references in conditions are checked at their column inside the condition")
  func conditionReferences() {
    #expect(
      diagnostics(#"{ "if": "${missing} > 1", "intent": "test.nothing" }"#) == [
        "test.json:4:16: error: no step, input or loop variable named 'missing'"
      ])
    #expect(
      diagnostics(
        findAll, #"{ "if": "x && ${found.count} > 0 && nope", "intent": "test.nothing" }"#)
        == [
          "test.json:5:14: error: no step, input or loop variable named 'x'",
          "test.json:5:41: error: no step, input or loop variable named 'nope'",
        ])
  }

  @Test("a condition cannot use the step it guards")
  func conditionOnItself() {
    #expect(
      diagnostics(
        #"{ "id": "s", "if": "${s} == 1", "intent": "math.add", "parameters": { "a": 1 } }"#)
        == [
          "test.json:4:27: error: 's' refers to the step at line 4, which has not run yet here; "
            + "a step can only use the outputs of steps before it"
        ])
  }

  @Test("the output expression sees every top-level step")
  func outputReferences() {
    #expect(
      diagnostics(output: #""${found} ${nope}""#, findAll) == [
        "test.json:6:25: error: no step, input or loop variable named 'nope'"
      ])
  }
}

@Suite("Planning: blocks, loops and scopes")
struct PlannerBlockTests {
  @Test("forEach's variable has the item type, and the body starts from the item")
  func forEachScope() throws {
    let plan = try Harness.plan(
      workflow(
        findAll,
        #"{ "id": "each", "forEach": "${found}", "as": "it", "steps": ["#
          + #"{ "intent": "items.show" }, "#
          + #"{ "intent": "test.echo", "parameters": { "text": "${it.title} ${it.price}" } }] }"#,
        #"{ "intent": "test.echo", "parameters": { "text": "${each[0]}" } }"#))
    #expect(plan.steps[1].outputType == .list(.text))
    #expect(plan.stepCount == 5)
    #expect(
      plan.allSteps.map(\.label) == ["found", "each", "items.show", "test.echo", "test.echo"])
  }

  @Test("a loop variable is out of scope after its loop")
  func loopVariableScope() {
    #expect(
      diagnostics(
        #"{ "forEach": [1], "as": "it", "steps": [{ "intent": "math.add" }] }"#,
        #"{ "intent": "test.echo", "parameters": { "text": "${it}" } }"#) == [
          "test.json:5:57: error: no step, input or loop variable named 'it'"
        ])
  }

  @Test("forEach without 'as' calls its variable item")
  func defaultLoopVariable() throws {
    _ = try Harness.plan(
      workflow(
        #"{ "forEach": [1, 2], "steps": [{ "intent": "math.add", "parameters": { "a": "${item}" } "#
          + #"}] }"#
      ))
  }

  @Test("forEach needs a value")
  func forEachOverNothing() {
    #expect(
      diagnostics(#"{ "forEach": null, "steps": [{ "intent": "test.nothing" }] }"#) == [
        "test.json:4:18: error: forEach needs a list, but this produces no value"
      ])
  }

  @Test("a loop variable may not share a step's name")
  func shadowing() {
    #expect(
      diagnostics(say, #"{ "forEach": [1], "as": "say", "steps": [{ "intent": "math.add" }] }"#)
        == [
          "test.json:5:29: error: loop variable 'say' has the same name as the step at line 4; "
            + "rename one of them"
        ])
  }

  @Test("repeat's variable is the pass number")
  func repeatScope() throws {
    _ = try Harness.plan(
      workflow(
        #"{ "repeat": 2, "as": "pass", "steps": [{ "intent": "math.add", "parameters": { "a": "#
          + #""${pass}" } }] }"#
      ))
    #expect(
      diagnostics(
        #"{ "repeat": 2, "as": "pass", "steps": [{ "intent": "test.echo", "parameters": { "text": "#
          + #""${pass.title}" } }] }"#
      ) == [
        "test.json:4:96: error: 'pass.title': an integer has no property 'title'"
      ])
  }

  @Test(
    "repeat counts must be whole numbers, 0 or more",
    arguments: [
      (#""three""#, "the repeat count: 'three' is not a whole number"),
      ("-2", "the repeat count must be 0 or more, not -2"),
      ("2.5", "the repeat count: 2.5 is not a whole number"),
      (
        "1000000000000",
        "the repeat count 1000000000000 is over the limit of 1000000 passes; split the work "
          + "(a forEach over its items, or several runs)"
      ),
    ])
  func repeatCounts(count: String, message: String) {
    #expect(
      diagnostics(#"{ "repeat": \#(count), "steps": [{ "intent": "test.nothing" }] }"#) == [
        "test.json:4:17: error: " + message
      ])
  }

  @Test("a repeat count from a step must be able to be a number")
  func repeatCountType() {
    #expect(
      diagnostics(
        #"{ "id": "d", "intent": "test.when", "parameters": { "date": "2026-01-01" } }"#,
        #"{ "repeat": "${d}", "steps": [{ "intent": "test.nothing" }] }"#) == [
          "test.json:5:17: error: the repeat count expects an integer, but this is a date: a date "
            + "cannot be used as an integer"
        ])
  }

  @Test("if's output type is the branches' when they agree")
  func branchTypes() throws {
    let plan = try Harness.plan(
      workflow(
        #"{ "if": true, "then": [{ "intent": "math.add", "parameters": { "a": 1 } }], "else": [{ "#
          + #""intent": "math.add", "parameters": { "a": 2 } }] }"#,
        #"{ "if": true, "then": [{ "intent": "math.add", "parameters": { "a": 1 } }], "else": [{ "#
          + #""intent": "test.echo", "parameters": { "text": "x" } }] }"#
      ))
    #expect(plan.steps.map(\.outputType) == [.integer, .any])
  }

  @Test("text with an expression that produces nothing is an error; a skippable step is not")
  func interpolatingNothing() throws {
    #expect(
      diagnostics(#"{ "intent": "test.echo", "parameters": { "text": "a ${null} b" } }"#) == [
        "test.json:4:57: error: this expression produces no value to put in the text"
      ])
    _ = try Harness.plan(
      workflow(
        #"{ "id": "n", "if": false, "intent": "math.add", "parameters": { "a": 1 } }"#,
        #"{ "intent": "test.echo", "parameters": { "text": "a ${n} b" } }"#))
  }
}

@Suite("Planning: inputs")
struct PlannerInputTests {
  @Test("input types are checked, with a suggestion")
  func inputTypes() {
    let use = #"{ "intent": "test.nothing" }"#
    #expect(
      diagnostics(inputs: #"{ "n": { "type": "strng" } }"#, use) == [
        "test.json:3:30: error: unknown input type 'strng'; did you mean 'string'?"
      ])
    #expect(
      diagnostics(inputs: #"{ "n": { "type": "quantum" } }"#, use) == [
        "test.json:3:30: error: unknown input type 'quantum'; use one of text, string, integer, "
          + "number, boolean, date, duration, url, list, dictionary, any"
      ])
  }

  @Test("a default must fit its input's type, and is coerced to it")
  func inputDefaults() throws {
    #expect(
      diagnostics(
        inputs: #"{ "n": { "type": "integer", "default": "many" } }"#,
        #"{ "intent": "test.nothing" }"#)
        == [
          "test.json:3:52: error: the default of input 'n' does not fit its type integer: 'many' "
            + "is not a whole number"
        ])
    let plan = try Harness.plan(
      workflow(
        inputs:
          #"{ "when": { "type": "date", "default": "2026-01-02T00:00:00Z" }, "n": { "type": "#
          + #""number", "default": 2 }, "none": { "type": "text", "default": null } }"#,
        #"{ "intent": "test.nothing" }"#))
    #expect(plan.inputs.map(\.name) == ["when", "n", "none"])
    #expect(plan.inputs.map(\.type) == [.date, .number, .text])
    #expect(plan.inputs[0].defaultValue == .date(Date(timeIntervalSince1970: 1_767_312_000)))
    #expect(plan.inputs[1].defaultValue == .number(2))
    #expect(plan.inputs[2].defaultValue == nil)
  }

  @Test("an input is typed: its properties are checked")
  func typedInputs() {
    #expect(
      diagnostics(
        inputs: #"{ "n": { "type": "integer" } }"#,
        #"{ "intent": "test.echo", "parameters": { "text": "${inputs.n.count}" } }"#) == [
          "test.json:5:57: error: 'inputs.n.count': an integer has no property 'count'"
        ])
  }
}
