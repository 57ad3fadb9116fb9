import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("text.hash")
struct HashTextTests {
  let harness = DataHarness()

  @Test(
    "SHA-256 by default; sha1 and md5 on request, in any case",
    arguments: [
      (nil, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      ("sha256", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      ("SHA-1", "a9993e364706816aba3e25717850c26c9cd0d89d"),
      ("md5", "900150983cd24fb0d6963f7d28e17f72"),
    ] as [(String?, String)])
  func algorithms(algorithm: String?, digest: String) async throws {
    var arguments: [String: Value] = ["input": .text("abc")]
    if let algorithm { arguments["algorithm"] = .text(algorithm) }
    #expect(try await harness.output("text.hash", arguments) == .text(digest))
  }

  @Test("an unknown algorithm is unsupported and lists the ones there are")
  func unknown() async throws {
    let error = try #require(
      await harness.error("text.hash", ["input": .text("abc"), "algorithm": .text("sha512")]))
    #expect(error.code == .unsupported)
    #expect(
      error.message
        == "step 'text.hash': 'algorithm' is unsupported: 'sha512' is not an algorithm; use one "
        + "of sha256, sha1, md5 (did you mean 'sha1'?)")
  }
}
