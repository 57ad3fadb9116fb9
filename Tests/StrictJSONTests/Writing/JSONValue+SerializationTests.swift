import StrictJSON
import Testing

@Suite("Writing JSON")
struct JSONValueSerializationTests {
  @Test(
    "strings escape quotes, backslashes and control characters, and nothing else",
    arguments: [
      ("plain", #""plain""#), ("say \"hi\"", #""say \"hi\"""#), ("C:\\dir", #""C:\\dir""#),
      ("a/b", #""a/b""#), ("line\nbreak", #""line\nbreak""#), ("\r\t\u{08}\u{0C}", #""\r\t\b\f""#),
      ("\u{00}\u{01}\u{1F}", #""\u0000\u0001\u001F""#), ("\u{7F}", "\"\u{7F}\""),
      ("café 日本 😀", "\"café 日本 😀\""), ("\u{2028}", "\"\u{2028}\""), ("", #""""#),
    ])
  func strings(string: String, expected: String) {
    #expect(JSONValue.string(string).serialized() == expected)
  }

  @Test(
    "numbers print in their shortest exact form, and only finite doubles print as numbers",
    arguments: [
      (JSONValue.integer(0), "0"), (.integer(-42), "-42"),
      (.integer(Int.max), "9223372036854775807"),
      (.integer(Int.min), "-9223372036854775808"), (.number(1), "1.0"), (.number(-0.0), "-0.0"),
      (.number(0.1), "0.1"), (.number(1e-5), "1e-05"), (.number(1e20), "1e+20"),
      (.number(1.7976931348623157e308), "1.7976931348623157e+308"),
      (.number(.leastNonzeroMagnitude), "5e-324"),
      (.number(.nan), "null"), (.number(.infinity), "null"), (.number(-.infinity), "null"),
    ])
  func numbers(value: JSONValue, expected: String) {
    #expect(value.serialized() == expected)
  }

  @Test("the compact form has no whitespace and keeps member order")
  func compact() {
    let value: JSONValue = [
      "zeta": 1, "alpha": [true, false, .null], "empty": [:], "list": [],
      "nested": ["a": ["b": 2.5]],
    ]
    #expect(
      value.serialized()
        == #"{"zeta":1,"alpha":[true,false,null],"empty":{},"list":[],"nested":{"a":{"b":2.5}}}"#)
  }

  @Test("the pretty form indents by two spaces and keeps empty containers on one line")
  func pretty() {
    let value: JSONValue = [
      "name": "Morning", "steps": [1, ["id": "a", "tags": []]], "options": [:], "on": true,
    ]
    let expected = """
      {
        "name": "Morning",
        "steps": [
          1,
          {
            "id": "a",
            "tags": []
          }
        ],
        "options": {},
        "on": true
      }
      """
    #expect(value.serialized(pretty: true) == expected)
  }

  @Test(
    "scalars and empty containers look the same in both forms",
    arguments: [JSONValue.null, true, 3, 2.5, "x", [], [:]])
  func scalarsInBothForms(value: JSONValue) {
    #expect(value.serialized(pretty: true) == value.serialized())
  }

  @Test("the bytes are the UTF-8 of the text")
  func bytes() {
    let value: JSONValue = ["é": ["😀", 1]]
    #expect(value.serializedBytes() == Array(value.serialized().utf8))
    #expect(value.serializedBytes(pretty: true) == Array(value.serialized(pretty: true).utf8))
  }

  @Test("a parsed document written pretty matches the golden file")
  func golden() throws {
    let fixture = try Fixture.text("workflow.json")
    let root = try JSONParser.parse(fixture)
    let written = root.plainValue.serialized(pretty: true) + "\n"
    try Fixture.recordIfRequested(written, as: "workflow.json")
    #expect(written == fixture)
  }

  @Test("a byte of a file name that is not UTF-8 is escaped as its scalar, and reads back")
  func rawByteScalars() throws {
    // `caf\xE9.txt` in the text form of a file name: U+10FFE9 stands for the byte 0xE9.
    let name = "caf\u{10FFE9}.txt \u{10FF80}\u{10FFFF} \u{10FF41}"
    let written = JSONValue.string(name).serialized()
    #expect(written == #""caf\uDBFF\uDFE9.txt \uDBFF\uDF80\uDBFF\uDFFF \#u{10FF41}""#)
    #expect(try JSONParser.parse(written).plainValue == .string(name))
  }
}
