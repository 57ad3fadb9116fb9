import Foundation
import Testing

@testable import WorkflowEngine

@Suite("The step keyword reference in Docs/WorkflowFormat.md")
struct StepKeywordReferenceTests {
  /// `Docs/WorkflowFormat.md` in this checkout.
  static let page = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Docs/WorkflowFormat.md")

  @Test("the tables of step kinds and step options are what StepKind and StepOption give")
  func upToDate() throws {
    let committed = try String(contentsOf: Self.page, encoding: .utf8)
    #expect(StepKeywordReference.missingSections(in: committed) == [])
    let generated = StepKeywordReference.updated(committed)
    if ProcessInfo.processInfo.environment["INTENTFLOW_RECORD_GOLDEN"] == "1" {
      try Data(generated.utf8).write(to: Self.page)
    }
    #expect(
      committed == generated,
      """
      Docs/WorkflowFormat.md is stale: a step kind or step option changed. Regenerate it with
        INTENTFLOW_RECORD_GOLDEN=1 swift test --filter StepKeywordReferenceTests
      and review the diff.
      """)
  }

  @Test("a row edited by hand is put back, and the text around the tables is kept")
  func regenerates() {
    let sections = StepKeywordReference.sections
    let page = (["# Before"] + sections.flatMap { [$0.begin, "| stale |", $0.end, "after"] })
      .joined(separator: "\n")
    let expected = (["# Before"] + sections.flatMap { [$0.begin] + $0.lines + [$0.end, "after"] })
      .joined(separator: "\n")
    #expect(StepKeywordReference.updated(page) == expected)
    #expect(
      StepKeywordReference.missingSections(in: "# Nothing") == ["step kinds", "step options"])
  }

  @Test("the tables name every kind's marker and every option")
  func rows() {
    #expect(
      StepKeywordReference.kinds.contains("| branch | `if` with `then` | Runs `then` or `else`. |"))
    #expect(
      StepKeywordReference.options.contains(
        "| `if` | a condition | always run | every step except a branch |"))
    #expect(StepKeywordReference.options.count == 2 + StepOption.allCases.count)
    #expect(StepKeywordReference.kinds.count == 2 + StepKind.allCases.count)
  }
}
