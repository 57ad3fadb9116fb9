import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("text.base64Encode, text.base64Decode, text.urlEncode and text.urlDecode")
struct EncodingTextTests {
  let harness = DataHarness()

  @Test(
    "Base64 encodes UTF-8 with padding",
    arguments: [
      ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("čaj ☕", "xI1haiDimJU="),
    ])
  func encode(text: String, encoded: String) async throws {
    guard !text.isEmpty else { return }  // empty text is asked for, as everywhere
    #expect(try await harness.output("text.base64Encode", ["input": .text(text)]) == .text(encoded))
    #expect(try await harness.output("text.base64Decode", ["input": .text(encoded)]) == .text(text))
  }

  @Test(
    "decoding accepts missing padding, line breaks and the URL-safe alphabet",
    arguments: [("Zm8", "fo"), ("Zm9v\nYmFy", "foobar"), ("-_8=", "\u{FB}\u{FF}")])
  func lenient(encoded: String, text: String) async throws {
    if text == "\u{FB}\u{FF}" {
      // Those bytes are not UTF-8: the step fails clearly instead of returning mojibake.
      let error = try #require(
        await harness.error("text.base64Decode", ["input": .text(encoded)]))
      #expect(error.code == .failed)
      #expect(
        error.message.hasSuffix(
          "the decoded 2 bytes are not UTF-8 text; text.base64Decode returns text only"))
      return
    }
    #expect(try await harness.output("text.base64Decode", ["input": .text(encoded)]) == .text(text))
  }

  @Test("text that is not Base64 is unsupported", arguments: ["Zm9v!", "Z", "Zm=9v", "Zm9v==="])
  func notBase64(text: String) async throws {
    let error = try #require(await harness.error("text.base64Decode", ["input": .text(text)]))
    #expect(error.code == .unsupported)
    #expect(error.message.contains("'\(text)' is not Base64"))
  }

  @Test("URL encoding keeps only the RFC 3986 unreserved characters")
  func urlEncode() async throws {
    let output = try await harness.output(
      "text.urlEncode", ["input": .text("a b&c=d/é~_.-*")])
    #expect(output == .text("a%20b%26c%3Dd%2F%C3%A9~_.-%2A"))
  }

  @Test("URL decoding reverses it; + is a space only when asked")
  func urlDecode() async throws {
    #expect(
      try await harness.output("text.urlDecode", ["input": .text("a%20b%26c%3Dd%2F%C3%A9+")])
        == .text("a b&c=d/é+"))
    #expect(
      try await harness.output(
        "text.urlDecode", ["input": .text("a+b"), "plusAsSpace": .boolean(true)]) == .text("a b"))
    let error = try #require(await harness.error("text.urlDecode", ["input": .text("100%")]))
    #expect(error.code == .failed)
    #expect(error.message.contains("'%' is not a percent escape"))
  }
}
