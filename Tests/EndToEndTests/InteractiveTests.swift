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

  @Test("a secret input is asked for without showing what is typed")
  func secretInputIsNotEchoed() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/secret-title.json")
    let run = try sandbox.startOnTerminal(["run", file])
    let asked = try await run.waitForStandardOutput(containing: "inputs › The token (token) ")
    #expect(asked, "\(run.stdoutSoFar)")
    // The echo is off before the question shows, so typing now is not echoed.
    run.type("hunter2-typed\n")
    run.closeStandardInput()
    let result = Sandbox.withoutCarriageReturns(await run.finish())
    #expect(result.status == 0, "\(result)")
    // Echoed, the typed line would sit between the question and the dialog.
    #expect(
      result.stdout.hasPrefix("inputs › The token (token) \nAdded '***'.\n"), "\(result)")
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

  @Test("input that ends before a choice stops the run with 3 and advice that fits a terminal")
  func inputEndsBeforeChoice() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/two-milks.json")
    let result = try await sandbox.runOnTerminal(["run", file], answers: [])
    #expect(result.status == 3, "\(result)")
    #expect(result.stdout.contains("Enter 1-2 or a name: \n"))
    #expect(result.stdout.contains("error: step 'done' needs a choice for 'todo'"))
    #expect(result.stdout.hasSuffix("note: name one of the candidates exactly (or by id)\n"))
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
      // No advice to run it on a terminal: it ran on one, and the answer was no.
      #expect(!result.stdout.contains("note:"), "\(result)")
    }
  }

  @Test("--non-interactive asks nothing even on a terminal")
  func nonInteractive() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/delete.json")
    // No answers typed: `script` waits two seconds for typed input nobody reads.
    let result = try await sandbox.runOnTerminal(["run", file, "--non-interactive"], answers: [])
    #expect(result.status == 4, "\(result)")
    #expect(!result.stdout.contains("[y/n]"))
  }
}

@Suite(
  "Ctrl-C at a prompt cancels the run", .enabled(if: Sandbox.hasScript, "needs util-linux script"))
struct InterruptedPromptTests {
  @Test("Ctrl-C while a value is asked for cancels the run with 130")
  func interruptValuePrompt() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/add-title.json")
    let run = try sandbox.startOnTerminal(["run", file, "--input", "title="])
    let asked = try await run.waitForStandardOutput(containing: "What's the title? ")
    #expect(asked, "\(run.stdoutSoFar)")
    run.type("\u{03}")  // The terminal turns Ctrl-C into SIGINT for its foreground process.
    let result = Sandbox.withoutCarriageReturns(await run.finish())
    #expect(!result.timedOut, "the prompt ignored Ctrl-C: \(result)")
    #expect(result.status == 130, "\(result)")
    #expect(result.stdout.contains("error: step 'add' was cancelled: the run received SIGINT\n"))
  }

  @Test("Ctrl-C while a confirmation is asked for cancels the run with 130")
  func interruptConfirmation() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/delete.json")
    let run = try sandbox.startOnTerminal(["run", file])
    let asked = try await run.waitForStandardOutput(containing: "[y/n] ")
    #expect(asked, "\(run.stdoutSoFar)")
    run.type("\u{03}")
    let result = Sandbox.withoutCarriageReturns(await run.finish())
    #expect(!result.timedOut, "the prompt ignored Ctrl-C: \(result)")
    #expect(result.status == 130, "\(result)")
    #expect(result.stdout.contains("error: step 'delete' was cancelled: the run received SIGINT\n"))
  }
}
