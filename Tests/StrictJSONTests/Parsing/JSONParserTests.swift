import StrictJSON
import TestSupport
import Testing

@Suite("Parsing documents")
struct JSONParserTests {
  @Test(
    "scalars at the top level parse to their kind",
    arguments: [
      ("null", JSONNode.Kind.null), ("true", .bool(true)), ("false", .bool(false)),
      ("0", .integer(0)), ("-12", .integer(-12)), ("2.5", .number(2.5)), ("\"hi\"", .string("hi")),
      (" \t\r\n 7 \n", .integer(7)), ("[]", .array([])), ("{}", .object(JSONObject())),
    ])
  func scalars(text: String, kind: JSONNode.Kind) throws {
    #expect(try JSONParser.parse(text).kind == kind)
  }

  @Test("a document parses the same from a string and from its bytes")
  func bytesAndString() throws {
    let text = #"{"name": "Café", "steps": [1, 2.5, true, null]}"#
    #expect(try JSONParser.parse(text) == JSONParser.parse(Array(text.utf8)))
  }

  @Test("every value records where it starts")
  func positions() throws {
    let text = """
      {
        "name": "Morning",
        "steps": [
          {"id": 1, "on": true},
          -2.5e3
        ]
      }
      """
    let root = try JSONParser.parse(text)
    #expect(root.position == position(1, 1, offset: 0))
    guard case .object(let object) = root.kind,
      case .array(let steps) = object["steps"]?.kind,
      case .object(let first) = steps.first?.kind
    else {
      Issue.record("unexpected structure: \(root.plainValue)")
      return
    }
    #expect(object.member("name")?.keyPosition == position(2, 3, offset: 4))
    #expect(object["name"]?.position == position(2, 11, offset: 12))
    #expect(object.member("steps")?.keyPosition == position(3, 3, offset: 25))
    #expect(object["steps"]?.position == position(3, 12, offset: 34))
    #expect(steps.map(\.position) == [position(4, 5, offset: 40), position(5, 5, offset: 67)])
    #expect(first.member("on")?.keyPosition == position(4, 15, offset: 50))
    #expect(first["on"]?.position == position(4, 21, offset: 56))
    #expect(first["id"]?.kind == .integer(1))
  }

  @Test("columns count Unicode scalars, so non-ASCII text before a value counts once")
  func scalarColumns() throws {
    // "é" is 2 bytes, "日本" 6, "😀" 4 and "e" + U+0301 3, but 1, 2, 1 and 2 scalars.
    let root = try JSONParser.parse(#"{"é日本😀e\#u{301}": [true, "x"]}"#)
    guard case .object(let object) = root.kind,
      case .array(let elements)? = object.members.first?.value.kind
    else {
      Issue.record("unexpected structure")
      return
    }
    #expect(elements.map(\.position) == [position(1, 13, offset: 21), position(1, 19, offset: 27)])
  }

  @Test(
    "line feeds, carriage returns and both together each end one line",
    arguments: ["\n", "\r", "\r\n"])
  func lineBreaks(lineBreak: String) throws {
    let text = "[" + lineBreak + "1," + lineBreak + lineBreak + "  2]"
    let root = try JSONParser.parse(text)
    guard case .array(let elements) = root.kind else {
      Issue.record("expected an array")
      return
    }
    let width = lineBreak.utf8.count
    #expect(elements.map(\.position.line) == [2, 4])
    #expect(elements.map(\.position.column) == [1, 3])
    #expect(elements.map(\.position.offset) == [1 + width, 3 + 3 * width + 2])
  }

  @Test("a leading byte order mark is skipped and does not count as a column")
  func byteOrderMark() throws {
    let root = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
    #expect(root.position == position(1, 1, offset: 3))
    #expect(root.plainValue == [1])
    #expect(
      syntaxError(bytes: [0xEF, 0xBB, 0xBF])?.description
        == "1:1: unexpected end of input; expected a value")
  }

  @Test("a byte order mark anywhere but at the start is an error")
  func byteOrderMarkLater() {
    let error = syntaxError(" \u{FEFF}[1]")
    #expect(
      error?.description
        == "1:2: invalid whitespace U+FEFF (ZERO WIDTH NO-BREAK SPACE); "
        + "use spaces, tabs or line breaks")
  }

  @Test("nesting up to the limit parses")
  func nestingAtTheLimit() throws {
    let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    var node = try JSONParser.parse(text)
    var depth = 0
    while case .array(let elements) = node.kind, let first = elements.first {
      depth += 1
      node = first
    }
    #expect(depth == 511)
  }

  @Test(
    "nesting deeper than the limit fails at the first bracket too many, without recursion",
    arguments: [10_000, 1_000_000])
  func nestingTooDeep(count: Int) {
    let error = syntaxError(String(repeating: "[", count: count))
    #expect(error?.description == "1:513: nesting is deeper than 512 levels")
    #expect(error?.position.offset == 512)
  }

  @Test("objects count towards the depth like arrays")
  func nestingObjects() {
    let text = String(repeating: #"{"a":["#, count: 300)
    let error = syntaxError(text)
    #expect(error?.description == "1:1537: nesting is deeper than 512 levels")
  }

  @Test("the depth limit is an option")
  func depthOption() {
    let options = JSONParser.Options(maximumDepth: 3)
    #expect(syntaxError("[[[1]]]", options: options) == nil)
    #expect(
      syntaxError("[[[[1]]]]", options: options)?.description
        == "1:4: nesting is deeper than 3 levels")
    #expect(
      syntaxError("[{\"a\":[{}]}]", options: options)?.description
        == "1:8: nesting is deeper than 3 levels")
    #expect(syntaxError("1", options: .init(maximumDepth: 0)) == nil)
  }

  @Test("a 10 MB document parses completely", .tags(.heavy))
  func largeDocument() async throws {
    // Seconds of CPU work: off the cooperative pool.
    let (size, parsedWhole) = try await HeavyWork.run {
      var generator = RandomJSON(seed: 10)
      var elements: [String] = []
      var values: [JSONValue] = []
      var size = 0
      while size < 10_000_000 {
        let (text, value) = generator.document(maximumDepth: 5)
        elements.append(text)
        values.append(value)
        size += text.utf8.count + 2
      }
      let text = "[\n" + elements.joined(separator: ",\n") + "\n]"
      let root = try JSONParser.parse(text)
      return (text.utf8.count, root.plainValue == .array(values))
    }
    #expect(size >= 10_000_000)
    #expect(parsedWhole)
  }
}
