import Foundation
import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("ValueRepresentation: a Photo is a File, a Note is text")
struct ValueRepresentationTests {
  @Test("a photo coerces to its File, and the types say so before a run")
  func photoAsFile() async throws {
    let harness = try PhotoHarness()
    let path = try harness.add("beach.jpg", "abc")
    let photo = try #require(try await harness.run("photos.find").output.photos.first)
    let file = try Value.entity(AnyEntity(photo)).coerced(to: File.valueType)
    #expect(file.entity?.typeName == "File")
    #expect(file.entity?.id == path)
    #expect(Photo.valueType.coercion(to: File.valueType) == .always)
    #expect(File.valueType.coercion(to: Photo.valueType) != .always)
  }

  @Test("a note coerces to its whole body where text is wanted")
  func noteAsText() throws {
    let store = try NoteStore.inMemory()
    let note = try store.create(body: "Buy bread\nand butter", tag: "Quick")
    #expect(try Value.entity(AnyEntity(note)).coerced(to: .text) == .text("Buy bread\nand butter"))
    #expect(store.previews.value == 0)
  }

  @Test("an entity without representations still fails to become another entity")
  func noRepresentation() throws {
    let store = try NoteStore.inMemory()
    let note = try store.create(body: "Buy bread", tag: "Quick")
    #expect(throws: CoercionError.self) {
      try Value.entity(AnyEntity(note)).coerced(to: Photo.valueType)
    }
  }
}
