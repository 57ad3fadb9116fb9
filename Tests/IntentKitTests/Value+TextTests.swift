import CivilTime
import Foundation
import Testing

@testable import IntentKit

@Suite("Values as text")
struct ValueTextTests {
  @Test(
    "numbers print without a trailing .0 and with the shortest digits",
    arguments: [
      (0.0, "0"), (-0.0, "0"), (3.0, "3"), (-42.0, "-42"), (2.5, "2.5"), (0.1, "0.1"),
      (1.0 / 3.0, "0.3333333333333333"), (1e14, "100000000000000"), (1e15, "1000000000000000"),
      (9_007_199_254_740_992, "9007199254740992"), (9_007_199_254_740_994, "9.007199254740994e+15"),
      (1e16, "1e+16"),
      (.infinity, "inf"), (1.5e-7, "1.5e-07"),
    ])
  func numbers(number: Double, text: String) {
    #expect(Value.number(number).textDescription == text)
  }

  @Test("null is empty text; text is itself")
  func nullAndText() {
    #expect(Value.null.textDescription == "")
    #expect(Value.text("  as is\n").textDescription == "  as is\n")
  }

  @Test("durations, URLs and booleans print as people write them")
  func scalars() {
    #expect(Value.duration(.milliseconds(5_400_250)).textDescription == "1h30m0.25s")
    #expect(
      Value.url(url("https://example.com/a%20b")).textDescription == "https://example.com/a%20b")
    #expect(Value.boolean(false).textDescription == "false")
  }

  @Test("a date prints in ISO 8601 with the local offset")
  func date() {
    let date = Date(timeIntervalSince1970: 1_796_112_000)
    #expect(Value.date(date).textDescription == Timestamp.format(date, in: .current))
  }

  @Test("a list prints one item a line, nested lists flattened into lines")
  func list() {
    let value = Value.list([
      .text("a"), .list([.integer(1), .integer(2)]), .null, .fruit(Fruits.banana),
    ])
    #expect(value.textDescription == "a\n1\n2\n\nBanana")
    #expect(Value.list([]).textDescription == "")
  }

  @Test("a dictionary prints as compact JSON with sorted keys")
  func dictionary() {
    let value = Value.dictionary([
      "zeta": .list([.integer(1), .boolean(true)]), "alpha": .text("a\"b"), "mid": .null,
    ])
    #expect(value.textDescription == #"{"alpha":"a\"b","mid":null,"zeta":[1,true]}"#)
  }

  @Test("an entity prints its display title, and description is the same text")
  func entity() {
    #expect(Value.fruit(Fruits.greenApple).textDescription == "Green apple")
    #expect(Value.fruit(Fruits.greenApple).description == "Green apple")
    #expect("\(Value.integer(3))" == "3")
  }
}
