import Foundation
import IntentKit
import StandardIntents
import TestSupport
import Testing

@testable import DataIntents

@Suite("files.archive")
struct ArchiveFilesTests {
  let harness: SystemHarness

  init() throws {
    harness = try SystemHarness()
  }

  @Test("tar -xzf extracts the archive: folders with their content, files, links, long names")
  func roundTrip() async throws {
    let long = String(repeating: "n", count: 120) + ".txt"
    try harness.write("project/readme.md", "# Hello\n")
    try harness.write("project/src/main.swift", String(repeating: "print(1)\n", count: 5000))
    try harness.write("project/src/\(long)", "long name")
    try harness.write("notes.txt", "ünïcödé\n")
    try FileManager.default.createSymbolicLink(
      atPath: harness.path("project/link"), withDestinationPath: "readme.md")
    let result = try await harness.run(
      "files.archive",
      ["files": .list([.text("project"), .text("notes.txt")]), "to": .text("backup.tar.gz")])
    #expect(result.output.file?.name == "backup.tar.gz")
    #expect(result.dialog == "Archived 7 entries in 'backup.tar.gz'.")

    try FileManager.default.createDirectory(
      atPath: harness.path("out"), withIntermediateDirectories: false)
    let extracted = try await runTool(
      ["tar", "-xzf", "../backup.tar.gz"], in: harness.path("out"))
    #expect(extracted.status == 0, "\(extracted.output)")
    #expect(harness.read("out/project/readme.md") == "# Hello\n")
    #expect(
      harness.read("out/project/src/main.swift") == String(repeating: "print(1)\n", count: 5000))
    #expect(harness.read("out/project/src/\(long)") == "long name")
    #expect(harness.read("out/notes.txt") == "ünïcödé\n")
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(atPath: harness.path("out/project/link")))
        == "readme.md")
    let listing = try await runTool(["tar", "-tzf", "backup.tar.gz"], in: harness.directory)
    #expect(
      listing.output.split(separator: "\n") == [
        "project/", "project/link", "project/readme.md", "project/src/",
        "project/src/main.swift", "project/src/\(long)", "notes.txt",
      ])
  }

  @Test("an archive inside the folder being archived leaves itself out")
  func selfExcluded() async throws {
    try harness.write("data/a.txt", "a")
    _ = try await harness.run(
      "files.archive", ["files": .text("data"), "to": .text("data/self.tar.gz")])
    let listing = try await runTool(["tar", "-tzf", "data/self.tar.gz"], in: harness.directory)
    #expect(listing.output == "data/\ndata/a.txt\n")
  }

  @Test("an existing archive is kept unless overwrite; two files of one name are refused")
  func badInput() async throws {
    try harness.write("a/x.txt", "1")
    try harness.write("b/x.txt", "2")
    try harness.write("old.tar.gz", "old")
    let exists = try await #require(throws: IntentFlowError.self) {
      try await harness.run("files.archive", ["files": .text("a"), "to": .text("old.tar.gz")])
    }
    #expect(exists.message.hasSuffix("already exists; set \"overwrite\": true to replace it"))
    #expect(harness.read("old.tar.gz") == "old")
    let clash = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        "files.archive",
        ["files": .list([.text("a/x.txt"), .text("b/x.txt")]), "to": .text("x.tar.gz")])
    }
    #expect(
      clash.message.hasSuffix(
        "two of the files are called 'x.txt'; an archive holds each name once"))
  }

  @Test("a name that is not UTF-8 is archived as its bytes, and tar extracts the same bytes")
  func latin1Name() async throws {
    try harness.write("data/plain.txt", "plain")
    let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".txt".utf8)
    #expect(RawFileNames.create(RawFileNames.path(harness.path("data"), name), "latin-1"))
    let result = try await harness.run(
      "files.archive", ["files": .text("data"), "to": .text("data.tar.gz")])
    #expect(result.dialog == "Archived 3 entries in 'data.tar.gz'.")
    try FileManager.default.createDirectory(
      atPath: harness.path("out"), withIntermediateDirectories: false)
    let extracted = try await runTool(["tar", "-xzf", "../data.tar.gz"], in: harness.path("out"))
    #expect(extracted.status == 0, "\(extracted.output)")
    #expect(RawFileNames.names(in: harness.path("out/data")) == [name, Array("plain.txt".utf8)])
    #expect(RawFileNames.contents(RawFileNames.path(harness.path("out/data"), name)) == "latin-1")
  }

  @Test("a named pipe inside a folder fails the step, naming it")
  func fifoRefused() async throws {
    try harness.write("data/a.txt", "a")
    #expect(mkfifo(harness.path("data/pipe"), 0o600) == 0)
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        "files.archive", ["files": .text("data"), "to": .text("data.tar.gz")])
    }
    #expect(
      error.message.hasSuffix(
        "cannot archive '\(harness.path("data/pipe"))': it is a named pipe (FIFO), which an "
          + "archive does not hold; move it out of the folder, or archive the files around it"))
    #expect(!harness.exists("data.tar.gz"))
  }
}
