import Foundation
import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("files.read and files.write")
struct ReadWriteTests {
  let harness: SystemHarness

  init() throws {
    harness = try SystemHarness()
  }

  @Test("a file that is not UTF-8 fails clearly")
  func binary() async throws {
    try Data([0x66, 0xff, 0xfe, 0x00]).write(to: URL(fileURLWithPath: harness.path("blob.bin")))
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("files.read", ["file": .text("blob.bin")])
    }
    #expect(error.code == .failed)
    #expect(
      error.message.hasSuffix(
        "'\(harness.path("blob.bin"))' is not UTF-8 text (it may be binary or in another encoding); convert it first, for example with iconv"
      ))
  }

  @Test("a folder cannot be read")
  func folder() async throws {
    try harness.write("sub/a.txt", "")
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("files.read", ["file": .text("sub")])
    }
    #expect(error.code == .unsupported)
  }

  @Test("overwrite replaces the file atomically, keeps its permissions, leaves no temporary file")
  func overwrite() async throws {
    let path = try harness.write("out.txt", "old")
    chmod(path, 0o640)
    let result = try await harness.run(
      "files.write", ["text": .text("new"), "path": .text("out.txt")])
    #expect(result.output.file?.path == path)
    #expect(result.output.file?.size == 3)
    #expect(harness.read("out.txt") == "new")
    #expect(harness.names() == ["out.txt"])
    var info = stat()
    stat(path, &info)
    #expect(info.st_mode & 0o777 == 0o640)
  }

  @Test("overwrite replaces a symbolic link, never writing through it")
  func linkReplaced() async throws {
    let target = try harness.write("target.txt", "keep")
    try FileManager.default.createSymbolicLink(
      atPath: harness.path("link.txt"), withDestinationPath: target)
    _ = try await harness.run("files.write", ["text": .text("new"), "path": .text("link.txt")])
    #expect(harness.read("target.txt") == "keep")
    #expect(harness.read("link.txt") == "new")
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(atPath: harness.path("link.txt"))) == nil)
  }

  @Test("append adds to the end; create refuses an existing file")
  func appendAndCreate() async throws {
    try harness.write("log.txt", "one\n")
    _ = try await harness.run(
      "files.write", ["text": .text("two\n"), "path": .text("log.txt"), "mode": .text("append")])
    #expect(harness.read("log.txt") == "one\ntwo\n")
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        "files.write", ["text": .text("x"), "path": .text("log.txt"), "mode": .text("create")])
    }
    #expect(
      error.message.hasSuffix(
        "'\(harness.path("log.txt"))' already exists; use mode 'overwrite' to replace it or "
          + "'append' to add to it"))
    _ = try await harness.run(
      "files.write", ["text": .text("x"), "path": .text("fresh.txt"), "mode": .text("create")])
    #expect(harness.read("fresh.txt") == "x")
  }

  @Test("an unknown mode is unsupported, and a missing folder is named")
  func badInput() async throws {
    let mode = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        "files.write", ["text": .text("x"), "path": .text("a.txt"), "mode": .text("replace")])
    }
    #expect(mode.code == .unsupported)
    #expect(mode.message.hasSuffix("'replace' is not a mode; use overwrite, append or create"))
    let folder = try await #require(throws: IntentFlowError.self) {
      try await harness.run("files.write", ["text": .text("x"), "path": .text("no/a.txt")])
    }
    #expect(
      folder.message.hasSuffix(
        "the folder '\(harness.path("no"))' does not exist; create it first with files.makeFolder"))
  }

  @Test("reading a named pipe says it is not a regular file, without waiting for a writer")
  func fifo() async throws {
    #expect(mkfifo(harness.path("pipe"), 0o600) == 0)
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("files.read", ["file": .text("pipe")])
    }
    #expect(
      error.message.hasSuffix(
        "cannot read '\(harness.path("pipe"))': it is a named pipe (FIFO), not a regular file; "
          + "files.read reads files"))
  }

  @Test("overwrite replaces a file whose name is 255 bytes, the longest there is")
  func longName() async throws {
    let name = String(repeating: "n", count: 251) + ".txt"
    try harness.write(name, "old")
    _ = try await harness.run("files.write", ["text": .text("new"), "path": .text(name)])
    #expect(harness.read(name) == "new")
    #expect(harness.names() == [name])
  }
}
