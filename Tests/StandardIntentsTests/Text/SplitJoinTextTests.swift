import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("text.split and text.join")
struct SplitJoinTextTests {
  let harness = DataHarness()

  @Test(
    "by default text splits into lines; a final empty line is dropped",
    arguments: [
      ("a\nb\nc", ["a", "b", "c"]), ("a\nb\n", ["a", "b"]), ("a\r\nb\r\n", ["a", "b"]),
      ("a\n\nb\n\n", ["a", "", "b", ""]), ("one", ["one"]), ("a\rb", ["a", "b"]),
    ])
  func lines(text: String, lines: [String]) async throws {
    let output = try await harness.output("text.split", ["input": .text(text)])
    #expect(output == .list(lines.map(Value.text)))
  }

  @Test(
    "a separator splits at each occurrence and keeps empty pieces; a space is a separator",
    arguments: [
      ("a,b,,c,", ",", ["a", "b", "", "c", ""]),
      ("one two  three", " ", ["one", "two", "", "three"]),
      ("a, b, c", ", ", ["a", "b", "c"]), ("no separator", ";", ["no separator"]),
    ])
  func separator(text: String, separator: String, pieces: [String]) async throws {
    let output = try await harness.output(
      "text.split", ["input": .text(text), "separator": .text(separator)])
    #expect(output == .list(pieces.map(Value.text)))
  }

  @Test("a line break given as the separator splits into lines the same way")
  func explicitLineBreak() async throws {
    let output = try await harness.output(
      "text.split", ["input": .text("a\r\nb\n"), "separator": .text("\n")])
    #expect(output == .texts("a", "b"))
  }

  @Test("join puts a line break between items by default, and any separator when given")
  func join() async throws {
    let items = Value.list([.text("a"), .integer(2), .boolean(true)])
    #expect(try await harness.output("text.join", ["input": items]) == .text("a\n2\ntrue"))
    let spaced = try await harness.output(
      "text.join", ["input": items, "separator": .text(" ")])
    #expect(spaced == .text("a 2 true"))
    let empty = try await harness.output(
      "text.join", ["input": .list([]), "separator": .text(",")])
    #expect(empty == .text(""))
  }

  @Test("split then join gives the lines back")
  func roundTrip() async throws {
    let lines = try await harness.output("text.split", ["input": .text("x\ny\n")])
    #expect(try await harness.output("text.join", ["input": lines]) == .text("x\ny"))
  }
}
