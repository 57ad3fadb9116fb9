import Testing

@testable import IntentKit

@Suite("Entities of types declared at run time")
struct DynamicEntityTests {
  private static let notes: [(id: String, title: String)] = [
    ("n1", "Groceries"), ("n2", "Groceries for the party"), ("n3", "Ideas"),
  ]

  /// A `Note` type whose query serves three notes; it has no matcher of its own.
  private static let note: EntityType = EntityType(
    dynamicName: "jot.Note", displayName: "Note",
    properties: [("title", .text), ("words", .integer)],
    query: DynamicEntityQuery(
      entitiesForIdentifiers: { ids in all.filter { ids.contains($0.id) } },
      suggestedEntities: { all }))

  private static var all: [DynamicEntity] {
    notes.map { entity($0.id, $0.title) }
  }

  private static func entity(_ id: String, _ title: String) -> DynamicEntity {
    DynamicEntity(
      type: note, id: id, display: DisplayRepresentation(title: title),
      values: ["title": .text(title)])
  }

  @Test("the wrapper takes the type, name and properties from the instance")
  func wrapper() {
    let wrapped = AnyEntity(Self.entity("n3", "Ideas"))
    #expect(wrapped.type == Self.note)
    #expect(wrapped.type.displayName == "Note")
    #expect(wrapped.typeName == "jot.Note")
    #expect(wrapped.property("id") == .text("n3"))
    #expect(wrapped.property("title") == .text("Ideas"))
    #expect(wrapped.property("words") == .null)
    #expect(wrapped.property("colour") == nil)
    #expect(wrapped.properties.map(\.name) == ["title", "words"])
    #expect(
      wrapped.dictionaryRepresentation == [
        "id": .text("n3"), "title": .text("Ideas"),
        "words": .null,
      ])
    #expect(!wrapped.isRecord)
  }

  @Test("the query finds by id, suggests, and without a matcher matches suggested titles")
  func query() async throws {
    #expect(try await Self.note.entities(for: ["n2"]).map(\.id) == ["n2"])
    #expect(try await Self.note.suggestedEntities().count == 3)
    #expect(try await Self.note.entities(matching: "grocer").map(\.id) == ["n1", "n2"])
    #expect(try await Self.note.entities(matching: "groceries").map(\.id) == ["n1"])
  }

  @Test("coercion keeps an entity of the same type and refuses another type's")
  func coercion() throws {
    let value = Value.entity(AnyEntity(Self.entity("n1", "Groceries")))
    #expect(value.valueType == .entity(Self.note))
    #expect(try value.coerced(to: .entity(Self.note)) == value)
    let other = EntityType(
      dynamicName: "other.Note", properties: [],
      query: DynamicEntityQuery(entitiesForIdentifiers: { _ in [] }))
    #expect(throws: CoercionError.self) { try value.coerced(to: .entity(other)) }
    #expect(
      ValueType.entity(Self.note).coercion(to: .entity(other))
        == .never("jot.Note is a different kind of entity from other.Note"))
  }
}
