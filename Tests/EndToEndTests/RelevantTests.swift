import Foundation
import Testing

@Suite("intentflow relevant, end to end")
struct RelevantTests {
  @Test("a successful run records its notes; relevant marks, lists first, and clears")
  func marksListsClears() async throws {
    let sandbox = try Sandbox()
    let empty = try await sandbox.run("relevant")
    #expect(empty.status == 0, "\(empty)")
    #expect(empty.stdout == "no relevant or recently used entities\n")

    let run = try await sandbox.run(
      "run", Fixtures.exampleWorkflow("notes-inbox.json"), "--non-interactive")
    #expect(run.status == 0, "\(run)")
    let recent = try await sandbox.run("relevant")
    let recentLines = recent.stdout.split(separator: "\n")
    #expect(recentLines.contains { $0.hasPrefix("recent    Note ") && $0.hasSuffix("Buy bread") })

    let marked = try await sandbox.run("relevant", "Note", "1234")
    #expect(marked.stdout == "marked Note 1234 relevant\n")
    let listed = try await sandbox.run("relevant")
    #expect(listed.stdout.hasPrefix("relevant  Note 1234\nrecent    Note "))

    let missing = try await sandbox.run("relevant", "Note")
    #expect(missing.status == 2)
    #expect(
      missing.stderr.hasPrefix("error: 'Note' needs an ID; write intentflow relevant TYPE ID"))

    let cleared = try await sandbox.run("relevant", "--clear")
    #expect(cleared.stdout == "cleared 1 relevant entity\n")
    let after = try await sandbox.run("relevant")
    #expect(!after.stdout.contains("relevant  "))
    #expect(after.stdout.hasPrefix("recent    Note "))
  }
}
