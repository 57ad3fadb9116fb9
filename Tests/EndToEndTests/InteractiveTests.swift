import Foundation
import Testing

/// On a terminal the runner asks. `script` gives it a pseudo-terminal; the answers are typed
/// into it up front, and the terminal's transcript (standard output and standard error
/// together, with the typed lines echoed) is checked.
@Suite("On a terminal, the runner asks", .enabled(if: Sandbox.hasScript, "needs util-linux script"))
struct InteractiveTests {
  @Test("an empty title prompts for one, and the answer is used")
  func promptsForValue() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/add-title.json")
    let result = try await sandbox.runOnTerminal(
      ["run", file, "--input", "title="], answers: ["Walk the dog"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("add › What's the title? "), "\(result)")
    #expect(result.stdout.contains("Added 'Walk the dog'.\n"))
    #expect(result.stdout.hasSuffix("\nWalk the dog\n"))
  }

  @Test("an empty answer asks again")
  func asksAgain() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/add-title.json")
    let result = try await sandbox.runOnTerminal(
      ["run", file, "--input", "title=", "--json"], answers: ["", "  ", "Second try"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.components(separatedBy: "What's the title?").count >= 3)
    #expect(result.stdout.contains(#""display": "Second try""#))
  }

  @Test("an input without a default is asked for")
  func promptsForInput() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/add-title.json")
    let result = try await sandbox.runOnTerminal(["run", file], answers: ["Typed in"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("inputs › What to do (title) "), "\(result)")
    #expect(result.stdout.hasSuffix("\nTyped in\n"))
  }

  @Test("a disambiguation lists the candidates and takes a number")
  func choosesCandidate() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/two-milks.json")
    let result = try await sandbox.runOnTerminal(["run", file], answers: ["2"])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout.contains(
        "done › Several Todos match 'milk'. Which one?\n  1. Buy milk\n  2. Buy milk powder\n"),
      "\(result)")
    #expect(result.stdout.contains("Completed 'Buy milk powder'.\n"))
    #expect(result.stdout.hasSuffix("\nBuy milk powder\n"))
  }

  @Test("a delete asks yes or no", arguments: [("y", 0), ("yes", 0), ("n", 4)])
  func confirms(answer: String, status: Int32) async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/delete.json")
    let result = try await sandbox.runOnTerminal(["run", file], answers: [answer])
    #expect(result.status == status, "\(result)")
    #expect(result.stdout.contains("delete › Delete the todo 'Throw away'? [y/n] "), "\(result)")
    if status == 0 {
      #expect(result.stdout.contains("Deleted 'Throw away'.\n"))
    } else {
      #expect(
        result.stdout.contains(
          "error: step 'delete' was not confirmed: Delete the todo 'Throw away'?\n"))
    }
  }

  @Test("--non-interactive asks nothing even on a terminal")
  func nonInteractive() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/delete.json")
    let result = try await sandbox.runOnTerminal(
      ["run", file, "--non-interactive"], answers: ["y"])
    #expect(result.status == 4, "\(result)")
    #expect(!result.stdout.contains("[y/n]"))
  }
}
