import Foundation
import IntentKit
import StandardIntents
import TestSupport
import Testing

@testable import DataIntents

@Suite("files.list")
struct ListFilesTests {
  let harness: SystemHarness

  init() throws {
    harness = try SystemHarness()
    for name in ["b.txt", "a.jpeg", "C.md", ".hidden", "sub/inner.txt", "sub/deeper/x.txt"] {
      try harness.write(name, name)
    }
  }

  func names(_ arguments: [String: Value]) async throws -> [String] {
    try await harness.run("files.list", arguments).output.files.map(\.name)
  }

  @Test("lists the current directory by name, without hidden files")
  func flat() async throws {
    #expect(try await names([:]) == ["a.jpeg", "b.txt", "C.md", "sub"])
    #expect(try await names(["includeHidden": .boolean(true)]).first == ".hidden")
  }

  @Test("a pattern is a glob on names")
  func pattern() async throws {
    #expect(try await names(["pattern": .text("*.txt")]) == ["b.txt"])
    #expect(try await names(["pattern": .text("[ab]*")]) == ["a.jpeg", "b.txt"])
    #expect(try await names(["pattern": .text("?.md")]) == ["C.md"])
  }

  @Test("recursive lists everything below, each folder's content after it")
  func recursive() async throws {
    let files = try await harness.run(
      "files.list", ["folder": .text("sub"), "recursive": .boolean(true)]
    ).output.files
    #expect(
      files.map(\.path)
        == ["deeper", "deeper/x.txt", "inner.txt"].map { harness.path("sub/\($0)") })
    #expect(files.map(\.isDirectory) == [true, false, false])
  }

  @Test("a recursive listing lists a link to a folder but does not go into it")
  func symlinks() async throws {
    let outside = try TemporaryDirectory()
    try Data("secret".utf8).write(to: outside.url.appendingPathComponent("secret.txt"))
    try FileManager.default.createSymbolicLink(
      atPath: harness.path("sub/outside"), withDestinationPath: outside.url.path)
    let names = try await names(["folder": .text("sub"), "recursive": .boolean(true)])
    #expect(names == ["deeper", "x.txt", "inner.txt", "outside"])
  }

  @Test("a file is not a folder to list")
  func notAFolder() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("files.list", ["folder": .text("b.txt")])
    }
    #expect(error.code == .unsupported)
    #expect(
      error.message
        == "step 'files.list': 'folder' is unsupported: '\(harness.path("b.txt"))' is a file, "
        + "not a folder")
  }

  @Test("a name that is not UTF-8 is listed, and the listed File reaches, moves and deletes it")
  func latin1Name() async throws {
    let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".txt".utf8)
    #expect(RawFileNames.create(RawFileNames.path(harness.path("sub"), name), "latin-1"))
    let files = try await harness.run(
      "files.list", ["folder": .text("sub"), "pattern": .text("caf*")]
    ).output.files
    #expect(files.count == 1)
    let listed = try #require(files.first)
    #expect(listed.size == 7)
    let read = try await harness.run("files.read", ["file": .text(listed.path)])
    #expect(read.output == .text("latin-1"))
    _ = try await harness.run("files.move", ["file": .text(listed.path), "to": .text(".")])
    #expect(RawFileNames.contents(RawFileNames.path(harness.directory, name)) == "latin-1")
    let moved = try #require(
      try await harness.run("files.list", ["pattern": .text("caf*")]).output.files.first)
    let deleted = try await harness.run(
      "files.delete",
      ["files": .list([.text(moved.path)]), "confirmBeforeDeleting": .boolean(false)])
    #expect(deleted.output == .integer(1))
    #expect(!RawFileNames.names(in: harness.directory).contains(name))
  }
}
