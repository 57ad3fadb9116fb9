import Synchronization
import Testing

@testable import IntentKit

@Suite("Resolving parameters")
struct IntentInvocationTests {
  let harness = Harness()

  // MARK: Missing values

  @Test("a missing required value stops the step with the declared prompt")
  func missingRequired() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Greet.self)
    }
    #expect(error.code == .needsValue)
    #expect(error.message == "step 'test.greet' needs a value for 'name': Who should be greeted?")
    #expect(error.step == "test.greet")
    #expect(error.parameter == "name")
    #expect(error.candidates.isEmpty)
  }

  @Test("empty or blank text counts as missing", arguments: ["", "   ", "\n"])
  func blank(text: String) async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Greet.self, ["name": .text(text)])
    }
    #expect(error.code == .needsValue)
    #expect(error.parameter == "name")
  }

  @Test("null counts as missing")
  func null() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Greet.self, ["name": .null])
    }
    #expect(error.code == .needsValue)
  }

  @Test("messages name the step by its id when it has one")
  func stepLabel() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Greet.self, step: "hello")
    }
    #expect(error.message == "step 'hello' needs a value for 'name': Who should be greeted?")
    #expect(error.step == "hello")
  }

  @Test("without a declared prompt the question is made from the title")
  func generatedPrompt() async throws {
    let pack = try await #require(throws: IntentFlowError.self) {
      try await harness.run(PackFruit.self)
    }
    #expect(
      pack.message
        == "step 'test.pack' needs a value for 'fruits': Value for 'Fruits'?; suggestions: "
        + "'Apple', 'Pineapple', 'Banana', 'Green apple'")
  }

  @Test(
    "an optional parameter left empty is none", arguments: [Value.null, .text(""), .text("  ")])
  func optionalEmpty(value: Value) async throws {
    let result = try await harness.run(Greet.self, ["name": .text("Ada"), "volume": value])
    #expect(result.parameters["volume"] == .null)
    #expect(result.snippet == nil)
  }

  @Test("unset parameters take their defaults")
  func defaults() async throws {
    let result = try await harness.run(Greet.self, ["name": .text("Ada")])
    #expect(result.output == .text("Hello, Ada!"))
    #expect(
      result.parameters
        == ["name": .text("Ada"), "times": .integer(1), "punctuation": .text("!"), "volume": .null])
  }

  @Test(
    "a parameter with a default takes it when the value given is empty",
    arguments: [Value.null, .text(""), .text("  ")])
  func emptyTakesDefault(value: Value) async throws {
    let result = try await harness.run(
      Greet.self, ["name": .text("Ada"), "times": value, "punctuation": value])
    #expect(result.output == .text("Hello, Ada!"))
    #expect(result.parameters["times"] == .integer(1))
    #expect(result.parameters["punctuation"] == .text("!"))
  }

  @Test("given values replace defaults and are coerced to the parameter's type")
  func givenValues() async throws {
    let result = try await harness.run(
      Greet.self,
      ["name": .integer(42), "times": .text("2"), "punctuation": .text("?"), "volume": .integer(3)])
    #expect(result.output == .text("Hello, 42? Hello, 42?"))
    #expect(result.dialog == "Greeted 42.")
    #expect(result.snippet == "volume 3.0")
    #expect(result.parameters["times"] == .integer(2))
    #expect(result.parameters["volume"] == .number(3))
  }

  @Test("a value that cannot take the parameter's type is unsupported, with the reason")
  func coercionFails() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Greet.self, ["name": .text("Ada"), "times": .text("three")])
    }
    #expect(error.code == .unsupported)
    #expect(
      error.message == "step 'test.greet': 'times' is unsupported: 'three' is not a whole number")
    #expect(error.parameter == "times")
  }

  @Test("an intent without an output gives null, with its dialog and snippet")
  func noOutput() async throws {
    let result = try await harness.run(Hum.self)
    #expect(result.output == .null)
    #expect(result.dialog == "Hummed.")
    #expect(result.snippet == "mm-hmm")
    #expect(result.parameters.isEmpty)
  }

  @Test("the phases are reported as they complete")
  func phases() async throws {
    let phases = Mutex<[String]>([])
    var options = IntentInvocation.Options()
    options.onPhase = { phase in
      switch phase {
      case .resolved(let values): phases.withLock { $0.append("resolved \(values.count)") }
      case .confirmed: phases.withLock { $0.append("confirmed") }
      }
    }
    _ = try await harness.run(Greet.self, ["name": .text("Ada")], options: options)
    #expect(phases.withLock { $0 } == ["resolved 4", "confirmed"])
  }

  // MARK: Entities

  @Test("an entity is taken as it is")
  func entityAsIs() async throws {
    let result = try await harness.run(PickFruit.self, ["fruit": .fruit(Fruits.banana)])
    #expect(result.output == .fruit(Fruits.banana))
    #expect(result.dialog == "Picked Banana.")
  }

  @Test("an entity passed as is is not looked up again")
  func entityNotLookedUp() async throws {
    var harness = Harness()
    harness.basket = Basket(failure: "the basket is locked")
    let result = try await harness.run(PickFruit.self, ["fruit": .fruit(Fruits.banana)])
    #expect(result.output == .fruit(Fruits.banana))
  }

  @Test("an id names its entity", arguments: [Value.text("f-banana"), .text(" f-banana\n")])
  func byID(value: Value) async throws {
    let result = try await harness.run(PickFruit.self, ["fruit": value])
    #expect((result.output.entity?.base as? Fruit) == Fruits.banana)
  }

  @Test("a number names an entity by its id")
  func byNumber() async throws {
    var harness = Harness()
    harness.basket = Basket(fruits: [Fruit(id: "42", name: "Durian", grams: 2_000)])
    let result = try await harness.run(PickFruit.self, ["fruit": .integer(42)])
    #expect(result.output.entity?.id == "42")
  }

  @Test(
    "text that matches one entity names it",
    arguments: [
      ("pine", "Pineapple"), ("BAN", "Banana"), ("apple", "Apple"), ("green", "Green apple"),
    ])
  func byText(text: String, name: String) async throws {
    let result = try await harness.run(PickFruit.self, ["fruit": .text(text)])
    #expect(result.output.entity?.displayRepresentation.title == name)
  }

  @Test("text that matches several entities asks to choose among them")
  func severalMatches() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(PickFruit.self, ["fruit": .text("ppl")])
    }
    #expect(error.code == .disambiguation)
    #expect(
      error.message
        == "step 'test.pick' needs a choice for 'fruit': 3 Fruits match 'ppl' "
        + "(candidates: 'Apple', 'Pineapple', 'Green apple')")
    #expect(error.parameter == "fruit")
    #expect(
      error.candidates == [
        .fruit(Fruits.apple), .fruit(Fruits.pineapple), .fruit(Fruits.greenApple),
      ])
  }

  @Test("text that matches nothing asks for a value, offering suggestions")
  func noMatch() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(PickFruit.self, ["fruit": .text("kiwi")])
    }
    #expect(error.code == .needsValue)
    #expect(
      error.message
        == "step 'test.pick' needs a value for 'fruit': Which fruit? (no Fruit matches 'kiwi'); "
        + "suggestions: 'Apple', 'Pineapple', 'Banana', 'Green apple'")
    #expect(error.candidates == Fruits.all.map(Value.fruit))
  }

  @Test("a missing entity asks for a value, offering suggestions")
  func missingEntity() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(PickFruit.self)
    }
    #expect(
      error.message
        == "step 'test.pick' needs a value for 'fruit': Which fruit?; "
        + "suggestions: 'Apple', 'Pineapple', 'Banana', 'Green apple'")
    #expect(error.candidates.count == 4)
  }

  @Test("with nothing to suggest the message ends at the prompt")
  func nothingToSuggest() async throws {
    var harness = Harness()
    harness.basket = Basket()
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(PickFruit.self, ["fruit": .text("kiwi")])
    }
    #expect(
      error.message
        == "step 'test.pick' needs a value for 'fruit': Which fruit? (no Fruit matches 'kiwi')")
    #expect(error.candidates.isEmpty)
  }

  @Test("long lists of candidates are cut after ten in the message, not in the error")
  func manyCandidates() async throws {
    var harness = Harness()
    harness.basket = Basket(
      fruits: (1...12).map { Fruit(id: "p\($0)", name: "Plum \($0)", grams: $0) })
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(PickFruit.self, ["fruit": .text("plum")])
    }
    #expect(error.message.hasSuffix("'Plum 9', 'Plum 10', and 2 more)"))
    #expect(error.candidates.count == 12)
  }

  @Test("an entity of another type is unsupported")
  func wrongEntityType() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(PickFruit.self, ["fruit": .entity(AnyEntity(Onion(id: "1")))])
    }
    #expect(error.code == .unsupported)
    #expect(
      error.message
        == "step 'test.pick': 'fruit' is unsupported: 'onion 1' is an Onion, not a Fruit")
  }

  @Test("a one-item list names its item; a longer list says how to take one")
  func listForEntity() async throws {
    let result = try await harness.run(PickFruit.self, ["fruit": .list([.text("banana")])])
    #expect(result.output == .fruit(Fruits.banana))
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(PickFruit.self, ["fruit": .list([.text("banana"), .text("apple")])])
    }
    #expect(
      error.message
        == "step 'test.pick': 'fruit' is unsupported: expected one Fruit but got a list of 2 items; "
        + "take one item with [0] or use forEach")
  }

  @Test("a failing query fails the step, saying what it was doing")
  func failingQuery() async throws {
    var harness = Harness()
    harness.basket = Basket(failure: "the basket is locked")
    let lookup = try await #require(throws: IntentFlowError.self) {
      try await harness.run(PickFruit.self, ["fruit": .text("apple")])
    }
    #expect(lookup.code == .failed)
    #expect(
      lookup.message
        == "step 'test.pick' (test.pick) failed while looking up Fruit 'apple': the basket is locked"
    )
    #expect(lookup.parameter == "fruit")
    #expect(lookup.underlying as? IntentError == IntentError("the basket is locked"))
    let suggestions = try await #require(throws: IntentFlowError.self) {
      try await harness.run(PickFruit.self)
    }
    #expect(
      suggestions.message
        == "step 'test.pick' (test.pick) failed while listing Fruit suggestions: the basket is locked"
    )
  }

  @Test("every item of an entity list is resolved: entities, ids and text")
  func entityList() async throws {
    let result = try await harness.run(
      PackFruit.self,
      ["fruits": .list([.text("banana"), .fruit(Fruits.apple), .text("f-pineapple")])])
    #expect(
      result.output
        == .list([.fruit(Fruits.banana), .fruit(Fruits.apple), .fruit(Fruits.pineapple)]))
    #expect(result.parameters["extra"] == .null)
  }

  @Test("a single value for an entity list is a one-item list; an empty list is a value")
  func entityListShapes() async throws {
    let single = try await harness.run(PackFruit.self, ["fruits": .text("banana")])
    #expect(single.output == .list([.fruit(Fruits.banana)]))
    let empty = try await harness.run(PackFruit.self, ["fruits": .list([])])
    #expect(empty.output == .list([]))
  }

  @Test("an item that names no entity, or several, makes the list unsupported")
  func entityListItemFails() async throws {
    let none = try await #require(throws: IntentFlowError.self) {
      try await harness.run(PackFruit.self, ["fruits": .list([.text("banana"), .text("kiwi")])])
    }
    #expect(none.code == .unsupported)
    #expect(
      none.message == "step 'test.pack': 'fruits' is unsupported: item 2: no Fruit matches 'kiwi'")
    let several = try await #require(throws: IntentFlowError.self) {
      try await harness.run(PackFruit.self, ["fruits": .list([.text("ppl")])])
    }
    #expect(
      several.message == "step 'test.pack': 'fruits' is unsupported: item 1: 3 Fruits match 'ppl'")
  }

  @Test("an optional entity is resolved like a required one")
  func optionalEntity() async throws {
    let result = try await harness.run(
      PackFruit.self, ["fruits": .list([]), "extra": .text("f-banana")])
    #expect(result.output == .list([.fruit(Fruits.banana)]))
  }

  // MARK: Answers from a person

  @Test("an answer supplies a missing value")
  func answerMissing() async throws {
    let interaction = RecordingInteraction([.value(.text("Ada"))])
    let result = try await harness.run(Greet.self, interaction: interaction)
    #expect(result.output == .text("Hello, Ada!"))
    #expect(interaction.transcript == ["value name: Who should be greeted?"])
    let request = try #require(interaction.valueRequests.first)
    #expect(request.step == "test.greet")
    #expect(request.intent == "test.greet")
    #expect(request.parameter.name == "name")
    #expect(request.reason == nil)
  }

  @Test("an answer is coerced like any value")
  func answerCoerced() async throws {
    let result = try await harness.run(
      Order.self, interaction: ScriptedInteraction([.value(.text(" 5 "))]))
    #expect(result.output == .integer(5))
  }

  @Test("an unsupported answer is asked again with the reason")
  func answerUnsupported() async throws {
    let interaction = RecordingInteraction([.value(.integer(-1)), .value(.integer(3))])
    let result = try await harness.run(Order.self, interaction: interaction)
    #expect(result.output == .integer(3))
    #expect(interaction.valueRequests.map(\.reason) == [nil, "the amount cannot be negative"])
    #expect(interaction.valueRequests.map(\.prompt) == ["How many?", "How many?"])
  }

  @Test("an answer that cannot take the type is asked again with the coercion's reason")
  func answerWrongType() async throws {
    let interaction = RecordingInteraction([.value(.text("many")), .value(.integer(2))])
    let result = try await harness.run(Order.self, interaction: interaction)
    #expect(result.output == .integer(2))
    #expect(interaction.valueRequests.last?.reason == "'many' is not a whole number")
  }

  @Test("a choice settles a disambiguation")
  func choice() async throws {
    let interaction = RecordingInteraction([.choice(2)])
    let result = try await harness.run(
      PickFruit.self, ["fruit": .text("ppl")], interaction: interaction)
    #expect(result.output == .fruit(Fruits.greenApple))
    #expect(interaction.transcript == [#"choice fruit: ["Apple", "Pineapple", "Green apple"]"#])
    #expect(interaction.choiceRequests.first?.prompt == "Several Fruits match 'ppl'. Which one?")
  }

  @Test("a choice out of range stops the step as if nobody chose", arguments: [3, -1])
  func choiceOutOfRange(index: Int) async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        PickFruit.self, ["fruit": .text("ppl")], interaction: ScriptedInteraction([.choice(index)]))
    }
    #expect(error.code == .disambiguation)
    #expect(error.candidates.count == 3)
  }

  @Test("when nothing matches, the person is asked with the reason and the suggestions")
  func answerAfterNoMatch() async throws {
    let interaction = RecordingInteraction([.value(.text("banana"))])
    let result = try await harness.run(
      PickFruit.self, ["fruit": .text("kiwi")], interaction: interaction)
    #expect(result.output == .fruit(Fruits.banana))
    let request = try #require(interaction.valueRequests.first)
    #expect(request.prompt == "Which fruit?")
    #expect(request.reason == "no Fruit matches 'kiwi'")
    #expect(request.suggestions == Fruits.all.map(Value.fruit))
  }

  @Test("an answer that matches several entities leads to a choice")
  func answerThenChoice() async throws {
    let interaction = RecordingInteraction([.value(.text("ppl")), .choice(1)])
    let result = try await harness.run(PickFruit.self, interaction: interaction)
    #expect(result.output == .fruit(Fruits.pineapple))
    #expect(interaction.transcript.count == 2)
  }

  @Test("a suggestion given back as the answer is taken as it is")
  func suggestionAsAnswer() async throws {
    let result = try await harness.run(
      PickFruit.self, interaction: ScriptedInteraction([.value(.fruit(Fruits.apple))]))
    #expect(result.output == .fruit(Fruits.apple))
  }

  @Test("a rule asking for a value uses its own prompt")
  func ruleNeedsValue() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Order.self, ["amount": .integer(0)])
    }
    #expect(error.code == .needsValue)
    #expect(
      error.message == "step 'test.order' needs a value for 'amount': How many, at least one?")
    let interaction = RecordingInteraction([.value(.integer(4))])
    let result = try await harness.run(
      Order.self, ["amount": .integer(0)], interaction: interaction)
    #expect(result.output == .integer(4))
    #expect(interaction.transcript == ["value amount: How many, at least one?"])
  }

  @Test("a rule offering choices asks to choose with its prompt")
  func ruleDisambiguation() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Order.self, ["amount": .integer(13)])
    }
    #expect(error.code == .disambiguation)
    #expect(
      error.message
        == "step 'test.order' needs a choice for 'amount': 12 or 14? (candidates: '12', '14')")
    #expect(error.candidates == [.integer(12), .integer(14)])
    let result = try await harness.run(
      Order.self, ["amount": .integer(13)], interaction: ScriptedInteraction([.choice(1)]))
    #expect(result.output == .integer(14))
  }

  @Test("a value from the workflow that a rule refuses stops the step without asking")
  func ruleUnsupported() async throws {
    let interaction = ScriptedInteraction([.value(.integer(5))])
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Order.self, ["amount": .integer(-1)], interaction: interaction)
    }
    #expect(error.code == .unsupported)
    #expect(
      error.message == "step 'test.order': 'amount' is unsupported: the amount cannot be negative")
    #expect(error.parameter == "amount")
    #expect(interaction.transcript.isEmpty)
  }

  @Test("a rule's confirmation is required before the value is used")
  func ruleConfirmationRequired() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Order.self, ["amount": .integer(150)])
    }
    #expect(error.code == .confirmationRequired)
    #expect(
      error.message == "step 'test.order' needs confirmation of 'amount': Order 150? That is a lot."
    )
    #expect(error.parameter == "amount")
    #expect(error.candidates == [.integer(150)])
  }

  @Test("a rule's confirmation is given by yes or by --yes")
  func ruleConfirmed() async throws {
    let interaction = ScriptedInteraction([.confirmation(true)])
    let asked = try await harness.run(
      Order.self, ["amount": .integer(150)], interaction: interaction)
    #expect(asked.output == .integer(150))
    #expect(interaction.transcript == ["confirm: Order 150? That is a lot."])
    var options = IntentInvocation.Options()
    options.assumeYes = true
    let assumed = try await harness.run(Order.self, ["amount": .integer(150)], options: options)
    #expect(assumed.output == .integer(150))
  }

  @Test("a declined confirmation asks for another value")
  func ruleConfirmationDeclined() async throws {
    let interaction = ScriptedInteraction([.confirmation(false), .value(.integer(20))])
    let result = try await harness.run(
      Order.self, ["amount": .integer(150)], interaction: interaction)
    #expect(result.output == .integer(20))
    #expect(
      interaction.transcript == ["confirm: Order 150? That is a lot.", "value amount: How many?"])
  }

  @Test("a rule that throws fails the step")
  func ruleThrows() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Order.self, ["amount": .integer(666)])
    }
    #expect(error.code == .failed)
    #expect(
      error.message
        == "step 'test.order' (test.order) failed while resolving 'amount': the scale broke")
    #expect(error.parameter == "amount")
  }

  @Test("a rule runs in the step's context")
  func ruleContext() async throws {
    _ = try await harness.run(Order.self, ["amount": .integer(5)])
    #expect(harness.probe.events == ["resolving 5"])
  }

  @Test("a parameter asked for too often gives up")
  func givesUp() async throws {
    var options = IntentInvocation.Options()
    options.maximumPrompts = 3
    let answers = Array(repeating: ScriptedInteraction.Answer.value(.integer(0)), count: 5)
    let interaction = ScriptedInteraction(answers)
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Order.self, interaction: interaction, options: options)
    }
    #expect(error.code == .needsValue)
    #expect(error.message == "step 'test.order' gave up on 'amount' after 3 attempts")
    #expect(interaction.transcript.count == 3)
  }

  @Test("a handler that cannot ask fails the step")
  func handlerFails() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Greet.self, interaction: ThrowingInteraction(error: TerminalClosed()))
    }
    #expect(error.code == .failed)
    #expect(error.message == "step 'test.greet': could not ask: the terminal is closed")
    #expect(error.underlying is TerminalClosed)
  }

  @Test("a question cancelled while waiting for the answer cancels the step")
  func askCancelled() async throws {
    var options = IntentInvocation.Options()
    options.cancellationReason = { .signal(2) }
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        Greet.self, interaction: ThrowingInteraction(error: CancellationError()), options: options)
    }
    #expect(error.code == .cancelled)
    #expect(error.message == "step 'test.greet' was cancelled: the run received SIGINT")
  }
}

@Suite("Confirming before performing")
struct ConfirmationTests {
  let harness = Harness()

  @Test("a ready intent performs without asking")
  func ready() async throws {
    let interaction = ScriptedInteraction([])
    let result = try await harness.run(Bake.self, interaction: interaction)
    #expect(result.output == .text("baked"))
    #expect(harness.probe.events == ["confirming", "performed"])
    #expect(interaction.transcript.isEmpty)
  }

  @Test("a failure stops the step before it performs")
  func failure() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Bake.self, ["mode": .text("refuse")], options: yes)
    }
    #expect(error.code == .confirmationFailed)
    #expect(error.message == "step 'test.bake' cannot go ahead: the oven is cold")
    #expect(error.step == "test.bake")
    #expect(harness.probe.events == ["confirming"])
  }

  @Test("a confirmation nobody can give stops the step before it performs")
  func nobodyToAsk() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Bake.self, ["mode": .text("ask")])
    }
    #expect(error.code == .confirmationRequired)
    #expect(error.message == "step 'test.bake' needs confirmation: Bake the cake?")
    #expect(error.parameter == nil)
    #expect(harness.probe.events == ["confirming"])
  }

  @Test("yes from the person lets the step perform")
  func confirmed() async throws {
    let interaction = ScriptedInteraction([.confirmation(true)])
    let result = try await harness.run(Bake.self, ["mode": .text("ask")], interaction: interaction)
    #expect(result.output == .text("baked"))
    #expect(interaction.transcript == ["confirm: Bake the cake?"])
  }

  @Test("--yes answers without asking")
  func assumeYes() async throws {
    let interaction = ScriptedInteraction([.confirmation(false)])
    let result = try await harness.run(
      Bake.self, ["mode": .text("ask")], interaction: interaction, options: yes)
    #expect(result.output == .text("baked"))
    #expect(interaction.transcript.isEmpty)
  }

  @Test("no from the person stops the step")
  func declined() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        Bake.self, ["mode": .text("ask")], interaction: ScriptedInteraction([.confirmation(false)]))
    }
    #expect(error.code == .confirmationRequired)
    #expect(error.message == "step 'test.bake' was not confirmed: Bake the cake?")
    #expect(harness.probe.events == ["confirming"])
  }

  @Test("a step that requires confirmation asks even when the intent is ready")
  func requireConfirmation() async throws {
    var options = IntentInvocation.Options()
    options.requireConfirmation = true
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Bake.self, options: options)
    }
    #expect(error.code == .confirmationRequired)
    #expect(error.message == "step 'test.bake' needs confirmation: Run 'Bake a Cake'?")
    let interaction = ScriptedInteraction([.confirmation(true)])
    let result = try await harness.run(Bake.self, interaction: interaction, options: options)
    #expect(result.output == .text("baked"))
    #expect(interaction.transcript == ["confirm: Run 'Bake a Cake'?"])
    options.assumeYes = true
    #expect(try await harness.run(Bake.self, options: options).output == .text("baked"))
  }

  @Test("a required confirmation does not override the intent's own failure or question")
  func requireConfirmationKeepsIntentsAnswer() async throws {
    var options = IntentInvocation.Options()
    options.requireConfirmation = true
    let refused = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Bake.self, ["mode": .text("refuse")], options: options)
    }
    #expect(refused.code == .confirmationFailed)
    let interaction = ScriptedInteraction([.confirmation(true)])
    _ = try await harness.run(
      Bake.self, ["mode": .text("ask")], interaction: interaction, options: options)
    #expect(interaction.transcript == ["confirm: Bake the cake?"])
  }

  @Test("a confirm phase that throws fails the step")
  func confirmThrows() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Bake.self, ["mode": .text("throw")])
    }
    #expect(error.code == .failed)
    #expect(
      error.message == "step 'test.bake' (test.bake) failed while confirming: the thermometer broke"
    )
    #expect(harness.probe.events == ["confirming"])
  }

  @Test("the confirmed phase is reported only when confirmation succeeds")
  func phases() async throws {
    let phases = Mutex<[String]>([])
    var options = IntentInvocation.Options()
    options.onPhase = { phase in
      if case .confirmed = phase { phases.withLock { $0.append("confirmed") } }
      if case .resolved = phase { phases.withLock { $0.append("resolved") } }
    }
    _ = try? await harness.run(Bake.self, ["mode": .text("refuse")], options: options)
    #expect(phases.withLock { $0 } == ["resolved"])
  }

  var yes: IntentInvocation.Options {
    var options = IntentInvocation.Options()
    options.assumeYes = true
    return options
  }
}

@Suite("Performing")
struct PerformTests {
  let harness = Harness()

  @Test("an intent's error fails the step with its message")
  func intentError() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Fail.self, step: "oven")
    }
    #expect(error.code == .failed)
    #expect(error.message == "step 'oven' (test.fail) failed: the oven is on fire")
    #expect(error.step == "oven")
    #expect(error.parameter == nil)
    #expect(error.underlying as? IntentError == IntentError("the oven is on fire"))
  }

  @Test("any other error fails the step with its description")
  func otherError() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Fail.self, ["how": .text("other")])
    }
    #expect(error.code == .failed)
    #expect(error.message == "step 'test.fail' (test.fail) failed: the oven exploded")
    #expect(error.underlying is OvenError)
  }

  @Test("an IntentFlowError from the intent keeps its code and message, with the step filled in")
  func flowError() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Fail.self, ["how": .text("flow")], step: "oven")
    }
    #expect(error.code == .unsupported)
    #expect(error.message == "the intent's own problem")
    #expect(error.step == "oven")
  }

  @Test("a CancellationError from the intent cancels the step")
  func cancellationError() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Fail.self, ["how": .text("cancel")])
    }
    #expect(error.code == .cancelled)
    #expect(error.message == "step 'test.fail' was cancelled: the run was cancelled")
  }

  @Test("perform runs in the step's context: dependencies and progress")
  func context() async throws {
    let result = try await harness.run(Bake.self)
    #expect(result.output == .text("baked"))
    #expect(harness.probe.events == ["confirming", "performed"])
  }
}
