import Foundation
import Testing

/// A photo library in the sandbox's home: `alpha.jpg`, `beta.jpg` and `gamma.jpg`, each
/// holding its own name, so that its stable id is the SHA-256 of that name.
private func photoLibrary(in sandbox: Sandbox) throws {
  let library = sandbox.home.appendingPathComponent("photos", isDirectory: true)
  try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
  for name in ["alpha", "beta", "gamma"] {
    try Data(name.utf8).write(to: library.appendingPathComponent(name + ".jpg"))
  }
}

/// The stable ids (content hashes) of the library's photos, by file name.
private let stableIDs = [
  "alpha.jpg": "8ed3f6ad685b959ead7022518e1af76cd816f8e8ec7ccdda1ed4018e8f2223f8",
  "beta.jpg": "f44e64e75f3948e9f73f8dfa94721c4ce8cbb4f265c4790c702b2d41cfbf2753",
  "gamma.jpg": "be9d587defa1f0c09ef49eb17e206983a5f8f8289e4281860bd0ee5a19592c67",
]

/// Uploads the photo named by input `photo` (asked for when empty) to `out/`; the step
/// returns the copy's path, not the photo.
private let upload = """
  {"name": "upload", "inputs": {"photo": {"type": "text", "default": ""}},
   "steps": [{"id": "upload", "intent": "photos.upload",
              "parameters": {"photo": "${inputs.photo}", "to": "out"}}]}
  """

@Suite("Successful runs donate the entities they received")
struct DonationTests {
  @Test("an entity a step only received is recorded, under its stable id")
  func receivedEntity() async throws {
    let sandbox = try Sandbox()
    try photoLibrary(in: sandbox)
    let file = try sandbox.write("upload.json", upload)
    let run = try await sandbox.run("run", file, "--input", "photo=alpha.jpg")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == sandbox.work.appendingPathComponent("out/alpha.jpg").path + "\n")
    let listed = try await sandbox.run("relevant")
    #expect(listed.stdout == "recent    Photo \(stableIDs["alpha.jpg"] ?? "")  alpha.jpg\n")
  }

  @Test("an entity received and returned by steps is recorded once")
  func deduplicated() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write(
      "pin.json",
      #"{"name": "pin", "steps": [{"id": "note", "intent": "notes.create", "#
        + #""parameters": {"body": "Call mum"}}, {"intent": "notes.pin"}, "#
        + #"{"intent": "notes.pin", "parameters": {"note": "${note}"}}]}"#)
    let run = try await sandbox.run("run", file)
    #expect(run.status == 0, "\(run)")
    let listed = try await sandbox.run("relevant")
    let lines = listed.stdout.split(separator: "\n")
    #expect(lines.count == 1, "\(listed)")
    #expect(lines.first?.hasPrefix("recent    Note ") == true)
    #expect(lines.first?.hasSuffix("  Call mum") == true)
  }

  @Test("the ids of an EntityCollection parameter are not recorded")
  func collectionIDsAreNot() async throws {
    let sandbox = try Sandbox()
    try photoLibrary(in: sandbox)
    let file = try sandbox.write(
      "tag.json",
      #"{"name": "tag", "steps": [{"intent": "photos.tag", "parameters": "#
        + #"{"photos": ["\#(stableIDs["alpha.jpg"] ?? "")"], "tag": "Sea"}}]}"#)
    let run = try await sandbox.run("run", file)
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr == "Tagged 1 photo with 'Sea'.\n")
    let listed = try await sandbox.run("relevant")
    #expect(listed.stdout == "no relevant or recently used entities\n")
  }

  @Test("a run that fails records nothing")
  func failedRun() async throws {
    let sandbox = try Sandbox()
    try photoLibrary(in: sandbox)
    let file = try sandbox.write(
      "fails.json",
      #"{"name": "fails", "steps": [{"intent": "photos.upload", "parameters": "#
        + #"{"photo": "alpha.jpg", "to": "https://example.invalid/"}}]}"#)
    let run = try await sandbox.run("run", file)
    #expect(run.status == 1, "\(run)")
    let listed = try await sandbox.run("relevant")
    #expect(listed.stdout == "no relevant or recently used entities\n")
  }
}

@Suite(
  "A prompt offers relevant entities first",
  .enabled(if: Sandbox.hasScript, "needs util-linux script"))
struct RelevantPromptTests {
  @Test("after 'intentflow relevant Photo ID', the prompt lists that photo first")
  func relevantFirst() async throws {
    let sandbox = try Sandbox()
    try photoLibrary(in: sandbox)
    let file = try sandbox.write("upload.json", upload)
    // Input ends at the question: the run stops with 3 and records nothing.
    let before = try await sandbox.runOnTerminal(["run", file], answers: [])
    #expect(before.status == 3, "\(before)")
    let offered = Self.suggestions(before.stdout)
    #expect(offered.sorted() == ["alpha.jpg", "beta.jpg", "gamma.jpg"], "\(before)")
    // The photo offered last (the library's own order) is marked relevant.
    let last = try #require(offered.last)
    let marked = try await sandbox.run("relevant", "Photo", stableIDs[last] ?? "")
    #expect(marked.status == 0, "\(marked)")

    let after = try await sandbox.runOnTerminal(["run", file], answers: ["1"])
    #expect(after.status == 0, "\(after)")
    #expect(Self.suggestions(after.stdout) == [last] + offered.dropLast(), "\(after)")
    #expect(
      after.stdout.hasSuffix(sandbox.work.appendingPathComponent("out/\(last)").path + "\n"),
      "\(after)")
  }

  /// The names a terminal transcript lists after "Which photo?": `  1. alpha.jpg (…)`.
  static func suggestions(_ transcript: String) -> [String] {
    transcript.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(". ") }
      .compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) }
  }
}
