import StandardIntents
import Testing

@testable import DataIntents

@Suite("Digest: SHA-256, SHA-1 and MD5 against published vectors")
struct DigestTests {
  /// FIPS 180-4 and RFC 1321 examples, plus lengths around the padding boundary (55, 56 and
  /// 64 bytes) and non-ASCII text; the digests were checked with Python's hashlib.
  static let vectors: [(String, sha256: String, sha1: String, md5: String)] = [
    (
      "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      "da39a3ee5e6b4b0d3255bfef95601890afd80709", "d41d8cd98f00b204e9800998ecf8427e"
    ),
    (
      "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
      "a9993e364706816aba3e25717850c26c9cd0d89d", "900150983cd24fb0d6963f7d28e17f72"
    ),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
      "84983e441c3bd26ebaae4aa1f95129e5e54670f1", "8215ef0796a20bcaaae116d3876c664a"
    ),
    (
      String(repeating: "a", count: 55),
      "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
      "c1c8bbdc22796e28c0e15163d20899b65621d65a", "ef1772b6dff9a122358552954ad0df65"
    ),
    (
      String(repeating: "a", count: 56),
      "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
      "c2db330f6083854c99d4b5bfb6e8f29f201be699", "3b0c8ac703f828b04c6c197006d17218"
    ),
    (
      String(repeating: "a", count: 64),
      "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
      "0098ba824b5c16427bd7a1122a5a442a25ec644d", "014842d480b571495a4a0363793f7367"
    ),
    (
      "The quick brown fox jumps over the lazy dog",
      "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592",
      "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12", "9e107d9d372bb6826bd81d3542a419d6"
    ),
    (
      "čaj ☕", "124ce7ec29e2b8d4b7a6ad5dac93c163ad1a085bd7f40ffc9b6e9c95f6aa5dea",
      "f78c35132f1fa0bc62cad7a9de30466e63050551", "48f355883d07fc1db593311067872feb"
    ),
  ]

  @Test("each algorithm gives the published digest", arguments: vectors)
  func published(text: String, sha256: String, sha1: String, md5: String) {
    let bytes = Array(text.utf8)
    #expect(Digest.hex(Digest.sha256(bytes)) == sha256)
    #expect(Digest.hex(Digest.sha1(bytes)) == sha1)
    #expect(Digest.hex(Digest.md5(bytes)) == md5)
  }

  @Test("a million bytes (many blocks) give the published digests")
  func million() {
    let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(
      Digest.hex(Digest.sha256(bytes))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    #expect(Digest.hex(Digest.sha1(bytes)) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    #expect(Digest.hex(Digest.md5(bytes)) == "7707d6ae4e027c70eea2a935c2296f21")
  }
}
