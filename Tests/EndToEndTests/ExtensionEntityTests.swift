import Foundation
import Testing

/// Extension entity types end to end, with the example `Examples/Extensions/jot.py` (a Note
/// entity stored in a JSON file), and the declaration cache's memory of broken extensions.
@Suite("Extension entities, end to end")
struct ExtensionEntityTests {
  private static let jot = Fixtures.repositoryRoot
    .appendingPathComponent("Examples/Extensions/jot.py").path

  private func sandbox(extensions: String? = nil) throws -> Sandbox {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(at: sandbox.home, withIntermediateDirectories: true)
    let notes = sandbox.home.appendingPathComponent("jot.json").path
    let configuration =
      extensions ?? """
        { "extensions": { "jot": { "command": "python3", "args": ["\(Self.jot)"],
          "env": { "JOT_FILE": "\(notes)" } } } }
        """
    try Data(configuration.utf8).write(
      to: sandbox.home.appendingPathComponent("extensions.json"))
    return sandbox
  }

  @Test("an extension entity passes from step to step, ${…title} reads it, text names it")
  func entities() async throws {
    let sandbox = try sandbox()
    try sandbox.write(
      "add.json",
      """
      { "name": "add", "steps": [
        { "id": "add", "intent": "jot.add", "parameters": { "title": "Groceries", "body": "milk" } },
        { "id": "more", "intent": "jot.append", "parameters": { "note": "${add}", "text": "eggs" } },
        { "intent": "text.uppercase", "parameters": { "input": "${more.title}: ${more.body}" } } ] }
      """)
    let added = try await sandbox.run("run", "add.json")
    #expect(added.status == 0, "\(added)")
    #expect(added.stdout == "GROCERIES: MILK\nEGGS\n")

    // Resolution by title, through the extension's string query, in a later run.
    try sandbox.write(
      "read.json",
      #"{ "name": "read", "steps": [ { "intent": "jot.read", "parameters": { "note": "grocer" } } ] }"#
    )
    let read = try await sandbox.run("run", "read.json")
    #expect(read.status == 0, "\(read)")
    #expect(read.stdout == "milk\neggs\n")

    // Two titles match: without a terminal the run stops, listing the candidates.
    try sandbox.write(
      "second.json",
      #"{ "name": "second", "steps": [ { "intent": "jot.add", "parameters": { "title": "Groceries 2" } } ] }"#
    )
    #expect(try await sandbox.run("run", "second.json").status == 0)
    let ambiguous = try await sandbox.run("run", "read.json", "--json")
    #expect(ambiguous.status == 3, "\(ambiguous)")
    #expect(ambiguous.stdout.contains(#""kind": "disambiguation""#), "\(ambiguous.stdout)")
    #expect(ambiguous.stdout.contains(#""display": "Groceries 2""#), "\(ambiguous.stdout)")
  }

  @Test("validate type-checks the properties of extension entities, with did-you-mean")
  func validate() async throws {
    let sandbox = try sandbox()
    try sandbox.write(
      "typo.json",
      """
      { "name": "typo", "steps": [
        { "id": "add", "intent": "jot.add", "parameters": { "title": "Groceries" } },
        { "intent": "text.uppercase", "parameters": { "input": "${add.titel}" } } ] }
      """)
    let result = try await sandbox.run("validate", "typo.json")
    #expect(result.status == 2, "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "typo.json:3:61: error: jot.Note has no property 'titel'; did you mean 'title'? "
          + "(in 'add.titel')\n"), "\(result)")
  }

  @Test("extensions lists entity types; check runs the entity queries")
  func check() async throws {
    let sandbox = try sandbox()
    try sandbox.write(
      "add.json",
      #"{ "name": "add", "steps": [ { "intent": "jot.add", "parameters": { "title": "Ideas" } } ] }"#
    )
    #expect(try await sandbox.run("run", "add.json").status == 0)
    let list = try await sandbox.run("extensions")
    #expect(list.stdout.contains("  entity types: jot.Note\n"), "\(list)")
    let check = try await sandbox.run("extensions", "check", "jot")
    #expect(check.status == 0, "\(check)")
    #expect(check.stdout.contains("ok    jot.Note: finds 'Ideas' by its title\n"), "\(check)")
    #expect(check.stdout.hasSuffix("jot conforms\n"), "\(check)")
  }

  @Test("a broken extension's failure is remembered until --refresh or check tries again")
  func brokenIsCached() async throws {
    let starts = FileManager.default.temporaryDirectory
      .appendingPathComponent("intentflow-starts-\(UUID().uuidString)").path
    let script =
      "echo started >> \(starts); read -r request; echo 'cannot start: no config' >&2; exit 2"
    let sandbox = try sandbox(
      extensions:
        #"{ "extensions": { "bad": { "command": "/bin/sh", "args": ["-c", "\#(script)"] } } }"#
    )
    func startCount() -> Int {
      let text = (try? String(contentsOfFile: starts, encoding: .utf8)) ?? ""
      return text.split(separator: "\n").count
    }
    let first = try await sandbox.run("extensions")
    #expect(
      first.stdout == "bad  intentflow, broken: extension 'bad' exited with status 2: "
        + "cannot start: no config\n", "\(first)")
    #expect(startCount() == 1)
    let second = try await sandbox.run("intents")
    #expect(
      second.stderr.contains(
        "(remembered from an earlier try; 'intentflow extensions --refresh' tries again); "
          + "its intents are unavailable"), "\(second)")
    #expect(startCount() == 1)
    _ = try await sandbox.run("extensions", "--refresh")
    #expect(startCount() == 2)
    _ = try await sandbox.run("extensions", "check", "bad")
    #expect(startCount() == 3)
  }
}
