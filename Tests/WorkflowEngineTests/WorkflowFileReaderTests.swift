import Foundation
import IntentKit
import TestSupport
import Testing
import WorkflowEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The diagnostics of loading the file at `path`, as printed, and whether an excerpt of the
/// file's text could be shown with them.
private func load(_ path: String) -> (messages: [String], hasExcerpt: Bool) {
  do {
    _ = try Harness.loader.load(path: path)
    return ([], false)
  } catch {
    return (error.diagnostics.map(\.description), !error.sources.isEmpty)
  }
}

/// Issue 7: a workflow path may lead to a device, a FIFO, a secret or a huge file.
@Suite("Reading workflow files with bounds")
struct WorkflowFileReaderTests {
  @Test(
    "devices are refused without being opened",
    arguments: ["/dev/zero", "/dev/urandom", "/dev/null"])
  func devices(path: String) {
    #expect(
      load(path).messages == [
        "error: cannot read workflow '\(path)': it is a character device, not a workflow file"
      ])
  }

  @Test("a FIFO is refused without being opened (an open would wait for a writer forever)")
  func fifo() throws {
    let directory = try WorkflowDirectory()
    let path = directory.path("pipe.json")
    #expect(mkfifo(path, 0o600) == 0)
    #expect(
      load(path).messages == [
        "error: cannot read workflow '\(path)': it is a named pipe (FIFO), not a workflow file"
      ])
  }

  @Test("a symbolic link to /dev/zero is refused like /dev/zero")
  func symlinkToDevice() throws {
    let directory = try WorkflowDirectory()
    let path = directory.path("zero.json")
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
    #expect(
      load(path).messages == [
        "error: cannot read workflow '\(path)': it is a character device, not a workflow file"
      ])
  }

  @Test("a symbolic link to a workflow file is read")
  func symlinkToWorkflow() throws {
    let directory = try WorkflowDirectory()
    let target = try directory.write(
      "real.json", #"{"name": "real", "steps": [{"intent": "test.nothing"}]}"#)
    let path = directory.path("link.json")
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    #expect(load(path).messages == [])
  }

  @Test("a file above the limit is refused before it is read; one at the limit is read")
  func sizeLimit() throws {
    let directory = try WorkflowDirectory()
    let path = try directory.write("big.json", String(repeating: " ", count: 101))
    #expect(throws: WorkflowFileReader.Failure.self) {
      try WorkflowFileReader.read(path, limit: 100)
    }
    do {
      _ = try WorkflowFileReader.read(path, limit: 100)
    } catch {
      #expect(
        error.description
          == "it is larger than the 100-byte limit for a workflow file; raise the limit with "
          + "INTENTFLOW_MAX_WORKFLOW_BYTES=BYTES if it really is one")
    }
    #expect(try WorkflowFileReader.read(path, limit: 101).count == 101)
  }

  @Test("a /proc file, whose size reads as 0, is still read only up to the limit")
  func procFileIsBounded() throws {
    let path = "/proc/self/environ"
    guard FileManager.default.fileExists(atPath: path) else { return }
    #expect(throws: WorkflowFileReader.Failure.self) {
      try WorkflowFileReader.read(path, limit: 4)
    }
  }

  @Test(
    "a file that is not a workflow is reported without quoting any of it",
    arguments: ["/etc/passwd", "/proc/self/environ"])
  func secretsAreNotEchoed(path: String) throws {
    guard FileManager.default.fileExists(atPath: path) else { return }
    let firstLine =
      try String(decoding: WorkflowFileReader.read(path, limit: 1 << 20), as: UTF8.self)
      .split(whereSeparator: { $0 == "\n" || $0 == "\0" }).first.map(String.init) ?? ""
    let (messages, hasExcerpt) = load(path)
    #expect(
      messages == [
        "\(path):1:1: error: not a workflow file: a workflow is a JSON object, starting with "
          + "'{'; check that this is the file you meant"
      ])
    #expect(!hasExcerpt)
    let word = String(firstLine.prefix(4))
    #expect(!word.isEmpty && !messages.joined().contains(word))
  }

  @Test("an empty file, or one of white space, is not a workflow")
  func emptyFile() {
    #expect(
      Harness.diagnostics(" \n\t\r\n ") == [
        "test.json:1:1: error: not a workflow file: it is empty; a workflow is a JSON object, "
          + "starting with '{'"
      ])
    #expect(
      Harness.diagnostics("\n  [1, 2]") == [
        "test.json:2:3: error: a workflow file must hold a JSON object, not a list"
      ])
    #expect(
      Harness.diagnostics("\n  true") == [
        "test.json:2:3: error: not a workflow file: a workflow is a JSON object, starting with "
          + "'{'; check that this is the file you meant"
      ])
  }

  @Test("a workflow step that names a device or a FIFO is refused at the step")
  func workflowStepToDevice() throws {
    let directory = try WorkflowDirectory()
    #expect(mkfifo(directory.path("pipe.json"), 0o600) == 0)
    let parent = try directory.write(
      "parent.json",
      """
      {
        "name": "parent",
        "steps": [{ "workflow": "/dev/zero" }, { "workflow": "pipe.json" }]
      }
      """)
    let messages = load(parent).messages.map {
      $0.replacingOccurrences(of: directory.url.path, with: "DIR")
    }
    #expect(
      messages == [
        "DIR/parent.json:3:27: error: cannot read workflow '/dev/zero': it is a character "
          + "device, not a workflow file",
        "DIR/parent.json:3:56: error: cannot read workflow 'pipe.json': it is a named pipe "
          + "(FIFO), not a workflow file",
      ])
  }

  @Test("the limit comes from INTENTFLOW_MAX_WORKFLOW_BYTES, else 16 MiB")
  func limitFromEnvironment() {
    #expect(WorkflowFileReader.limit(environment: [:]) == 16_777_216)
    #expect(WorkflowFileReader.limit(environment: ["INTENTFLOW_MAX_WORKFLOW_BYTES": "100"]) == 100)
    #expect(
      WorkflowFileReader.limit(environment: ["INTENTFLOW_MAX_WORKFLOW_BYTES": "lots"])
        == 16_777_216)
    #expect(
      WorkflowFileReader.limit(environment: ["INTENTFLOW_MAX_WORKFLOW_BYTES": "-1"]) == 16_777_216)
  }
}
