import Testing

@testable import IntentKit

@Suite("Who answers a step's questions")
struct InteractionHandlerTests {
  let parameter = ParameterDescriptor(name: "title", title: "Title", type: .text)

  func valueRequest(_ prompt: String = "What's the title?") -> ValueRequest {
    ValueRequest(step: "add", intent: "todos.add", parameter: parameter, prompt: prompt)
  }

  func choiceRequest() -> ChoiceRequest {
    ChoiceRequest(
      step: "done", intent: "todos.complete", parameter: parameter, prompt: "Which one?",
      candidates: [.fruit(Fruits.apple), .fruit(Fruits.banana)])
  }

  @Test("the non-interactive handler answers nothing")
  func nonInteractive() async throws {
    let handler = NonInteractiveHandler()
    #expect(try await handler.requestValue(valueRequest()) == nil)
    #expect(try await handler.requestChoice(choiceRequest()) == nil)
    let confirmation = ConfirmationRequest(step: "rm", intent: "todos.delete", prompt: "Delete?")
    #expect(try await handler.requestConfirmation(confirmation) == nil)
  }

  @Test("a script answers in order, then runs out")
  func scripted() async throws {
    let handler = ScriptedInteraction([.value(.text("Buy milk")), .choice(1), .confirmation(false)])
    #expect(try await handler.requestValue(valueRequest()) == .text("Buy milk"))
    #expect(try await handler.requestChoice(choiceRequest()) == 1)
    let confirmation = ConfirmationRequest(step: "rm", intent: "todos.delete", prompt: "Delete?")
    #expect(try await handler.requestConfirmation(confirmation) == false)
    #expect(try await handler.requestValue(valueRequest("Again?")) == nil)
    #expect(
      handler.transcript == [
        "value title: What's the title?", #"choice title: ["Apple", "Banana"]"#,
        "confirm: Delete?", "value title: Again?",
      ])
  }

  @Test("an answer of the wrong kind is used up and answers nothing")
  func wrongKind() async throws {
    let handler = ScriptedInteraction([.choice(0), .value(.integer(1))])
    #expect(try await handler.requestValue(valueRequest()) == nil)
    #expect(try await handler.requestValue(valueRequest()) == .integer(1))
  }

  @Test("requests carry what the person needs to answer")
  func requests() {
    let request = ValueRequest(
      step: "done", intent: "todos.complete", parameter: parameter, prompt: "Which todo?",
      reason: "no Todo matches 'bred'", suggestions: [.text("Buy bread")])
    #expect(request.step == "done")
    #expect(request.intent == "todos.complete")
    #expect(request.reason == "no Todo matches 'bred'")
    #expect(request.suggestions == [.text("Buy bread")])
    #expect(valueRequest().reason == nil)
    #expect(valueRequest().suggestions.isEmpty)
  }
}
