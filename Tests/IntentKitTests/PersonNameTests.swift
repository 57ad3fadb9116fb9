import Foundation
import Testing

@testable import IntentKit

/// `test.greetPerson`: takes a person name.
struct GreetPerson: AppIntent {
  static let identifier: IntentIdentifier = "test.greetPerson"
  static let title = "Greet Person"
  @Parameter(title: "Name") var name: PersonName

  func perform() async throws -> IntentResult<String> {
    .result(value: "Hello \(name.nickname ?? name.given ?? "you") (\(name.family ?? "-"))")
  }
}

@Suite("PersonName")
struct PersonNameTests {
  @Test(
    "text converts to a name's parts",
    arguments: [
      ("Ada Lovelace", PersonName(given: "Ada", family: "Lovelace")),
      ("Lovelace, Ada", PersonName(given: "Ada", family: "Lovelace")),
      (
        "Ada \"Countess\" Lovelace",
        PersonName(given: "Ada", family: "Lovelace", nickname: "Countess")
      ),
      ("Ada", PersonName(given: "Ada")),
      ("Augusta Ada  King", PersonName(given: "Augusta Ada", family: "King")),
    ])
  func parses(text: String, expected: PersonName) {
    #expect(PersonName(parsing: text) == expected)
  }

  @Test("blank text is no name")
  func blank() {
    #expect(PersonName(parsing: "  ") == nil)
  }

  @Test("a PersonName parameter takes text, and the name's text form is the full name")
  func parameter() async throws {
    let result = try await Harness().run(
      GreetPerson.self, ["name": .text("Ada \"Countess\" Lovelace")])
    #expect(result.output == .text("Hello Countess (Lovelace)"))
    let name = try #require(result.parameters["name"]?.entity)
    #expect(name.displayRepresentation.title == "Ada Lovelace")
    #expect(name.property("family") == .text("Lovelace"))
    #expect(Value.entity(name).textDescription == "Ada Lovelace")
  }

  @Test("the type reads as a record with given, family and nickname")
  func type() {
    let type = PersonName.entityType
    #expect(type.isRecord)
    #expect(type.properties.map(\.name) == ["given", "family", "nickname"])
  }
}
