import ChildProcesses
import Testing

@Suite("Bytes kept up to a limit")
struct BoundedBytesTests {
  @Test("bytes up to the limit are kept in order; past it, the rest is dropped and noted")
  func limit() {
    var bytes = BoundedBytes(limit: 10)
    let first = bytes.append(Array("hello ".utf8))
    let second = bytes.append(Array("world!".utf8))
    #expect(first)
    #expect(!second)
    #expect(bytes.isOverLimit)
    #expect(bytes.count == 10)
    #expect(bytes.bytes == Array("hello worl".utf8))
    let third = bytes.append([1])
    #expect(!third)
    let text = bytes.takeText()
    #expect(text == "hello worl")
    #expect(bytes.count == 0)
  }

  @Test("many chunks make one text, invalid UTF-8 shown as U+FFFD")
  func chunks() {
    var bytes = BoundedBytes(limit: 3 << 20)
    let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000)
    for _ in 0..<30 { bytes.append(piece) }
    bytes.append([0xFF])
    #expect(!bytes.isOverLimit)
    let text = bytes.takeText()
    #expect(text.utf8.count == 3_000_000 + 3)
    #expect(text.hasSuffix("a\u{FFFD}"))
  }
}
