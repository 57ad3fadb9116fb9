import Foundation
import Testing

@Suite("describe on the seeds' apps")
struct DescribeUnionTests {
  @Test("describe lists a union parameter's cases")
  func unionCases() async throws {
    let result = try await CLIHarness().run(["describe", "photos.show"])
    #expect(result.status == 0)
    #expect(
      result.output.contains(
        "  content  PhotoContent, required, takes the previous step's output\n"
          + "           Asks: \"Which album or tag?\"\n"
          + "           One of: album (Photo Album, text), tag (Tag, text)\n"))
  }

  @Test("describe, --json and the reference call an EntityCollection parameter by its name")
  func entityCollection() async throws {
    let result = try await CLIHarness().run(["describe", "photos.tag"])
    #expect(result.status == 0)
    #expect(
      result.output.contains(
        "  photos  EntityCollection of Photo, required, takes the previous step's output\n"),
      "\(result.output)")
    let json = try await CLIHarness().run(["describe", "photos.tag", "--json"])
    #expect(json.output.contains(#""type": "EntityCollection of Photo""#), "\(json.output)")
  }

  @Test("describe shows a collection parameter and the deferred preview's type")
  func notes() async throws {
    let result = try await CLIHarness().run(["describe", "notes.create"])
    #expect(result.status == 0)
    #expect(result.output.contains("preview: text"))
  }
}

@Suite("intents --schema")
struct IntentsSchemaTests {
  @Test("lists the intents that implement an App Schema")
  func schema() async throws {
    let result = try await CLIHarness().run(["intents", "--schema", "notes.create"])
    #expect(result.status == 0)
    #expect(result.output.contains("notes.create"))
    #expect(!result.output.contains("notes.find"))
    #expect(!result.output.contains("todos.add"))
  }

  @Test("an unknown schema is a usage error listing the catalog")
  func unknown() async throws {
    let result = try await CLIHarness().run(["intents", "--schema", "notes.make"])
    #expect(result.status == 2)
    #expect(
      result.errors
        == "error: no App Schema is named 'notes.make'; use one of: tasks.create, notes.create, "
        + "photos.tag\n")
  }
}
