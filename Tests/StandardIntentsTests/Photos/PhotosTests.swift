import Foundation
import IntentKit
import StandardIntents
import Synchronization
import TestSupport
import Testing

@testable import DataIntents

/// SHA-256 of "abc", from FIPS 180-4.
private let abcHash = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

@Suite("photos")
struct PhotosTests {
  let harness: PhotoHarness

  init() throws {
    harness = try PhotoHarness()
  }

  @Test("photos.find lists the library's images with their albums; other files are left out")
  func find() async throws {
    try harness.add("beach.jpg", "abc", album: "Summer")
    try harness.add("cat.PNG", "meow")
    try harness.add("notes.txt", "not a photo")
    let result = try await harness.run("photos.find")
    let photos = result.output.photos.sorted { $0.name < $1.name }
    #expect(photos.map(\.name) == ["beach.jpg", "cat.PNG"])
    #expect(photos.map(\.album) == ["Summer", nil])
    #expect(photos.map(\.size) == [3, 4])
    #expect(result.dialog == "Found 2 photos.")
    let summer = try await harness.run("photos.find", ["album": .text("summer")])
    #expect(summer.output.photos.map(\.name) == ["beach.jpg"])
  }

  @Test("a photo's stable id is the SHA-256 of its content, its local id the path")
  func syncableID() async throws {
    let path = try harness.add("beach.jpg", "abc")
    let photo = try #require(try await harness.run("photos.find").output.photos.first)
    #expect(photo.id == abcHash)
    #expect(photo.localID == path)
    #expect(Photo.isStableID(abcHash))
    #expect(!Photo.isStableID(path))
  }

  @Test("the query accepts the stable id and the local id")
  func queryAcceptsBothIDs() async throws {
    let path = try harness.add("beach.jpg", "abc")
    let byHash = try await harness.query { try await $0.entities(for: [abcHash]) }
    let byPath = try await harness.query { try await $0.entities(for: [path]) }
    #expect(byHash.map(\.path) == [path])
    #expect(byPath.map(\.id) == [abcHash])
    let resolved = try await harness.run(
      "photos.upload", ["photo": .text(abcHash), "to": .text(harness.folder.path("out"))])
    #expect(resolved.output == .text(harness.folder.path("out") + "/beach.jpg"))
  }

  @Test("photos.tag tags the photos of an earlier step, and the tag follows a moved file")
  func tagFollowsContent() async throws {
    try harness.add("beach.jpg", "abc")
    try harness.add("cat.png", "meow")
    let found = try await harness.run("photos.find", ["query": .text("beach")])
    let tagged = try await harness.run(
      "photos.tag", ["photos": found.output, "tag": .text("Trip")])
    #expect(tagged.output == .integer(1))
    #expect(tagged.dialog == "Tagged 1 photo with 'Trip'.")
    try FileManager.default.createDirectory(
      at: harness.library.appendingPathComponent("Moved"), withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: harness.library.appendingPathComponent("beach.jpg"),
      to: harness.library.appendingPathComponent("Moved/beach.jpg"))
    let trip = try await harness.run("photos.find", ["tag": .text("trip")])
    #expect(trip.output.photos.map(\.album) == ["Moved"])
    #expect(trip.output.photos.first?.tags == ["Trip"])
  }

  @Test("photos.tag takes ids as text, stable or local; unknown stable ids are kept")
  func tagByIDs() async throws {
    try harness.add("beach.jpg", "abc")
    let cat = try harness.add("cat.png", "meow")
    _ = try await harness.run("photos.find")  // indexes the library
    let result = try await harness.run(
      "photos.tag",
      [
        "photos": .list([
          .text(abcHash.uppercased()), .text(cat), .text(String(repeating: "e", count: 64)),
        ]),
        "tag": .text("Best"),
      ])
    // The photo with the unknown stable id may arrive with the next sync, tagged already.
    #expect(result.output == .integer(3))
    #expect(try harness.store.find(query: nil, tag: "best", album: nil).count == 2)
  }

  @Test("photos.tag counts each photo once, however its ids are written, and again when re-tagged")
  func tagCountsEachPhotoOnce() async throws {
    let path = try harness.add("beach.jpg", "abc")
    _ = try await harness.run("photos.find")  // indexes the library
    let ids: [Value] = [.text(abcHash), .text(abcHash.uppercased()), .text(path), .text(abcHash)]
    let first = try await harness.run("photos.tag", ["photos": .list(ids), "tag": .text("Sea")])
    #expect(first.output == .integer(1))
    let again = try await harness.run("photos.tag", ["photos": .list(ids), "tag": .text("Sea")])
    #expect(again.output == .integer(1))
    #expect(try harness.store.tags() == ["Sea"])
  }

  @Test("photos.tag by a path the index has not seen fails, naming it, and tags nothing")
  func tagUnknownPath() async throws {
    let path = try harness.add("beach.jpg", "abc")
    _ = try await harness.run("photos.find")  // indexes the library
    let unseen = try harness.add("new.jpg", "not indexed yet")
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        "photos.tag",
        ["photos": .list([.text(path), .text(unseen), .text("nope.jpg")]), "tag": .text("Gone")])
    }
    #expect(error.code == .failed)
    #expect(
      error.message
        == "step 'photos.tag' (photos.tag) failed: '\(unseen)', 'nope.jpg' are not paths of "
        + "photos in the library's index; give photos from photos.find, their ids (the "
        + "content's SHA-256), or the absolute paths photos.find shows; nothing was tagged")
    #expect(try harness.store.tags().isEmpty)
  }

  @Test(
    "paths that JSON must escape are found and tagged as written",
    arguments: [
      #"/p/say "cheese".jpg"#, #"/p/back\slash.jpg"#, "/p/two\nlines.jpg", "/p/tab\there.jpg",
      "/p/bell\u{07}.jpg", "/p/unit\u{1F}.jpg", "/p/café ☀️.jpg",
      // A file name that is not UTF-8 (Latin-1 "caf\xE9"): its byte as a raw-byte scalar.
      "/p/caf\u{10FFE9}.jpg",
    ])
  func escapedPaths(path: String) throws {
    try harness.store.index(path: path, hash: abcHash, taken: Date())
    let found = try harness.store.photos(ids: [path])
    #expect(found.map(\.path) == [path])
    #expect(try harness.store.tag(ids: [path], with: "Odd") == 1)
    #expect(try harness.store.photos(ids: [abcHash]).map(\.tags) == [["Odd"]])
  }

  @Test("photos.tag orders many ids as the index does: each one is found by its tag afterwards")
  func tagManyIDs() async throws {
    let ids = (0..<500).map { index in
      Digest.sha256(Array("photo \(index)".utf8)).map { String(format: "%02x", $0) }.joined()
    }
    let tagged = try harness.store.tag(ids: ids.reversed() + ids, with: "Bulk")
    #expect(tagged == 500)
    for id in ids.prefix(20) {
      try harness.store.index(path: "/p/\(id).jpg", hash: id, taken: Date())
    }
    let found = try harness.store.photos(ids: Array(ids.prefix(20)))
    #expect(found.map(\.tags) == Array(repeating: ["Bulk"], count: 20))
  }

  @Test("photos.tag rejects an entity of another type, naming it")
  func tagRejectsOtherEntities() async throws {
    let notes = try NoteStore.inMemory()
    let note = try notes.create(body: "Shopping", tag: "Quick")
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        "photos.tag", ["photos": .list([.entity(AnyEntity(note))]), "tag": .text("x")])
    }
    #expect(error.code == .unsupported)
    #expect(
      error.message
        == "step 'photos.tag': 'photos' is unsupported: item 1: 'Shopping' is a Note, not a Photo")
  }

  @Test("photos.upload copies the photo chunk by chunk, reporting progress")
  func upload() async throws {
    let harness = try PhotoHarness(chunkSize: 4)
    try harness.add("beach.jpg", "0123456789")
    let target = harness.folder.path("out")
    let result = try await harness.run(
      "photos.upload", ["photo": .text("beach.jpg"), "to": .text(target)])
    #expect(result.output == .text(target + "/beach.jpg"))
    #expect(result.dialog == "Upload complete!")
    #expect(try String(contentsOfFile: target + "/beach.jpg", encoding: .utf8) == "0123456789")
    #expect(!FileManager.default.fileExists(atPath: target + "/beach.jpg.part"))
    #expect(harness.reports.value.map(\.completed) == [1, 2, 3])
    #expect(harness.reports.value.map(\.total) == [3, 3, 3])
  }
}

@Suite("photos.upload: cancelled")
struct UploadCancellationTests {
  /// Starts an upload that stops after its first chunk until it is cancelled; `cancel` ends
  /// it with the reason under test. Returns the error and the progress messages.
  func cancelledUpload(
    reason: CancellationReason, timesOut: Bool
  ) async throws -> (error: IntentFlowError, messages: [String], partial: Bool, final: Bool) {
    let firstChunk = Observed(false)
    let harness = try PhotoHarness(chunkSize: 4) { chunk in
      guard chunk == 1 else { return }
      firstChunk.update { $0 = true }
      // Holds the upload half-way until the run cancels it.
      _ = await Observed(false).wait(deadline: .seconds(60)) { $0 }
    }
    try harness.add("beach.jpg", "0123456789")
    let target = harness.folder.path("out")
    var options = IntentInvocation.Options()
    options.cancellationReason = { reason }
    if timesOut {
      options.timeout = .seconds(30)
      options.sleep = { _ in _ = await firstChunk.wait { $0 } }
    } else {
      options.timeout = nil
    }
    let run = Task {
      try await harness.run(
        "photos.upload", ["photo": .text("beach.jpg"), "to": .text(target)], options: options)
    }
    if !timesOut {
      _ = await firstChunk.wait { $0 }
      run.cancel()
    }
    let error = try await #require(throws: IntentFlowError.self) { try await run.value }
    let messages = harness.reports.value.compactMap(\.message).filter { $0 != "beach.jpg" }
    let fileManager = FileManager.default
    return (
      error, messages, fileManager.fileExists(atPath: target + "/beach.jpg.part"),
      fileManager.fileExists(atPath: target + "/beach.jpg")
    )
  }

  @Test("on a timeout the partial copy is removed and onCancel is told it timed out")
  func timeout() async throws {
    let outcome = try await cancelledUpload(reason: .stopped("unused"), timesOut: true)
    #expect(outcome.error.code == .timedOut)
    #expect(
      outcome.messages == [
        "upload of beach.jpg stopped (the step ran longer than its 30s timeout); "
          + "removed the partial copy"
      ])
    #expect(!outcome.partial && !outcome.final)
  }

  @Test("on SIGTERM the partial copy is removed and onCancel is told which signal")
  func signal() async throws {
    let outcome = try await cancelledUpload(reason: .signal(15), timesOut: false)
    #expect(outcome.error.code == .cancelled)
    #expect(outcome.error.message == "step 'photos.upload' was cancelled: the run received SIGTERM")
    #expect(
      outcome.messages == [
        "upload of beach.jpg stopped (the run received SIGTERM); removed the partial copy"
      ])
    #expect(!outcome.partial && !outcome.final)
  }

  @Test("on Ctrl-C (SIGINT) the partial copy is removed and onCancel is told so")
  func interrupt() async throws {
    let outcome = try await cancelledUpload(reason: .signal(2), timesOut: false)
    #expect(
      outcome.messages == [
        "upload of beach.jpg stopped (the run received SIGINT); removed the partial copy"
      ])
    #expect(!outcome.partial && !outcome.final)
  }

  @Test("a copy whose chunks never suspend still stops when the run is cancelled half-way")
  func cancelledWithoutSuspending() async throws {
    // The live store's hook does not suspend: the copy itself must give the run a chance to
    // stop it. Here the hook cancels the run after the first chunk and returns at once.
    let run = Mutex<Task<IntentInvocation.Result, any Error>?>(nil)
    let started = Observed(false)
    let harness = try PhotoHarness(chunkSize: 4) { chunk in
      if chunk == 1 { run.withLock { $0?.cancel() } }
    }
    try harness.add("beach.jpg", "0123456789")
    let target = harness.folder.path("out")
    var options = IntentInvocation.Options()
    options.cancellationReason = { .signal(15) }
    options.timeout = nil
    let task = Task {
      _ = await started.wait { $0 }
      return try await harness.run(
        "photos.upload", ["photo": .text("beach.jpg"), "to": .text(target)], options: options)
    }
    run.withLock { $0 = task }
    started.update { $0 = true }
    let error = try await #require(throws: IntentFlowError.self) { try await task.value }
    #expect(error.code == .cancelled)
    #expect(error.message == "step 'photos.upload' was cancelled: the run received SIGTERM")
    #expect(!FileManager.default.fileExists(atPath: target + "/beach.jpg"))
    #expect(!FileManager.default.fileExists(atPath: target + "/beach.jpg.part"))
  }

  @Test("when the run is stopped the partial copy is removed and onCancel is told why")
  func stopped() async throws {
    let outcome = try await cancelledUpload(
      reason: .stopped("the run was cancelled"), timesOut: false)
    #expect(
      outcome.messages == [
        "upload of beach.jpg stopped (the run was cancelled); removed the partial copy"
      ])
    #expect(!outcome.partial && !outcome.final)
  }
}

@Suite("photos.show: a union value")
struct ShowPhotosTests {
  let harness: PhotoHarness

  init() throws {
    harness = try PhotoHarness()
    try harness.add("colosseum.jpg", "colosseum", album: "Rome")
    try harness.add("forum.jpg", "forum", album: "Rome")
    try harness.add("beach.jpg", "abc")
  }

  @Test("a bare album name picks the album case")
  func album() async throws {
    let result = try await harness.run("photos.show", ["content": .text("rome")])
    #expect(result.output.photos.map(\.name).sorted() == ["colosseum.jpg", "forum.jpg"])
    #expect(result.dialog == "Showing 2 photos from the album Rome.")
  }

  @Test("a bare tag name picks the tag case; tag: says so outright")
  func tag() async throws {
    _ = try harness.store.tag(ids: [abcHash], with: "Sea")
    let bare = try await harness.run("photos.show", ["content": .text("Sea")])
    #expect(bare.output.photos.map(\.name) == ["beach.jpg"])
    #expect(bare.dialog == "Showing 1 photo tagged Sea.")
    let explicit = try await harness.run("photos.show", ["content": .text("tag: Sea")])
    #expect(explicit.output.photos.map(\.name) == ["beach.jpg"])
  }

  @Test("a name that is both an album and a tag asks which")
  func ambiguous() async throws {
    _ = try harness.store.tag(ids: [abcHash], with: "Rome")
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("photos.show", ["content": .text("Rome")])
    }
    #expect(error.code == .disambiguation)
    #expect(error.candidates.map(\.textDescription) == ["album Rome", "tag Rome"])
  }

  @Test("the parameter's type lists the union's cases")
  func cases() throws {
    let parameter = try #require(
      StandardIntents.registry.intent("photos.show")?.parameters.first)
    let cases = try #require(parameter.type.entityType?.unionCases)
    #expect(cases.map(\.name) == ["album", "tag"])
    #expect(cases.map(\.title) == ["Photo Album", "Tag"])
  }
}
