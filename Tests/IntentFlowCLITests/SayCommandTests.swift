import Foundation
import Testing

@Suite("intentflow say")
struct SayCommandTests {
  @Test("a phrase runs its intent with the words in place of the parameter")
  func addTodo() async throws {
    let harness = try CLIHarness()
    let result = await harness.run(["say", "add", "milk", "to", "my", "todos"])
    #expect(result.status == 0, "\(result)")
    #expect(result.output == "milk\n")
    #expect(result.errors == "Added 'milk'.\n")
    let note = await harness.run(["say", "Create a note buy bread."])
    #expect(note.status == 0, "\(note)")
    #expect(note.errors == "Note saved under tag Quick.\n")
  }

  @Test("when phrases of two intents match, nothing runs and it exits 3 listing them")
  func ambiguous() async throws {
    let result = try await CLIHarness().run(["say", "add a note milk to my todos"])
    #expect(result.status == 3)
    #expect(
      result.errors
        == "error: 'add a note milk to my todos' matches the phrases of 2 intents: "
        + "'notes.create', 'todos.add'; say it more precisely\n")
  }

  @Test("on a terminal, when two intents match, it asks which one and runs it")
  func ambiguousOnTerminal() async throws {
    let harness = try CLIHarness()
    let result = await harness.run(["say", "add a note milk to my todos"], answers: ["2"])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.errors
        == "'add a note milk to my todos' matches the phrases of 2 intents. Which one?\n"
        + "  1. notes.create\n  2. todos.add\nEnter 1-2 or a name: Added 'a note milk'.\n")
    #expect(result.output == "a note milk\n")
  }

  @Test("on a terminal, input that ends before the choice exits 3 listing the intents")
  func ambiguousOnTerminalEnded() async throws {
    let result = try await CLIHarness().run(["say", "add a note milk to my todos"], answers: [])
    #expect(result.status == 3)
    #expect(
      result.errors.hasSuffix(
        "error: 'add a note milk to my todos' matches the phrases of 2 intents: "
          + "'notes.create', 'todos.add'; say it more precisely\n"))
  }

  @Test("describe shows an intent's phrases")
  func describe() async throws {
    let result = try await CLIHarness().run(["describe", "todos.add"])
    #expect(
      result.output.contains("Phrases:  \"Add ${title} to my todos\", \"Remind me to ${title}\"\n"))
  }

  @Test("text no phrase matches is a usage error")
  func noMatch() async throws {
    let result = try await CLIHarness().run(["say", "fly", "me", "to", "the", "moon"])
    #expect(result.status == 2)
    #expect(result.errors.contains("no phrase matches 'fly me to the moon'"))
  }
}
