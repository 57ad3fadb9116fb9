import Foundation
import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("The File entity")
struct FileTests {
  let harness: SystemHarness

  init() throws {
    harness = try SystemHarness()
  }

  @Test("text becomes a File through its query, relative to the current directory")
  func relativePath() async throws {
    try harness.write("notes/today.txt", "tea\n")
    let result = try await harness.run("files.read", ["file": .text("notes/../notes/./today.txt")])
    #expect(result.output == .text("tea\n"))
    let file = try #require(result.parameters["file"]?.file)
    #expect(file.id == harness.path("notes/today.txt"))
    #expect(file.name == "today.txt")
    #expect(file.fileExtension == "txt")
    #expect(file.folder == harness.path("notes"))
    #expect(file.size == 4)
    #expect(!file.isDirectory)
  }

  @Test("properties are readable by name, and the display title is the name")
  func properties() throws {
    let file = File(path: "/srv/data/.profile", size: 3, modified: Date(), isDirectory: false)
    let entity = AnyEntity(file)
    #expect(entity.property("name") == .text(".profile"))
    #expect(entity.property("extension") == .text(""))
    #expect(entity.property("folder") == .text("/srv/data"))
    #expect(entity.property("isDirectory") == .boolean(false))
    #expect(Value.entity(entity).textDescription == ".profile")
    #expect(File.entityType.propertyType("modified") == .date)
    #expect(!File.entityType.isRecord)
  }

  @Test("a path that names nothing needs a value, offering the current directory's files")
  func missing() async throws {
    try harness.write("a.txt", "")
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("files.read", ["file": .text("nope.txt")])
    }
    #expect(error.code == .needsValue)
    #expect(
      error.message
        == "step 'files.read' needs a value for 'file': Which file? (no File matches "
        + "'nope.txt'); suggestions: 'a.txt'")
  }
}
