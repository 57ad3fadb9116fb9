import Foundation
import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("files.delete")
struct DeleteFilesTests {
  let harness: SystemHarness

  init() throws {
    harness = try SystemHarness()
    try harness.write("a.log", "a")
    try harness.write("b.log", "b")
    try harness.write("keep/c.log", "c")
  }

  var yes: IntentInvocation.Options {
    var options = IntentInvocation.Options()
    options.assumeYes = true
    return options
  }

  @Test("deleting asks first; without anyone to answer, nothing is deleted")
  func needsConfirmation() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("files.delete", ["files": .list([.text("a.log"), .text("keep")])])
    }
    #expect(error.code == .confirmationRequired)
    #expect(
      error.message
        == "step 'files.delete' needs confirmation: Delete 2 files (folders with everything in "
        + "them): 'a.log', 'keep'?")
    #expect(harness.names() == ["a.log", "b.log", "keep"])
  }

  @Test("confirmed, it deletes files and folders and returns how many")
  func confirmed() async throws {
    let interaction = ScriptedInteraction([.confirmation(true)])
    let result = try await harness.run(
      "files.delete", ["files": .list([.text("a.log"), .text("keep")])], interaction: interaction)
    #expect(result.output == .integer(2))
    #expect(result.dialog == "Deleted 2 files.")
    #expect(harness.names() == ["b.log"])
  }

  @Test("confirmBeforeDeleting false deletes without asking, for unattended jobs")
  func unattended() async throws {
    let result = try await harness.run(
      "files.delete", ["files": .text("b.log"), "confirmBeforeDeleting": .boolean(false)])
    #expect(result.output == .integer(1))
    #expect(harness.names() == ["a.log", "keep"])
  }

  @Test("deleting a link removes the link, not what it points to")
  func link() async throws {
    try FileManager.default.createSymbolicLink(
      atPath: harness.path("to-keep"), withDestinationPath: harness.path("keep"))
    _ = try await harness.run("files.delete", ["files": .text("to-keep")], options: yes)
    #expect(harness.read("keep/c.log") == "c")
    #expect(!harness.exists("to-keep"))
  }

  @Test("an empty list deletes nothing without asking")
  func empty() async throws {
    let result = try await harness.run("files.delete", ["files": .list([])])
    #expect(result.output == .integer(0))
  }
}
