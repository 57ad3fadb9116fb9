import Testing

@testable import IntentKit

@Suite("Ranking suggested entities")
struct EntityRankingTests {
  let fruits = (1...5).map { Fruit(id: "f\($0)", name: "Fruit \($0)", grams: $0) }

  func key(_ id: String) -> EntityRanking.Key { EntityRanking.Key(typeName: "Fruit", id: id) }

  @Test("relevant entities come first, then recent ones, then the rest in the query's order")
  func relevantThenRecent() {
    let ranking = EntityRanking(
      relevant: [key("f4")], recent: [key("f2"), key("f4"), key("f9"), key("f5")])
    let ordered = ranking.ordered(fruits.map(AnyEntity.init))
    #expect(ordered.map(\.id) == ["f4", "f2", "f5", "f1", "f3"])
  }

  @Test("no ranking, or one of another type, keeps the query's order")
  func unranked() {
    let entities = fruits.map(AnyEntity.init)
    #expect(EntityRanking.none.ordered(entities).map(\.id) == ["f1", "f2", "f3", "f4", "f5"])
    let other = EntityRanking(
      relevant: [EntityRanking.Key(typeName: "Onion", id: "f3")], recent: [])
    #expect(other.ordered(entities).map(\.id) == ["f1", "f2", "f3", "f4", "f5"])
  }
}
