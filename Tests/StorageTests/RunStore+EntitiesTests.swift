import Foundation
import Testing

@testable import Storage

@Suite("Entities in the run store")
struct RunStoreEntitiesTests {
  let store: RunStore

  init() throws {
    store = try RunStore(database: Database.inMemory())
  }

  @Test("uses are recorded newest first, with the latest title; marks come before uses")
  func recordsAndReads() throws {
    try store.recordUse(
      of: [("Note", "1", "Buy bread"), ("Photo", "abc", "beach.jpg")], at: testDate(100))
    try store.recordUse(of: [("Note", "2", "Call mum")], at: testDate(200))
    try store.recordUse(of: [("Note", "1", "Buy wholemeal bread")], at: testDate(300))
    try store.markRelevant(typeName: "Photo", id: "abc", title: nil, at: testDate(400))
    let entities = try store.entities()
    #expect(entities.map(\.id) == ["abc", "1", "2"])
    #expect(entities.map(\.isRelevant) == [true, false, false])
    #expect(entities[0].title == "beach.jpg")
    #expect(entities[1].title == "Buy wholemeal bread")
    #expect(entities[1].usedAt == testDate(300))
  }

  @Test("clearing removes the marks and the entities that were only marked")
  func clears() throws {
    try store.recordUse(of: [("Note", "1", "Buy bread")], at: testDate(100))
    try store.markRelevant(typeName: "Note", id: "1", title: nil, at: testDate(200))
    try store.markRelevant(typeName: "Note", id: "9", title: nil, at: testDate(300))
    #expect(try store.clearRelevant() == 2)
    let entities = try store.entities()
    #expect(entities.map(\.id) == ["1"])
    #expect(entities.map(\.isRelevant) == [false])
  }

  @Test("only the newest 1,000 used entities are kept; marked ones always are")
  func bounded() throws {
    try store.markRelevant(typeName: "Note", id: "kept", title: nil, at: testDate(1))
    try store.recordUse(of: [("Note", "kept", "Kept")], at: testDate(2))
    let many = (0..<1_005).map { (typeName: "Note", id: "n\($0)", title: "Note \($0)") }
    for (offset, entity) in many.enumerated() {
      try store.recordUse(of: [entity], at: testDate(Double(10 + offset)))
    }
    let entities = try store.entities(limit: 2_000)
    #expect(entities.count == 1_001)
    #expect(entities.first?.id == "kept")
    #expect(entities.last?.id == "n5")
  }
}
