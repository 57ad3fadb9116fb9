import Foundation
import IntentKit
import StandardIntents
import TestSupport
import Testing

@testable import DataIntents

@Suite("files.rename, files.move, files.copy and files.makeFolder")
struct TransferTests {
  let harness: SystemHarness

  init() throws {
    harness = try SystemHarness()
    try harness.write("photo.jpeg", "jpeg")
    try harness.write("other.jpg", "other")
  }

  @Test("rename gives a new name in the same folder and returns the renamed file")
  func rename() async throws {
    let result = try await harness.run(
      "files.rename", ["file": .text("photo.jpeg"), "name": .text("photo.jpg")])
    #expect(result.output.file?.path == harness.path("photo.jpg"))
    #expect(harness.names() == ["other.jpg", "photo.jpg"])
  }

  @Test("a taken name fails unless overwrite")
  func taken() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        "files.rename", ["file": .text("photo.jpeg"), "name": .text("other.jpg")])
    }
    #expect(
      error.message.hasSuffix(
        "'\(harness.path("other.jpg"))' already exists; set \"overwrite\": true to replace it"))
    #expect(harness.read("other.jpg") == "other")
    _ = try await harness.run(
      "files.rename",
      ["file": .text("photo.jpeg"), "name": .text("other.jpg"), "overwrite": .boolean(true)])
    #expect(harness.names() == ["other.jpg"])
    #expect(harness.read("other.jpg") == "jpeg")
  }

  @Test("a name with a slash is not a name")
  func badName() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("files.rename", ["file": .text("photo.jpeg"), "name": .text("a/b")])
    }
    #expect(error.code == .unsupported)
    #expect(
      error.message.hasSuffix("'a/b' is not a file name; to put the file elsewhere use files.move"))
  }

  @Test("move puts a file into an existing folder, or at a new path")
  func move() async throws {
    _ = try await harness.run("files.makeFolder", ["path": .text("archive/2026")])
    let into = try await harness.run(
      "files.move", ["file": .text("photo.jpeg"), "to": .text("archive/2026")])
    #expect(into.output.file?.path == harness.path("archive/2026/photo.jpeg"))
    let renamed = try await harness.run(
      "files.move", ["file": .text("other.jpg"), "to": .text("archive/moved.jpg")])
    #expect(renamed.output.file?.name == "moved.jpg")
    #expect(harness.names() == ["archive"])
    #expect(harness.names(in: "archive") == ["2026", "moved.jpg"])
  }

  @Test("copy copies a folder with its content and keeps the original")
  func copy() async throws {
    try harness.write("album/one.jpg", "1")
    try harness.write("album/inner/two.jpg", "2")
    let result = try await harness.run(
      "files.copy", ["file": .text("album"), "to": .text("backup")])
    #expect(result.output.file?.isDirectory == true)
    #expect(harness.read("backup/inner/two.jpg") == "2")
    #expect(harness.read("album/one.jpg") == "1")
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("files.copy", ["file": .text("album"), "to": .text("album/inner")])
    }
    #expect(error.message.contains("into itself"))
  }

  @Test("makeFolder makes parents, is fine when the folder exists, refuses a file")
  func makeFolder() async throws {
    let first = try await harness.run("files.makeFolder", ["path": .text("a/b/c")])
    #expect(first.output.file?.isDirectory == true)
    _ = try await harness.run("files.makeFolder", ["path": .text("a/b/c")])
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("files.makeFolder", ["path": .text("photo.jpeg")])
    }
    #expect(
      error.message.hasSuffix("'\(harness.path("photo.jpeg"))' exists and is a file, not a folder"))
  }

  @Test(
    "moving or copying a file onto itself through a linked folder refuses and touches nothing",
    arguments: ["files.move", "files.copy"])
  func sameFileThroughLink(intent: String) async throws {
    try harness.write("d/f.txt", "keep me")
    #expect(symlink("d", harness.path("lnkdir")) == 0)
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        IntentIdentifier(intent),
        ["file": .text("lnkdir/f.txt"), "to": .text("d"), "overwrite": .boolean(true)])
    }
    let verb = intent == "files.move" ? "moved" : "copied"
    #expect(
      error.message.hasSuffix(
        "'\(harness.path("lnkdir/f.txt"))' and '\(harness.path("d/f.txt"))' are the same file; "
          + "nothing was \(verb)"))
    #expect(harness.read("d/f.txt") == "keep me")
    #expect(harness.names(in: "d") == ["f.txt"])
  }

  @Test("a hard link is the same file too")
  func sameFileHardLink() async throws {
    try harness.write("a.txt", "keep me")
    #expect(link(harness.path("a.txt"), harness.path("b.txt")) == 0)
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        "files.move", ["file": .text("a.txt"), "to": .text("b.txt"), "overwrite": .boolean(true)])
    }
    #expect(error.message.contains("are the same file"))
    #expect(harness.read("a.txt") == "keep me")
    #expect(harness.read("b.txt") == "keep me")
  }

  @Test("copying a folder into a link that points inside it refuses before writing anything")
  func copyIntoItselfThroughLink() async throws {
    try harness.write("album/inner/two.jpg", "2")
    #expect(symlink("album/inner", harness.path("lnk")) == 0)
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("files.copy", ["file": .text("album"), "to": .text("lnk")])
    }
    #expect(
      error.message.hasSuffix(
        "cannot copy the folder '\(harness.path("album"))' into itself "
          + "('\(harness.path("lnk/album"))')"))
    #expect(harness.names(in: "album/inner") == ["two.jpg"])
  }

  @Test("copy and makeFolder reach names that are not UTF-8; a copy keeps permissions and links")
  func latin1Names() async throws {
    let folder: [UInt8] = Array("alb".utf8) + [0xFC] + Array("m".utf8)  // "albüm" in Latin-1
    let file: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".txt".utf8)
    let top = RawFileNames.path(harness.directory, folder)
    #expect(mkdir(top.map { CChar(bitPattern: $0) } + [0], 0o755) == 0)
    #expect(RawFileNames.create(top + [0x2F] + file, "latin-1"))
    let topFile = try #require(
      try await harness.run("files.list", ["pattern": .text("alb*")]).output.files.first)
    _ = try await harness.run(
      "files.makeFolder", ["path": .text(topFile.path + "/inner/deeper")])
    #expect(RawFileNames.names(in: harness.directory).contains(folder))
    let copied = try await harness.run(
      "files.copy", ["file": .text(topFile.path), "to": .text("backup")])
    #expect(copied.output.file?.isDirectory == true)
    #expect(RawFileNames.names(in: harness.path("backup")) == [file, Array("inner".utf8)])
    #expect(
      RawFileNames.contents(RawFileNames.path(harness.path("backup"), file)) == "latin-1")
    #expect(RawFileNames.names(in: harness.path("backup/inner")) == [Array("deeper".utf8)])
  }

  @Test("a copy keeps the file's permissions and links as links")
  func copyKeepsModeAndLinks() async throws {
    try harness.write("src/run.sh", "echo hi")
    #expect(chmod(harness.path("src/run.sh"), 0o750) == 0)
    #expect(symlink("run.sh", harness.path("src/link")) == 0)
    _ = try await harness.run("files.copy", ["file": .text("src"), "to": .text("dst")])
    var info = stat()
    #expect(stat(harness.path("dst/run.sh"), &info) == 0)
    #expect(info.st_mode & 0o777 == 0o750)
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(atPath: harness.path("dst/link")))
        == "run.sh")
    #expect(harness.read("dst/run.sh") == "echo hi")
  }
}
