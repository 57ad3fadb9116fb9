import Foundation

@testable import IntentKit

/// The test domain's entity: a fruit in a basket.
struct Fruit: AppEntity, Hashable {
  static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Fruit")
  static var defaultQuery: FruitQuery { FruitQuery() }
  static var properties: EntityProperties<Fruit> {
    EntityProperties(
      .init("name") { $0.name }, .init("grams") { $0.grams }, .init("ripe") { $0.ripe })
  }

  var id: String
  var name: String
  var grams: Int
  var ripe: Bool?

  init(id: String, name: String, grams: Int, ripe: Bool? = nil) {
    self.id = id
    self.name = name
    self.grams = grams
    self.ripe = ripe
  }

  var displayRepresentation: DisplayRepresentation {
    DisplayRepresentation(title: name, subtitle: "\(grams) g")
  }
}

/// Finds fruit in the basket of the running intent's context; matching text is left to the
/// protocol's default (display titles containing the text).
struct FruitQuery: EntityQuery {
  @Dependency({ $0.basket }) var basket: Basket

  func entities(for identifiers: [String]) async throws -> [Fruit] {
    if let failure = basket.failure { throw IntentError(failure) }
    return identifiers.compactMap { id in basket.fruits.first { $0.id == id } }
  }

  func suggestedEntities() async throws -> [Fruit] {
    if let failure = basket.failure { throw IntentError(failure) }
    return basket.fruits
  }
}

/// The fruit a test puts in the context.
struct Basket: Sendable {
  var fruits: [Fruit] = []
  /// When set, every query throws an `IntentError` with this message.
  var failure: String?
}

private enum BasketKey: DependencyKey {
  static let defaultValue = Basket()
}

extension DependencyValues {
  var basket: Basket {
    get { self[BasketKey.self] }
    set { self[BasketKey.self] = newValue }
  }
}

/// A second entity type, with no properties and a query that finds nothing, whose name takes
/// "an".
struct Onion: AppEntity {
  static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Onion")
  static var defaultQuery: OnionQuery { OnionQuery() }
  var id: String
  var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "onion \(id)") }
}

struct OnionQuery: EntityQuery {
  func entities(for identifiers: [String]) async throws -> [Onion] { [] }
}

enum Fruits {
  static let apple = Fruit(id: "f-apple", name: "Apple", grams: 180, ripe: true)
  static let pineapple = Fruit(id: "f-pineapple", name: "Pineapple", grams: 1_200)
  static let banana = Fruit(id: "f-banana", name: "Banana", grams: 120, ripe: false)
  static let greenApple = Fruit(id: "f-green", name: "Green apple", grams: 150)
  static let all = [apple, pineapple, banana, greenApple]
}

extension Value {
  /// `.entity` of a fruit, for short expectations.
  static func fruit(_ fruit: Fruit) -> Value { .entity(AnyEntity(fruit)) }
}

/// A URL from text the test knows is valid.
func url(_ text: String) -> URL {
  guard let url = URL(string: text) else { preconditionFailure("not a URL: \(text)") }
  return url
}
