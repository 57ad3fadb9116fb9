import Foundation
import Storage
import TestSupport
import Testing

@testable import DataIntents
@testable import StandardIntents

@Suite("photos: the index's migrations")
struct PhotoIndexMigrationTests {
  @Test("an index of the first version keeps its tags, and reads every photo again")
  func fromFirstVersion() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path("photos.sqlite")
    let hash = String(repeating: "ab", count: 32)
    do {
      let first = try Database(path: path)
      try first.migrate([PhotoStore.schema[0]])
      try first.transaction { transaction in
        try transaction.run(
          "INSERT INTO photos (path, hash, size, modified) VALUES ('/p/a.jpg', ?, 3, 0)",
          [.text(hash)])
        for tag in ["Trip", "Sea"] {
          try transaction.run("INSERT INTO tag_names (tag) VALUES (?)", [.text(tag)])
          try transaction.run(
            "INSERT INTO photo_tags (tag, hash) VALUES (?, ?)", [.text(tag), .text(hash)])
        }
      }
    }
    let store = PhotoStore(path: path, library: nil)
    #expect(try store.tags() == ["Sea", "Trip"])
    #expect(try store.photos(ids: [hash]).map(\.tags) == [["Sea", "Trip"]])
    #expect(try store.tag(ids: [hash], with: "Sea") == 1)
    #expect(try store.tag(ids: [hash], with: "Zoo") == 1)
    #expect(try store.photos(ids: ["/p/a.jpg"]).map(\.tags) == [["Sea", "Trip", "Zoo"]])
    let sizes = try Database(path: path).query("SELECT size FROM photos")
    #expect(try sizes.map { try $0.int("size") } == [-1])
  }
}

@Suite("photos: stable ids in bulk")
struct StableIDBatchTests {
  @Test("ids are sorted as SQLite orders their lowercase text, once each, whatever their case")
  func sortedAndUnique() {
    var random = SeededRandomNumberGenerator(seed: 7)
    var ids = (0..<3000).map { index in
      Digest.sha256(Array("photo \(index)".utf8)).map { String(format: "%02x", $0) }.joined()
    }
    // Ids that share their first 16 bits land in one bucket of the counting sort.
    ids += (0..<40).map { "ffff" + String(format: "%060x", 40 - $0) }
    let given = (ids + ids.prefix(500).map { $0.uppercased() }).shuffled(using: &random)
    var batch = StableIDBatch(capacity: given.count)
    let accepted = given.filter { batch.append($0) }.count
    #expect(accepted == given.count)
    let path = batch.append("/photos/a.jpg")
    let notHex = batch.append(String(repeating: "g", count: 64))
    #expect(!path && !notHex)
    let unique = batch.sortUnique()
    #expect(unique == ids.count)
    let expected = "[" + ids.sorted().map { "\"\($0)\"" }.joined(separator: ",") + "]"
    #expect(batch.jsonArray == expected)
  }
}
