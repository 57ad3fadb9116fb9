import IntentKit
import Testing
import WorkflowEngine

private func item(_ title: String) -> Value {
  Item.named(title).map { .entity(AnyEntity($0)) } ?? .null
}

private let allItems = Item.all.map { Value.entity(AnyEntity($0)) }

/// A workflow that shows the item named by the input `item`.
private let showItem = workflow(
  inputs: #"{ "item": { "type": "text" } }"#,
  #"{ "id": "show", "intent": "items.show", "parameters": { "item": "${inputs.item}" } }"#)

@Suite("Running workflows: resolving parameters, confirming, asking people")
struct ExecutorResolutionTests {
  // MARK: Entities

  @Test(
    "text resolves to an entity by id, by exact title, or by the one title that contains it",
    arguments: [
      ("i4", "Bread"), ("mom", "Call mom"), ("BUY MILK", "Buy milk"), (" bread ", "Bread"),
    ])
  func entityResolution(text: String, title: String) async throws {
    let run = try await TestRun.run(showItem, inputs: ["item": .text(text)])
    #expect(run.status == .succeeded)
    #expect(run.output == item(title))
    #expect(run.log.last == "show \(title)")
  }

  @Test("an id is looked up first, and only by the entity's query")
  func lookupOrder() async throws {
    let run = try await TestRun.run(showItem, inputs: ["item": .text("i3")])
    #expect(run.log == ["lookup i3", "show Call mom"])
  }

  @Test("several matches stop before perform, with the candidates")
  func disambiguation() async throws {
    let run = try await TestRun.run(showItem, inputs: ["item": .text("milk")])
    #expect(run.status == .disambiguation)
    let error = try #require(run.error)
    #expect(error.code == .disambiguation)
    #expect(error.step == "show")
    #expect(error.parameter == "item")
    #expect(error.candidates == [item("Buy milk"), item("Buy milk powder")])
    #expect(
      error.message
        == "step 'show' needs a choice for 'item': 2 Items match 'milk' (candidates: 'Buy milk', "
        + "'Buy milk powder')")
    #expect(error.location == SourceLocation(file: "test.json", line: 5, column: 5))
    #expect(run.log == ["lookup milk"])
    #expect(run.step("show")?.status == .disambiguation)
    #expect(run.events.last == "run disambiguation")
  }

  @Test("no match asks for a value, offering the query's suggestions")
  func noMatch() async throws {
    let run = try await TestRun.run(showItem, inputs: ["item": .text("xyz")])
    #expect(run.status == .needsValue)
    let error = try #require(run.error)
    #expect(error.code == .needsValue)
    #expect(error.step == "show")
    #expect(error.parameter == "item")
    #expect(error.candidates == allItems)
    #expect(
      error.message
        == "step 'show' needs a value for 'item': Which item? (no Item matches 'xyz'); "
        + "suggestions: 'Buy milk', 'Buy milk powder', 'Call mom', 'Bread'")
    #expect(!run.log.contains { $0.hasPrefix("show") })
  }

  @Test("a list of texts resolves item by item into a list of entities")
  func listOfEntities() async throws {
    let run = try await TestRun.run(
      workflow(#"{ "intent": "items.total", "parameters": { "items": ["i1", "bread", "mom"] } }"#))
    #expect(run.output == .integer(5))
    let failing = try await TestRun.run(
      workflow(
        #"{ "id": "t", "intent": "items.total", "parameters": { "items": ["i1", "milk"] } }"#))
    #expect(failing.status == .failed)
    #expect(failing.error?.code == .unsupported)
    #expect(
      failing.error?.message == "step 't': 'items' is unsupported: item 2: 2 Items match 'milk'")
  }

  // MARK: Values

  @Test("an empty value stops before perform and names the step, the parameter and the prompt")
  func needsValue() async throws {
    let run = try await TestRun.run(
      workflow(
        inputs: #"{ "t": { "default": "  " } }"#,
        #"{ "id": "say", "intent": "test.echo", "parameters": { "text": "${inputs.t}" } }"#))
    #expect(run.status == .needsValue)
    #expect(run.error?.message == "step 'say' needs a value for 'text': Value for 'Text'?")
    #expect(run.error?.step == "say")
    #expect(run.error?.parameter == "text")
    #expect(run.error?.candidates == [])
    #expect(run.log == [])
  }

  @Test("the output of a skipped step is missing for the step that uses it")
  func skippedStepNeedsValue() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "a", "if": false, "intent": "test.echo", "parameters": { "text": "x" } }"#,
        #"{ "id": "b", "intent": "test.echo", "parameters": { "text": "${a}" } }"#))
    #expect(run.status == .needsValue)
    #expect(run.error?.step == "b")
  }

  @Test("a value that cannot be coerced is unsupported and names the value")
  func unsupportedCoercion() async throws {
    let run = try await TestRun.run(
      workflow(
        inputs: #"{ "n": { "type": "text" } }"#,
        #"{ "id": "add", "intent": "math.add", "parameters": { "a": "${inputs.n}" } }"#),
      inputs: ["n": .text("many")])
    #expect(run.status == .failed)
    #expect(run.error?.code == .unsupported)
    #expect(run.error?.message == "step 'add': 'a' is unsupported: 'many' is not a whole number")
    #expect(run.error?.parameter == "a")
  }

  @Test("a resolve rule's unsupported reason reaches the user")
  func unsupportedRule() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "title", "intent": "test.title", "parameters": { "title": "far too long a "#
          + #"title" } }"#
      ))
    #expect(run.status == .failed)
    #expect(run.error?.code == .unsupported)
    #expect(
      run.error?.message
        == "step 'title': 'title' is unsupported: the title is too long (20 characters; at most 10)"
    )
    #expect(run.log == [])
  }

  @Test("optional parameters may stay unset and defaults fill in")
  func optionalAndDefaults() async throws {
    let run = try await TestRun.run(
      workflow(#"{ "intent": "test.note", "parameters": { "text": "hey", "comment": "" } }"#))
    #expect(run.output == .text("hey"))
    #expect(run.events.contains("resolved test.note comment= text=hey times=1"))
  }

  @Test("a parameter is asked for at most ten times")
  func promptLimit() async throws {
    let script = ScriptedInteraction(Array(repeating: .value(.text(" ")), count: 20))
    let run = try await TestRun.run(
      workflow(#"{ "id": "say", "intent": "test.echo", "parameters": { "text": "" } }"#)
    ) { $0.interaction = script }
    #expect(run.status == .needsValue)
    #expect(run.error?.message == "step 'say' gave up on 'text' after 10 attempts")
    #expect(script.transcript.count == 10)
  }

  // MARK: Confirmation

  @Test("an intent that needs confirmation stops before perform when nobody can confirm")
  func confirmationRequired() async throws {
    let run = try await TestRun.run(
      workflow(#"{ "id": "del", "intent": "items.delete", "parameters": { "item": "i4" } }"#))
    #expect(run.status == .confirmationRequired)
    #expect(run.error?.code == .confirmationRequired)
    #expect(run.error?.message == "step 'del' needs confirmation: Delete 'Bread'?")
    #expect(run.error?.step == "del")
    #expect(!run.log.contains("delete Bread"))
    #expect(!run.events.contains("confirmed del"))
  }

  @Test("assumeYes answers confirmations")
  func assumeYes() async throws {
    let run = try await TestRun.run(
      workflow(#"{ "id": "del", "intent": "items.delete", "parameters": { "item": "i4" } }"#)
    ) { $0.assumeYes = true }
    #expect(run.status == .succeeded)
    #expect(run.log.last == "delete Bread")
  }

  @Test("a step with confirm: true asks even when its intent does not")
  func stepConfirm() async throws {
    let json = workflow(
      #"{ "id": "say", "intent": "test.echo", "confirm": true, "parameters": { "text": "x" } }"#)
    // Nobody can answer: the plan shows the question, so the run stops before it starts.
    let refused = try await TestRun.run(json)
    #expect(refused.status == .confirmationRequired)
    #expect(
      refused.error?.message
        == "step 'say' (test.echo) would stop for a confirmation that this run cannot ask for; "
        + "nothing ran")
    #expect(refused.log == [])
    // Someone who can be asked is asked at the step, with the intent's question.
    let unanswered = try await TestRun.run(json) { $0.interaction = ScriptedInteraction([]) }
    #expect(unanswered.status == .confirmationRequired)
    #expect(unanswered.error?.message == "step 'say' needs confirmation: Run 'Echo'?")
    #expect(unanswered.log == [])
    let confirmed = try await TestRun.run(json) { $0.assumeYes = true }
    #expect(confirmed.log == ["echo x"])
  }

  @Test("a confirm phase that refuses fails the step without performing")
  func confirmationFailed() async throws {
    let run = try await TestRun.run(
      workflow(#"{ "id": "refuse", "intent": "test.refuse", "retry": 3 }"#)
    ) { $0.assumeYes = true }
    #expect(run.status == .failed)
    #expect(run.error?.code == .confirmationFailed)
    #expect(run.error?.message == "step 'refuse' cannot go ahead: the item is locked")
    #expect(run.step("refuse")?.runs == 1)
    #expect(run.log == [])
  }

  @Test("a resolve rule can ask to confirm a value")
  func valueConfirmation() async throws {
    let json = workflow(
      #"{ "id": "spend", "intent": "test.spend", "parameters": { "amount": 500 } }"#)
    let asked = try await TestRun.run(json)
    #expect(asked.status == .confirmationRequired)
    #expect(
      asked.error?.message == "step 'spend' needs confirmation of 'amount': Really spend 500?")
    #expect(asked.error?.parameter == "amount")
    #expect(asked.error?.candidates == [.integer(500)])
    #expect(asked.log == [])
    let yes = try await TestRun.run(json) { $0.assumeYes = true }
    #expect(yes.output == .integer(500))
  }

  // MARK: Scripted answers

  @Test("a person chooses among the candidates")
  func scriptedChoice() async throws {
    let script = ScriptedInteraction([.choice(1)])
    let run = try await TestRun.run(showItem, inputs: ["item": .text("milk")]) {
      $0.interaction = script
    }
    #expect(run.status == .succeeded)
    #expect(run.output == item("Buy milk powder"))
    #expect(script.transcript == [#"choice item: ["Buy milk", "Buy milk powder"]"#])
  }

  @Test("a choice out of range counts as no answer")
  func choiceOutOfRange() async throws {
    let run = try await TestRun.run(showItem, inputs: ["item": .text("milk")]) {
      $0.interaction = ScriptedInteraction([.choice(5)])
    }
    #expect(run.status == .disambiguation)
  }

  @Test("a person answers a value, which is resolved like any other")
  func scriptedValues() async throws {
    let script = ScriptedInteraction([.value(.text("milk")), .choice(0)])
    let run = try await TestRun.run(showItem, inputs: ["item": .text("xyz")]) {
      $0.interaction = script
    }
    #expect(run.output == item("Buy milk"))
    #expect(
      script.transcript == [
        "value item: Which item?", #"choice item: ["Buy milk", "Buy milk powder"]"#,
      ])
  }

  @Test("a person's answer that is unsupported is asked for again")
  func unsupportedAnswerAskedAgain() async throws {
    let script = ScriptedInteraction([.value(.text("a very long title")), .value(.text("short"))])
    let run = try await TestRun.run(
      workflow(
        inputs: #"{ "t": { "default": "" } }"#,
        #"{ "id": "title", "intent": "test.title", "parameters": { "title": "${inputs.t}" } }"#)
    ) { $0.interaction = script }
    #expect(run.status == .succeeded)
    #expect(run.output == .text("short"))
    #expect(
      script.transcript == ["value title: Value for 'Title'?", "value title: Value for 'Title'?"])
  }

  @Test("a person confirms, or refuses")
  func scriptedConfirmation() async throws {
    let json = workflow(
      #"{ "id": "del", "intent": "items.delete", "parameters": { "item": "i4" } }"#)
    let yes = try await TestRun.run(json) {
      $0.interaction = ScriptedInteraction([.confirmation(true)])
    }
    #expect(yes.status == .succeeded)
    #expect(yes.log.last == "delete Bread")
    let no = try await TestRun.run(json) {
      $0.interaction = ScriptedInteraction([.confirmation(false)])
    }
    #expect(no.status == .confirmationRequired)
    #expect(no.error?.message == "step 'del' was not confirmed: Delete 'Bread'?")
    #expect(!no.log.contains("delete Bread"))
  }

  @Test("refusing a value the rule asked to confirm asks for another value")
  func refusedValueAsksAgain() async throws {
    let script = ScriptedInteraction([.confirmation(false), .value(.integer(50))])
    let run = try await TestRun.run(
      workflow(#"{ "id": "spend", "intent": "test.spend", "parameters": { "amount": 500 } }"#)
    ) { $0.interaction = script }
    #expect(run.output == .integer(50))
    #expect(
      script.transcript == ["confirm: Really spend 500?", "value amount: Value for 'Amount'?"])
    #expect(run.log == ["spend 50"])
  }
}
