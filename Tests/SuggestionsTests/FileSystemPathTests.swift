import Suggestions
import Testing

@Suite("File system paths as bytes")
struct FileSystemPathTests {
  static let samples: [[UInt8]] = [
    Array("report.txt".utf8),
    Array("caf".utf8) + [0xE9] + Array(".txt".utf8),
    Array("r".utf8) + [0xE9] + Array("sum".utf8) + [0xE9] + Array(".json".utf8),
    [0xFF, 0xFE, 0x2F, 0xC3],  // invalid lead bytes, a slash, a cut sequence
    [0xED, 0xA0, 0x80],  // a surrogate, which UTF-8 may not hold
    [0xC0, 0xAF],  // an overlong slash
    [0xF4, 0x8F, 0xBF, 0xBF],  // U+10FFFF, valid UTF-8 but a raw-byte scalar
    Array("Ünïcödé 名前".utf8),
  ]

  @Test("every name's text form gives back its bytes", arguments: samples)
  func roundTrip(bytes: [UInt8]) {
    let path = FileSystemPath(bytes: bytes)
    #expect(FileSystemPath(path.text).bytes == bytes)
  }

  @Test("a UTF-8 name is its own text, byte for byte")
  func utf8Unchanged() {
    #expect(FileSystemPath(bytes: Array("Ünïcödé 名前".utf8)).text == "Ünïcödé 名前")
    #expect(FileSystemPath("a/b.txt").bytes == Array("a/b.txt".utf8))
  }

  @Test("a byte that is not UTF-8 is shown escaped, and the shown form is not the path")
  func shown() {
    let path = FileSystemPath(bytes: Array("caf".utf8) + [0xE9] + Array(".txt".utf8))
    #expect(path.shown == "caf\\xE9.txt")
    #expect(UnsafeText.shown("'\(path.text)' is missing") == "'caf\\xE9.txt' is missing")
    #expect(FileSystemPath(path.shown).bytes != path.bytes)
  }

  @Test("ancestry lists the folders from the root down")
  func ancestry() {
    #expect(FileSystemPath("/a/b").ancestry.map(\.text) == ["/", "/a", "/a/b"])
    #expect(FileSystemPath("/").ancestry.map(\.text) == ["/"])
  }
}
