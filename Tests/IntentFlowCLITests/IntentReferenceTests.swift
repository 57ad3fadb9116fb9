import Foundation
import IntentKit
import Testing

@testable import IntentFlowCLI

@Suite("The intent reference, Docs/Intents.md")
struct IntentReferenceTests {
  /// `Docs/Intents.md` in this checkout.
  static let page = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Docs/Intents.md")

  @Test("Docs/Intents.md is what 'intentflow intents --markdown' prints")
  func upToDate() async throws {
    let result = try await CLIHarness().run(["intents", "--markdown"])
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    if ProcessInfo.processInfo.environment["INTENTFLOW_RECORD_GOLDEN"] == "1" {
      try Data(result.output.utf8).write(to: Self.page)
    }
    let committed = (try? String(contentsOf: Self.page, encoding: .utf8)) ?? ""
    #expect(
      committed == result.output,
      """
      Docs/Intents.md is stale: an intent changed. Regenerate it with
        \(IntentReference.regenerate)
      (or run the tests with INTENTFLOW_RECORD_GOLDEN=1) and review the diff.
      """)
  }

  @Test("every intent has a section, under its domain's heading")
  func sections() async throws {
    let markdown = IntentReference.markdown(IntentFlowCommand.registry.intents)
    for intent in IntentFlowCommand.registry.intents {
      #expect(markdown.contains("\n### `\(intent.identifier)`\n"), "\(intent.identifier)")
    }
    let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }
    #expect(
      Array(headings.prefix(6)) == [
        "## Text", "## Numbers", "## Lists", "## Dictionaries", "## JSON", "## Dates",
      ])
    #expect(
      markdown.contains(
        "| `index` | integer | required | Index: 0 for the first item, -1 for the last. |"))
    #expect(markdown.contains("Summary: `a` `operation` `b`. Returns: number."))
  }

  @Test("intents groups the plain list by domain, with a heading for each")
  func grouped() async throws {
    let result = try await CLIHarness().run(["intents"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("Text\n  text.base64Decode  "))
    #expect(result.output.contains("\n\nNumbers\n  math.calculate     "))
    #expect(
      result.output.contains(
        "\n\nTodos\n  todos.add          Adds a new open todo and returns it.\n"))
    #expect(
      result.output.hasSuffix("\n\nSee 'intentflow describe INTENT' for an intent's parameters.\n"))
  }

  @Test("an unknown prefix becomes a domain of its own, after the known ones")
  func unknownPrefix() {
    let intents = [IntentDescriptor(Ping.self)] + IntentFlowCommand.registry.intents
    let groups = IntentDomain.group(intents)
    #expect(groups.last?.domain.name == "acme")
    #expect(groups.last?.intents.map(\.identifier) == ["acme.ping"])
    #expect(groups.first { $0.domain.name == "Numbers" }?.domain.patterns == "math.*, number.*")
  }

  @Test("anchors are the ones GitHub gives headings")
  func anchors() {
    #expect(IntentReference.anchor("text.urlEncode") == "texturlencode")
    #expect(IntentReference.anchor("Get Item from List") == "get-item-from-list")
  }

  /// An intent from an imagined extension.
  struct Ping: AppIntent {
    static let identifier: IntentIdentifier = "acme.ping"
    static let title = "Ping"
    func perform() async throws -> IntentResult<NoValue> { .result() }
  }
}
