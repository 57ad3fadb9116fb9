import StrictJSON
import Testing

@Suite("Diagnosing malformed documents")
struct ReaderDiagnosticsTests {
  @Test(
    "the end of the input names the container left open",
    arguments: [
      ("", "1:1: unexpected end of input; expected a value"),
      (" \n\t", "2:2: unexpected end of input; expected a value"),
      (
        "[",
        "1:2: unexpected end of input; the array starting at line 1, column 1 needs a closing ']'"
      ),
      (
        "[1,",
        "1:4: unexpected end of input; the array starting at line 1, column 1 needs a closing ']'"
      ),
      (
        "{\"a\": [1, {\"b\": 2}\n",
        "2:1: unexpected end of input; the array starting at line 1, column 7 needs a closing ']'"
      ),
      (
        "{",
        "1:2: unexpected end of input; the object starting at line 1, column 1 needs a closing '}'"
      ),
      (
        "{\"a\"",
        "1:5: unexpected end of input; the object starting at line 1, column 1 needs a closing '}'"
      ),
      (
        "{\"a\":",
        "1:6: unexpected end of input; the object starting at line 1, column 1 needs a closing '}'"
      ),
      (
        "{\"a\": 1",
        "1:8: unexpected end of input; the object starting at line 1, column 1 needs a closing '}'"
      ),
      (
        "{\"a\": 1,",
        "1:9: unexpected end of input; the object starting at line 1, column 1 needs a closing '}'"
      ),
    ])
  func unexpectedEnd(text: String, expected: String) {
    #expect(syntaxError(text)?.description == expected)
  }

  @Test(
    "a trailing comma is reported at the comma",
    arguments: [
      ("[1,]", "1:3: trailing comma before ']'; remove it"),
      ("[1 , \n ]", "1:4: trailing comma before ']'; remove it"),
      ("{\"a\": 1,}", "1:8: trailing comma before '}'; remove it"),
      ("{\"é😀\": [1,]}", "1:10: trailing comma before ']'; remove it"),
      ("{\n  \"a\": 1,\n}", "2:9: trailing comma before '}'; remove it"),
    ])
  func trailingComma(text: String, expected: String) {
    #expect(syntaxError(text)?.description == expected)
  }

  @Test("the trailing comma's offset counts bytes while its column counts scalars")
  func trailingCommaOffset() {
    #expect(syntaxError("{\"é😀\": [1,]}")?.position == position(1, 10, offset: 13))
  }

  @Test("a repeated key is reported at the second one, naming the first")
  func duplicateKey() {
    let text = """
      {
        "name": "a",
        "steps": [],
        "name": "b"
      }
      """
    let error = syntaxError(text)
    #expect(error?.description == "4:3: duplicate key 'name' (first at line 2, column 3)")
    #expect(error?.position.offset == 34)
  }

  @Test("keys are compared in large objects too", arguments: [5, 11, 12, 13, 100])
  func duplicateKeyInLargeObject(members: Int) {
    let keys = (0..<members).map { "\"k\($0)\": \($0)" }
    let text = "{" + keys.joined(separator: ",") + ",\"k3\": 0}"
    let column = text.utf8.count - 7
    let first = 1 + (0..<3).map { "\"k\($0)\": \($0),".utf8.count }.reduce(1, +)
    #expect(
      syntaxError(text)?.description
        == "1:\(column): duplicate key 'k3' (first at line 1, column \(first))")
    #expect(syntaxError("{" + keys.joined(separator: ",") + "}") == nil)
  }

  @Test("keys that are the same characters spelled differently are duplicates")
  func canonicallyEquivalentKeys() {
    #expect(
      syntaxError("{\"é\": 1, \"e\u{301}\": 2}")?.description
        == "1:10: duplicate key 'e\u{301}' (first at line 1, column 2)")
  }

  @Test("the same key in different objects is fine")
  func sameKeyInDifferentObjects() {
    #expect(syntaxError(#"{"a": {"a": 1}, "b": [{"a": 2}, {"a": 3}]}"#) == nil)
  }

  @Test(
    "a missing colon or comma says what was expected and what was found",
    arguments: [
      (#"{"a" 1}"#, "1:6: expected ':' after key 'a', found '1'"),
      (#"{"a" = 1}"#, "1:6: expected ':' after key 'a', found '='"),
      (#"{"a"; 1}"#, "1:5: expected ':' after key 'a', found ';'"),
      ("[1 2]", "1:4: expected ',' or ']' after an array element, found '2'"),
      (#"["a" "b"]"#, #"1:6: expected ',' or ']' after an array element, found '"b"'"#),
      ("[true false]", "1:7: expected ',' or ']' after an array element, found 'false'"),
      (
        #"{"key": "value" "next": 1}"#,
        #"1:17: expected ',' or '}' after the value of key 'key', found '"next"'"#
      ),
      (#"{"a": 1; "b": 2}"#, "1:8: expected ',' or '}' after the value of key 'a', found ';'"),
      ("[1}", "1:3: '}' does not close the array starting at line 1, column 1; close it with ']'"),
      (
        #"{"a": [1}"#,
        "1:9: '}' does not close the array starting at line 1, column 7; close it with ']'"
      ),
      (
        #"{"a": 1]"#,
        "1:8: ']' does not close the object starting at line 1, column 1; close it with '}'"
      ),
    ])
  func missingPunctuation(text: String, expected: String) {
    #expect(syntaxError(text)?.description == expected)
  }

  @Test(
    "a missing value or key says what was found instead",
    arguments: [
      ("[,1]", "1:2: expected a value, found ','"),
      ("[1,,2]", "1:4: expected a value, found ','"),
      ("]", "1:1: expected a value, found ']'"),
      (":", "1:1: expected a value, found ':'"),
      (#"{"a":}"#, "1:6: expected a value for key 'a', found '}'"),
      (#"{"a": ,}"#, "1:7: expected a value for key 'a', found ','"),
      ("{,}", "1:2: expected a key in double quotes or '}', found ','"),
      (#"{"a": 1, ]"#, "1:10: expected a key in double quotes, found ']'"),
      ("{[]: 1}", "1:2: expected a key in double quotes or '}', found '['"),
      ("[#]", "1:2: expected a value, found '#'"),
      ("[\u{01}]", "1:2: expected a value, found U+0001"),
      ("[\u{7F}]", "1:2: expected a value, found U+007F"),
      ("[\u{E000}]", "1:2: expected a value, found U+E000"),
      ("[→]", "1:2: expected a value, found '→'"),
    ])
  func missingValue(text: String, expected: String) {
    #expect(syntaxError(text)?.description == expected)
  }

  @Test(
    "habits from JavaScript and other formats get a specific fix",
    arguments: [
      ("{'a': 1}", #"1:2: single quotes are not allowed around strings; write "a" instead of 'a'"#),
      (
        #"{"a": 'it'}"#,
        #"1:7: single quotes are not allowed around strings; write "it" instead of 'it'"#
      ),
      ("['say \"hi\"']", "1:2: single quotes are not allowed around strings; use double quotes"),
      ("['open", #"1:2: expected a value, found "'""#),
      ("{a: 1}", #"1:2: unquoted key 'a'; put keys in double quotes: "a""#),
      (
        #"{"a": 1, name_2: 2}"#,
        #"1:10: unquoted key 'name_2'; put keys in double quotes: "name_2""#
      ),
      ("{1: 2}", #"1:2: unquoted key '1'; put keys in double quotes: "1""#),
      ("{naïve: 1}", #"1:2: unquoted key 'naïve'; put keys in double quotes: "naïve""#),
      ("// settings\n{}", "1:1: comments are not allowed in JSON; remove '// settings'"),
      ("{\"a\": 1 // one\n}", "1:9: comments are not allowed in JSON; remove '// one'"),
      ("[1, /* two */ 2]", "1:5: comments are not allowed in JSON; remove '/* two */'"),
      ("[1] /* trailing\n*/", "1:5: comments are not allowed in JSON; remove '/* trailing'"),
      ("# note\n{}", "1:1: expected a value, found '#'"),
      ("[True]", "1:2: expected a value, found 'True'; JSON literals are lowercase: write 'true'"),
      ("[NULL]", "1:2: expected a value, found 'NULL'; JSON literals are lowercase: write 'null'"),
      ("[tru]", "1:2: expected a value, found 'tru'; did you mean 'true'?"),
      ("[f]", "1:2: expected a value, found 'f'; did you mean 'false'?"),
      ("[nul]", "1:2: expected a value, found 'nul'; did you mean 'null'?"),
      (
        "[trueish]",
        #"1:2: expected a value, found 'trueish'; put strings in double quotes: "trueish""#
      ),
      ("[undefined]", "1:2: expected a value, found 'undefined'; write null"),
      ("{\"a\": None}", "1:7: expected a value for key 'a', found 'None'; write null"),
      (
        "[hello world]",
        #"1:2: expected a value, found 'hello'; put strings in double quotes: "hello""#
      ),
      (
        "{“a”: 1}",
        #"1:2: expected a key in double quotes or '}', found '“'; "#
          + #"use straight double quotes (") around strings and keys"#
      ),
      (
        "[”a”]",
        #"1:2: expected a value, found '”'; use straight double quotes (") around strings and keys"#
      ),
    ])
  func habits(text: String, expected: String) {
    #expect(syntaxError(text)?.description == expected)
  }

  @Test(
    "whitespace JSON does not allow is named",
    arguments: [
      (
        "[\u{A0}1]",
        "1:2: invalid whitespace U+00A0 (NO-BREAK SPACE); use spaces, tabs or line breaks"
      ),
      ("[1,\u{0C}2]", "1:4: invalid whitespace U+000C; use spaces, tabs or line breaks"),
      ("{\"a\":\u{0B}1}", "1:6: invalid whitespace U+000B; use spaces, tabs or line breaks"),
      (
        "[1]\u{2028}",
        "1:4: invalid whitespace U+2028 (LINE SEPARATOR); use spaces, tabs or line breaks"
      ),
      (
        "\u{3000}1",
        "1:1: invalid whitespace U+3000 (IDEOGRAPHIC SPACE); use spaces, tabs or line breaks"
      ),
    ])
  func foreignWhitespace(text: String, expected: String) {
    #expect(syntaxError(text)?.description == expected)
  }

  @Test(
    "anything after the top-level value is an error",
    arguments: [
      (
        "{} {}",
        "1:4: unexpected '{' after the top-level value; a JSON document holds exactly one value"
      ),
      (
        "[1]]",
        "1:4: unexpected ']' after the top-level value; a JSON document holds exactly one value"
      ),
      (
        "1 2",
        "1:3: unexpected '2' after the top-level value; a JSON document holds exactly one value"
      ),
      (
        "\"a\"\n\"b\"",
        #"2:1: unexpected '"b"' after the top-level value; a JSON document holds exactly one value"#
      ),
      (
        "null,",
        "1:5: unexpected ',' after the top-level value; a JSON document holds exactly one value"
      ),
      (
        "true x",
        "1:6: unexpected 'x' after the top-level value; a JSON document holds exactly one value"
      ),
      ("{}\n// end", "2:1: comments are not allowed in JSON; remove '// end'"),
    ])
  func trailingText(text: String, expected: String) {
    #expect(syntaxError(text)?.description == expected)
  }

  @Test("a NUL byte between tokens is reported, not taken for the end of the input")
  func nulBetweenTokens() {
    #expect(
      syntaxError(bytes: [0x5B, 0x31, 0x5D, 0x00])?.description
        == "1:4: unexpected U+0000 after the top-level value; "
        + "a JSON document holds exactly one value")
    #expect(
      syntaxError(bytes: [0x5B, 0x00, 0x5D])?.description
        == "1:2: expected a value, found U+0000")
  }

  @Test("bytes outside strings that are not UTF-8 are reported as such")
  func invalidUTF8OutsideStrings() {
    #expect(
      syntaxError(bytes: [0x5B, 0x31, 0x2C, 0xC0, 0xAF, 0x5D])?.description
        == "1:4: invalid UTF-8 sequence starting with byte 0xC0; save the document as UTF-8")
    #expect(
      syntaxError(bytes: [0x31, 0x20, 0xFE])?.description
        == "1:3: invalid UTF-8 sequence starting with byte 0xFE; save the document as UTF-8")
  }

  @Test("long offending text is shortened in the message")
  func longExcerpt() {
    let word = String(repeating: "x", count: 100)
    #expect(
      syntaxError("[\(word)]")?.message
        == "expected a value, found '\(String(repeating: "x", count: 39))…'; put strings in double "
        + "quotes: \"\(String(repeating: "x", count: 39))…\"")
  }

  @Test("errors after multi-line, non-ASCII text point at the right line and column")
  func positionsAfterNonASCII() {
    let text = """
      {
        "títle": "Ünïcödé ☕️ text",
        "emoji": ["😀", "👍🏽"] ,
        "next": tru
      }
      """
    let error = syntaxError(text)
    #expect(
      error?.description
        == "4:11: expected a value for key 'next', found 'tru'; did you mean 'true'?")
  }
}
