import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("ask.text and ask.choose")
struct AskTests {
  let harness: SystemHarness

  init() throws {
    harness = try SystemHarness()
  }

  @Test("ask.text returns the typed answer")
  func typed() async throws {
    let interaction = ScriptedInteraction([.value(.text("Ada"))])
    let result = try await harness.run(
      "ask.text", ["prompt": .text("Your name?")], interaction: interaction)
    #expect(result.output == .text("Ada"))
    #expect(interaction.transcript == ["value answer: Your name?"])
  }

  @Test("without a terminal ask.text takes the default, or stops needing a value")
  func nonInteractive() async throws {
    let fallback = try await harness.run(
      "ask.text", ["prompt": .text("Your name?"), "default": .text("friend")])
    #expect(fallback.output == .text("friend"))
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("ask.text", ["prompt": .text("Your name?")])
    }
    #expect(error.code == .needsValue)
    #expect(
      error.message
        == "step 'ask.text' needs an answer: Your name? (run it on a terminal, or give ask.text "
        + "a default)")
  }

  @Test("ask.choose returns the chosen item; one item is taken without asking")
  func choose() async throws {
    let items = Value.list([.text("tea"), .text("coffee"), .text("water")])
    let interaction = ScriptedInteraction([.choice(1)])
    let result = try await harness.run(
      "ask.choose", ["prompt": .text("Drink?"), "items": items], interaction: interaction)
    #expect(result.output == .text("coffee"))
    let single = try await harness.run("ask.choose", ["items": .list([.text("tea")])])
    #expect(single.output == .text("tea"))
  }

  @Test("multiple asks until done and returns a list")
  func multiple() async throws {
    let items = Value.list([.text("tea"), .text("coffee"), .text("water")])
    let interaction = ScriptedInteraction([.choice(2), .choice(0), .choice(1)])
    let result = try await harness.run(
      "ask.choose", ["items": items, "multiple": .boolean(true)], interaction: interaction)
    #expect(result.output == .list([.text("water"), .text("tea")]))
    #expect(
      interaction.transcript == [
        "choice items: [\"tea\", \"coffee\", \"water\"]",
        "choice items: [\"tea\", \"coffee\", \"(done)\"]",
        "choice items: [\"coffee\", \"(done)\"]",
      ])
  }

  @Test("without a terminal ask.choose stops with the items as candidates; no items fails")
  func chooseNonInteractive() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        "ask.choose", ["prompt": .text("Drink?"), "items": .list([.text("tea"), .text("jam")])])
    }
    #expect(error.code == .disambiguation)
    #expect(error.message == "step 'ask.choose' needs a choice: Drink? (candidates: 'tea', 'jam')")
    #expect(error.candidates == [.text("tea"), .text("jam")])
    let empty = try await #require(throws: IntentFlowError.self) {
      try await harness.run("ask.choose", ["items": .list([])])
    }
    #expect(empty.code == .confirmationFailed)
  }
}
