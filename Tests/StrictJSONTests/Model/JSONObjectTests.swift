import StrictJSON
import Testing

@Suite("Objects")
struct JSONObjectTests {
  private func object(_ text: String) throws -> JSONObject {
    guard case .object(let object) = try JSONParser.parse(text).kind else {
      throw JSONSyntaxError(message: "not an object", position: position(1, 1, offset: 0))
    }
    return object
  }

  @Test("members keep source order and look up by key")
  func lookup() throws {
    let object = try object(#"{"b": 1, "a": [true], "c": {"d": null}}"#)
    #expect(object.keys == ["b", "a", "c"])
    #expect(object["a"]?.plainValue == [true])
    #expect(object["c"]?.plainValue == ["d": .null])
    #expect(object["missing"] == nil)
    #expect(object.member("missing") == nil)
  }

  @Test("a member gives the positions of its key and of its value")
  func memberPositions() throws {
    let object = try object("{\n  \"name\":   \"x\"\n}")
    let member = object.member("name")
    #expect(member?.keyPosition == position(2, 3, offset: 4))
    #expect(member?.value.position == position(2, 13, offset: 14))
  }

  @Test("keys match by Swift string equality, so any spelling of the same characters finds it")
  func canonicalLookup() throws {
    let object = try object(#"{"caf\u00e9": 1}"#)
    #expect(object["cafe\u{301}"]?.kind == .integer(1))
  }

  @Test(
    "a key of another UTF-8 length can still be the same characters, whichever side is ASCII",
    arguments: [
      (#"{"id": 0, "\u212A": 1}"#, "K"), (#"{"id": 0, "K": 1}"#, "\u{212A}"),
      (#"{"id": 0, ";": 1}"#, "\u{037E}"), (#"{"id": 0, "e\u0301": 1}"#, "\u{E9}"),
      ("{\"id\": 0, \"\u{212A}\": 1}", "K"), ("{\"id\": 0, \"e\u{301}\": 1}", "\u{E9}"),
    ])
  func equivalentKeysOfOtherLengths(text: String, key: String) throws {
    let object = try object(text)
    #expect(object[key]?.kind == .integer(1))
    #expect(object["i"] == nil)
    #expect(object["idx"] == nil)
  }

  @Test("a key changed after the object was made is found by its new text")
  func changedMembers() throws {
    var object = try object(#"{"a": 1, "b": 2}"#)
    object.members[1].key = "\u{212A}"
    #expect(object["K"]?.kind == .integer(2))
    object.members[1].key = "bb"
    #expect(object["bb"]?.kind == .integer(2))
    #expect(object["K"] == nil)
  }

  @Test("objects built in code look up their first matching member")
  func builtInCode() {
    let node = JSONNode(kind: .null, position: position(1, 1, offset: 0))
    let object = JSONObject(members: [
      .init(key: "a", keyPosition: position(1, 2, offset: 1), value: node)
    ])
    #expect(object["a"] == node)
    #expect(JSONObject().members.isEmpty)
  }
}
