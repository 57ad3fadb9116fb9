import Testing

@testable import IntentKit

@Suite("Entities of any type")
struct AnyEntityTests {
  let apple = AnyEntity(Fruits.apple)

  @Test("the wrapper exposes the entity's type, id and display")
  func basics() {
    #expect(apple.type == Fruit.entityType)
    #expect(apple.typeName == "Fruit")
    #expect(apple.id == "f-apple")
    #expect(apple.displayRepresentation == DisplayRepresentation(title: "Apple", subtitle: "180 g"))
    #expect(apple.base as? Fruit == Fruits.apple)
  }

  @Test("properties are read by name, id included; an unknown name reads nothing")
  func property() {
    #expect(apple.property("id") == .text("f-apple"))
    #expect(apple.property("name") == .text("Apple"))
    #expect(apple.property("grams") == .integer(180))
    #expect(apple.property("ripe") == .boolean(true))
    #expect(AnyEntity(Fruits.pineapple).property("ripe") == .null)
    #expect(apple.property("colour") == nil)
    #expect(apple.property("Name") == nil)
  }

  @Test("all properties come in declaration order, without id")
  func properties() {
    let properties = apple.properties
    #expect(properties.map(\.name) == ["name", "grams", "ripe"])
    #expect(properties.map(\.value) == [.text("Apple"), .integer(180), .boolean(true)])
  }

  @Test("an entity type without declared properties has none")
  func noProperties() {
    let onion = AnyEntity(Onion(id: "1"))
    #expect(onion.properties.isEmpty)
    #expect(onion.property("id") == .text("1"))
    #expect(onion.dictionaryRepresentation == ["id": .text("1")])
  }

  @Test("as a dictionary an entity is its id and every property")
  func dictionary() {
    #expect(
      apple.dictionaryRepresentation
        == [
          "id": .text("f-apple"), "name": .text("Apple"), "grams": .integer(180),
          "ripe": .boolean(true),
        ])
  }

  @Test("two entities are equal when type and id agree, whatever their other properties")
  func equality() {
    var renamed = Fruits.apple
    renamed.name = "Crab apple"
    #expect(AnyEntity(renamed) == apple)
    #expect(AnyEntity(renamed).hashValue == apple.hashValue)
    #expect(AnyEntity(Fruits.banana) != apple)
    #expect(AnyEntity(Onion(id: "f-apple")) != apple)
    #expect(Set([apple, AnyEntity(renamed), AnyEntity(Fruits.banana)]).count == 2)
  }
}

@Suite("Entity types")
struct EntityTypeTests {
  @Test("a type is described by its name and its properties' types")
  func description() {
    let type = Fruit.entityType
    #expect(type.name == "Fruit")
    #expect(type.description == "Fruit")
    #expect(type.properties.map(\.name) == ["name", "grams", "ripe"])
    #expect(type.properties.map(\.type) == [.text, .integer, .boolean])
  }

  @Test("property types are known by name, id included")
  func propertyType() {
    let type = Fruit.entityType
    #expect(type.propertyType("id") == .text)
    #expect(type.propertyType("grams") == .integer)
    #expect(type.propertyType("ripe") == .boolean)
    #expect(type.propertyType("colour") == nil)
  }

  @Test("types are equal when their names are")
  func equality() {
    #expect(EntityType(Fruit.self) == Fruit.entityType)
    #expect(Fruit.entityType != Onion.entityType)
    #expect(Set([Fruit.entityType, EntityType(Fruit.self), Onion.entityType]).count == 2)
  }

  @Test("the type's query runs in the running intent's context")
  func queries() async throws {
    var dependencies = DependencyValues()
    dependencies.basket = Basket(fruits: [Fruits.apple, Fruits.banana])
    let type = Fruit.entityType
    let (byID, suggested, matching) = try await IntentContext.$current.withValue(
      IntentContext(dependencies: dependencies)
    ) {
      (
        try await type.entities(for: ["f-banana", "f-none", "f-apple"]).map(\.id),
        try await type.suggestedEntities().map(\.id),
        try await type.entities(matching: "NAN").map(\.id)
      )
    }
    #expect(byID == ["f-banana", "f-apple"])
    #expect(suggested == ["f-apple", "f-banana"])
    #expect(matching == ["f-banana"])
    #expect(try await type.suggestedEntities().isEmpty)
  }

  @Test("a failing query's error comes through")
  func failingQuery() async {
    var dependencies = DependencyValues()
    dependencies.basket = Basket(failure: "the basket is locked")
    await IntentContext.$current.withValue(IntentContext(dependencies: dependencies)) {
      await #expect(throws: IntentError("the basket is locked")) {
        try await Fruit.entityType.suggestedEntities()
      }
    }
  }
}

@Suite("Entity queries' default behaviour")
struct EntityQueryTests {
  func matching(_ text: String, in fruits: [Fruit] = Fruits.all) async throws -> [String] {
    var dependencies = DependencyValues()
    dependencies.basket = Basket(fruits: fruits)
    return try await IntentContext.$current.withValue(IntentContext(dependencies: dependencies)) {
      try await FruitQuery().entities(matching: text).map(\.name)
    }
  }

  @Test("text matches display titles that contain it, ignoring case, in suggestion order")
  func contains() async throws {
    #expect(try await matching("PPLE") == ["Apple", "Pineapple", "Green apple"])
    #expect(try await matching("an") == ["Banana"])
    #expect(try await matching("pine") == ["Pineapple"])
  }

  @Test("one exact title wins over partial matches")
  func exact() async throws {
    #expect(try await matching("apple") == ["Apple"])
    #expect(try await matching("Green Apple") == ["Green apple"])
  }

  @Test("two exact titles are both offered")
  func twoExact() async throws {
    let twins = [Fruits.apple, Fruit(id: "f-apple-2", name: "apple", grams: 1), Fruits.pineapple]
    #expect(try await matching("apple", in: twins) == ["Apple", "apple", "Pineapple"])
  }

  @Test("text that matches nothing finds nothing, and non-ASCII case folds")
  func noneAndUnicode() async throws {
    #expect(try await matching("kiwi").isEmpty)
    let tea = [Fruit(id: "t", name: "Čajová růže", grams: 5)]
    #expect(try await matching("ČAJ", in: tea) == ["Čajová růže"])
  }

  @Test("a query without suggestions offers and matches nothing")
  func defaults() async throws {
    #expect(try await OnionQuery().suggestedEntities().isEmpty)
    #expect(try await OnionQuery().entities(matching: "onion").isEmpty)
  }
}
