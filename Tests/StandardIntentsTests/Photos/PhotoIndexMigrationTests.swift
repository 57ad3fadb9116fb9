import Foundation
import Storage
import TestSupport
import Testing

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
