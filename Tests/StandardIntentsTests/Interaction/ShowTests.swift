import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("show.result and show.notification")
struct ShowTests {
  let harness: SystemHarness

  init() throws {
    harness = try SystemHarness()
  }

  @Test("show.result shows the value as a dialog and passes it on")
  func result() async throws {
    let list = try await harness.run("show.result", ["input": .list([.text("a"), .integer(2)])])
    #expect(list.output == .list([.text("a"), .integer(2)]))
    #expect(list.dialog == "a\n2")
    let dictionary = try await harness.run(
      "show.result", ["input": .dictionary(["k": .integer(1)])])
    #expect(dictionary.dialog == "{\n  \"k\": 1\n}")
  }

  @Test("without a desktop a notification is a dialog line")
  func notification() async throws {
    let result = try await harness.run(
      "show.notification", ["title": .text("Backup done"), "body": .text("3 files")])
    #expect(result.dialog == "Backup done: 3 files")
    #expect(result.output == .null)
  }
}
