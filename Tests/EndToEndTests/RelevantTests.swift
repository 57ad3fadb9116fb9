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
    let line = try #require(recentLines.first { $0.hasPrefix("recent    Note ") }, "\(recent)")
    #expect(line.hasSuffix("  Buy bread"))
    let id = try #require(line.split(separator: " ").dropFirst(2).first.map(String.init))

    let marked = try await sandbox.run("relevant", "Note", id)
    #expect(marked.status == 0, "\(marked)")
    #expect(marked.stdout == "marked Note \(id) relevant (Buy bread)\n")
    let listed = try await sandbox.run("relevant")
    #expect(listed.stdout.hasPrefix("relevant  Note \(id)  Buy bread\n"), "\(listed)")

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

  @Test("a misspelt type or an id that names nothing is refused, and nothing is marked")
  func refusesWhatDoesNotExist() async throws {
    let sandbox = try Sandbox()
    let misspelt = try await sandbox.run("relevant", "Nte", "1")
    #expect(misspelt.status == 2, "\(misspelt)")
    #expect(
      misspelt.stderr
        == "error: unknown entity type 'Nte'; did you mean 'Note'?\n"
        + "See 'intentflow relevant --help'.\n")
    let unknown = try await sandbox.run("relevant", "Note", "1234")
    #expect(unknown.status == 2, "\(unknown)")
    #expect(
      unknown.stderr
        == "error: no Note has the id '1234'; 'intentflow relevant' lists the entities runs "
        + "used, with their ids\nSee 'intentflow relevant --help'.\n")
    let listed = try await sandbox.run("relevant")
    #expect(listed.stdout == "no relevant or recently used entities\n")
  }
}
