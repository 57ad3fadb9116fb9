import StrictJSON
import Testing

@Suite("Reading strings")
struct ReaderStringsTests {
  @Test(
    "escapes decode to the characters they stand for",
    arguments: [
      (#""\"""#, "\""), (#""\\""#, "\\"), (#""\/""#, "/"), (#""\b""#, "\u{08}"),
      (#""\f""#, "\u{0C}"), (#""\n""#, "\n"), (#""\r""#, "\r"), (#""\t""#, "\t"),
      (#""\u0041""#, "A"), (#""\u00e9\u00E9""#, "éé"), (#""\u0000""#, "\u{0}"),
      (#""\uFFFF""#, "\u{FFFF}"), (#""\uD83D\uDE00""#, "😀"), (#""\udbff\udfff""#, "\u{10FFFF}"),
      (#""a\nb\tc""#, "a\nb\tc"), (#""caf\u00e9 & 😀\n""#, "café & 😀\n"),
    ])
  func escapes(literal: String, expected: String) throws {
    #expect(try JSONParser.parse(literal).kind == .string(expected))
  }

  @Test(
    "text without escapes is taken as it is",
    arguments: ["", "plain", "Café", "日本語", "😀👍🏽", "e\u{301}", "a/b", "\u{7F}", "\u{2028}", "'"])
  func plain(text: String) throws {
    #expect(try JSONParser.parse("\"\(text)\"").kind == .string(text))
  }

  @Test("long strings with escapes keep every part")
  func longStrings() throws {
    let piece = "abcdefghij\\n\\u00e9日本"
    let literal = "\"" + String(repeating: piece, count: 10_000) + "\""
    let expected = String(repeating: "abcdefghij\né日本", count: 10_000)
    #expect(try JSONParser.parse(literal).kind == .string(expected))
  }

  @Test(
    "UTF-8 sequences at the edges of validity are accepted",
    arguments: [
      [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
      [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
    ] as [[UInt8]])
  func validUTF8(sequence: [UInt8]) throws {
    let node = try JSONParser.parse([0x22] + sequence + [0x22])
    #expect(node.kind == .string(String(decoding: sequence, as: UTF8.self)))
  }

  @Test(
    "bytes that are not UTF-8 are rejected at the first byte of the bad sequence",
    arguments: [
      ([0xFF], "FF"), ([0x80], "80"), ([0xC0, 0x80], "C0"), ([0xC1, 0xBF], "C1"),
      ([0xE0, 0x80, 0x80], "E0"), ([0xED, 0xA0, 0x80], "ED"), ([0xF0, 0x80, 0x80, 0x80], "F0"),
      ([0xF4, 0x90, 0x80, 0x80], "F4"), ([0xF5, 0x80, 0x80, 0x80], "F5"), ([0xE2, 0x82], "E2"),
      ([0xC3, 0x41], "C3"), ([0xF0, 0x9F, 0x98], "F0"),
    ] as [([UInt8], String)])
  func invalidUTF8(sequence: [UInt8], lead: String) {
    // After "é", so the column shows that the two bytes of "é" count once.
    let bytes: [UInt8] = [0x22, 0xC3, 0xA9] + sequence + [0x22]
    let error = syntaxError(bytes: bytes)
    #expect(
      error?.message
        == "invalid UTF-8 sequence starting with byte 0x\(lead); save the document as UTF-8")
    #expect(error?.position == position(1, 3, offset: 3))
  }

  /// What every invalid-escape message ends with.
  static let escapeHelp =
    #"write '\\' for a backslash (valid escapes: \" \\ \/ \b \f \n \r \t \uXXXX)"#

  @Test(
    "an invalid escape is quoted, with the list of valid ones",
    arguments: [
      (#"["é", "\x"]"#, "1:8", #"'\x'"#), (#""C:\Users""#, "1:4", #"'\U'"#),
      (#""it\'s""#, "1:4", #""\'""#), (#""\é""#, "1:2", #"'\é'"#),
      (#""\U0041""#, "1:2", #"'\U'"#),
      (#""a\ b""#, "1:3", #"'\' followed by a space or control character"#),
    ])
  func invalidEscapes(text: String, location: String, escape: String) {
    #expect(
      syntaxError(text)?.description == "\(location): invalid escape \(escape); \(Self.escapeHelp)")
  }

  @Test(
    "a \\u escape without four hex digits is quoted as far as it goes",
    arguments: [
      (#""\u12""#, "1:2", #"\u12"#), (#""\u12G4""#, "1:2", #"\u12G4"#), (#""\u""#, "1:2", #"\u"#),
      (#""\u00"#, "1:2", #"\u00"#), (#""\uD83D\u12""#, "1:8", #"\u12"#),
    ])
  func invalidUnicodeEscapes(text: String, location: String, escape: String) {
    #expect(
      syntaxError(text)?.description
        == #"\#(location): invalid unicode escape '\#(escape)'; write '\u' and four hex digits, "#
        + #"as in '\u00E9'"#)
  }

  static let highRule =
    #"a high surrogate must be followed by a low surrogate escape '\uDC00' to '\uDFFF'"#
  static let lowRule = #"a low surrogate must follow a high surrogate escape '\uD800' to '\uDBFF'"#

  @Test(
    "surrogates must come in high-low pairs",
    arguments: [
      (#""😀\uD83D""#, #"1:3: lone surrogate '\uD83D'; "# + highRule),
      (#""\uD83Dx""#, #"1:2: lone surrogate '\uD83D'; "# + highRule),
      (#""\ud83d\n""#, #"1:2: lone surrogate '\ud83d'; "# + highRule),
      (#""é\uDE00""#, #"1:3: lone surrogate '\uDE00'; "# + lowRule),
      (
        #""\uD83D\u0041""#,
        #"1:2: high surrogate '\uD83D' is followed by '\u0041'; it must be "#
          + #"followed by a low surrogate escape '\uDC00' to '\uDFFF'"#
      ),
      (
        #""\uD83D\uD83D""#,
        #"1:2: high surrogate '\uD83D' is followed by '\uD83D'; it must be "#
          + #"followed by a low surrogate escape '\uDC00' to '\uDFFF'"#
      ),
    ])
  func surrogates(text: String, expected: String) {
    #expect(syntaxError(text)?.description == expected)
  }

  @Test(
    "control characters and the end of the input inside a string are reported where they are",
    arguments: [
      (
        "\"ab\ncd\"", #"1:4: unescaped line break in string; end the string with '"' or write '\n'"#
      ),
      (
        "[\"日本\r\n\"]",
        #"1:5: unescaped line break in string; end the string with '"' or write '\n'"#
      ),
      ("\"a\tb\"", #"1:3: unescaped tab in string; write '\t'"#),
      ("\"\u{1F}\"", #"1:2: unescaped control character U+001F in string; write '\u001F'"#),
      (
        "\"abc",
        #"1:5: unexpected end of input; the string starting at line 1, column 1 "#
          + #"needs a closing '"'"#
      ),
      (
        #"{"k": "é"#,
        #"1:9: unexpected end of input; the string starting at line 1, column 7 "#
          + #"needs a closing '"'"#
      ),
      (
        #""ab\"#,
        #"1:5: unexpected end of input; the string starting at line 1, column 1 "#
          + #"needs a closing '"'"#
      ),
    ])
  func unescapedAndUnclosed(text: String, expected: String) {
    #expect(syntaxError(text)?.description == expected)
  }

  @Test("a NUL byte inside a string is a control character, not the end of the input")
  func nulByte() {
    let error = syntaxError(bytes: [0x22, 0x61, 0x00, 0x62, 0x22])
    #expect(
      error?.description
        == #"1:3: unescaped control character U+0000 in string; write '\u0000'"#)
  }

  @Test("invalid UTF-8 after a backslash is reported as invalid UTF-8")
  func invalidUTF8AfterBackslash() {
    let error = syntaxError(bytes: [0x22, 0x5C, 0xFF, 0x22])
    #expect(
      error?.description
        == "1:3: invalid UTF-8 sequence starting with byte 0xFF; save the document as UTF-8")
  }
}
