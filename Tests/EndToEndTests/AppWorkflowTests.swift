import Foundation
import Testing

@Suite("The notes and photos examples, end to end")
struct AppWorkflowTests {
  @Test("notes-inbox saves, pins and counts, reading the deferred preview in its output")
  func notesInbox() async throws {
    let sandbox = try Sandbox()
    let path = Fixtures.exampleWorkflow("notes-inbox.json")
    let first = try await sandbox.run("run", path, "--non-interactive")
    #expect(first.status == 0, "\(first)")
    #expect(
      first.stdout
        == "Pinned 'Buy bread' (wholemeal, from the bakery on the corner); 1 notes tagged Shopping\n"
    )
    #expect(first.stderr.hasPrefix("Note saved under tag Shopping.\nPinned 'Buy bread'.\n"))
    #expect(sandbox.homeContains("notes.sqlite"))
    let second = try await sandbox.run(
      "run", path, "--input", "text=Call mum", "--input", "tag=Home")
    #expect(second.stdout == "Pinned 'Call mum' (); 1 notes tagged Home\n")
  }

  @Test("tag-trip-photos tags an album of a fixture library, and works on an empty one")
  func tagTripPhotos() async throws {
    let sandbox = try Sandbox()
    let path = Fixtures.exampleWorkflow("tag-trip-photos.json")
    let empty = try await sandbox.run("run", path, "--non-interactive")
    #expect(empty.status == 0, "\(empty)")
    #expect(empty.stdout == "Tagged 0 of 0 photos with Trip\n")

    let library = sandbox.home.appendingPathComponent("photos/Rome", isDirectory: true)
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    try Data("colosseum".utf8).write(to: library.appendingPathComponent("colosseum.jpg"))
    try Data("forum".utf8).write(to: library.appendingPathComponent("forum.heic"))
    try Data("notes".utf8).write(to: library.appendingPathComponent("notes.txt"))
    let rome = try await sandbox.run("run", path, "--input", "album=Rome", "--input", "tag=Italy")
    #expect(rome.status == 0, "\(rome)")
    #expect(rome.stdout == "Tagged 2 of 2 photos with Italy\n")
    #expect(rome.stderr == "Found 2 photos.\nTagged 2 photos with 'Italy'.\n")
  }
}
