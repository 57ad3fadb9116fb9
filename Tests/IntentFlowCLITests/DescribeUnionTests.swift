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

  @Test("describe shows a collection parameter and the deferred preview's type")
  func notes() async throws {
    let result = try await CLIHarness().run(["describe", "notes.create"])
    #expect(result.status == 0)
    #expect(result.output.contains("preview: text"))
  }
}
