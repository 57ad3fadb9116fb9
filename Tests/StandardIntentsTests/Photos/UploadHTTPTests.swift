import Foundation
import IntentKit
import StandardIntents
import TestSupport
import Testing

@testable import DataIntents

@Suite("photos.upload to an HTTP URL")
struct UploadHTTPTests {
  let harness: PhotoHarness
  let server: UploadServer

  init() async throws {
    harness = try PhotoHarness(chunkSize: 4)
    server = try await UploadServer()
  }

  @Test("the photo is PUT under its name in chunks and arrives intact; credentials are not shown")
  func success() async throws {
    try harness.add("beach day.jpg", "0123456789")
    let result = try await harness.run(
      "photos.upload",
      [
        "photo": .text("beach day.jpg"),
        "to": .text(server.url("/ok?token=1", user: "ada:secret")),
      ])
    #expect(result.output == .text(server.url("/ok/beach%20day.jpg?token=1", user: "***")))
    #expect(result.dialog == "Upload complete!")
    let digest = Digest.sha256(Array("0123456789".utf8)).map { String(format: "%02x", $0) }
      .joined()
    // The server saw the user and password (as Basic authentication), and every byte.
    #expect(
      await server.event(startingWith: "stored")
        == "stored /ok/beach%20day.jpg?token=1 \(digest) 10 Basic YWRhOnNlY3JldA==")
    #expect(harness.reports.value.map(\.completed) == [1, 2, 3])
    #expect(harness.reports.value.map(\.total) == [3, 3, 3])
  }

  @Test("a status that is not 2xx fails, naming the URL (without its password) and the status")
  func serverError() async throws {
    try harness.add("beach.jpg", "0123456789")
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        "photos.upload",
        ["photo": .text("beach.jpg"), "to": .text(server.url("/status/507", user: "ada:secret"))]
      )
    }
    #expect(error.code == .failed)
    #expect(
      error.message.hasSuffix(
        "PUT '\(server.url("/status/507/beach.jpg", user: "***"))' answered 507: disk full; "
          + "check the URL and that the server accepts uploads there"))
    #expect(!error.message.contains("secret"))
  }

  @Test("an unreachable server fails, naming the URL")
  func unreachable() async throws {
    try harness.add("beach.jpg", "0123456789")
    // Port 9 (discard) on the loopback: nothing listens there.
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        "photos.upload",
        ["photo": .text("beach.jpg"), "to": .text("http://user:pw@127.0.0.1:9/up")])
    }
    #expect(error.code == .failed)
    #expect(error.message.contains("could not upload beach.jpg to 'http://***@127.0.0.1:9/up/"))
    #expect(!error.message.contains("pw@"))
  }

  @Test("a photo whose file is gone fails before anything is sent")
  func missingFile() async throws {
    let path = try harness.add("beach.jpg", "0123456789")
    let photo = try #require(try await harness.run("photos.find").output.photos.first)
    try FileManager.default.removeItem(atPath: path)
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        "photos.upload", ["photo": .text(photo.id), "to": .text(server.url("/ok"))])
    }
    #expect(error.message.hasSuffix("cannot read '\(path)'; was the photo moved or deleted?"))
    #expect(server.events.value.isEmpty)
  }

  /// Uploads to a server that stalls after the first chunk, then cancels the run with `reason`
  /// (or lets the step time out). Returns the error and the progress messages.
  func cancelledUpload(
    reason: CancellationReason, timesOut: Bool
  ) async throws -> (error: IntentFlowError, messages: [String]) {
    try harness.add("beach.jpg", "0123456789")
    var options = IntentInvocation.Options()
    options.cancellationReason = { reason }
    let server = self.server
    if timesOut {
      options.timeout = .seconds(30)
      options.sleep = { _ in _ = await server.event(startingWith: "stalled") }
    } else {
      options.timeout = nil
    }
    let harness = self.harness
    let run = Task {
      try await harness.run(
        "photos.upload", ["photo": .text("beach.jpg"), "to": .text(server.url("/stall"))],
        options: options)
    }
    if !timesOut {
      #expect(await server.event(startingWith: "stalled") == "stalled /stall/beach.jpg")
      run.cancel()
    }
    let error = try await #require(throws: IntentFlowError.self) { try await run.value }
    // The server reports the DELETE before it answers; the report may reach this process
    // after the answer did.
    #expect(await server.event(startingWith: "deleted") == "deleted /stall/beach.jpg")
    #expect(!server.events.value.contains { $0.hasPrefix("stored") })
    let messages = harness.reports.value.compactMap(\.message).filter { $0 != "beach.jpg" }
    return (error, messages)
  }

  @Test("on a timeout the transfer is aborted, the target deleted, and onCancel told so")
  func timeout() async throws {
    let outcome = try await cancelledUpload(reason: .stopped("unused"), timesOut: true)
    #expect(outcome.error.code == .timedOut)
    #expect(
      outcome.messages == [
        "upload of beach.jpg stopped (the step ran longer than its 30s timeout); "
          + "the server removed the partial upload"
      ])
  }

  @Test("on SIGTERM the transfer is aborted, the target deleted, and onCancel told which signal")
  func terminate() async throws {
    let outcome = try await cancelledUpload(reason: .signal(15), timesOut: false)
    #expect(outcome.error.code == .cancelled)
    #expect(outcome.error.message == "step 'photos.upload' was cancelled: the run received SIGTERM")
    #expect(
      outcome.messages == [
        "upload of beach.jpg stopped (the run received SIGTERM); "
          + "the server removed the partial upload"
      ])
  }

  @Test("on Ctrl-C (SIGINT) the transfer is aborted and the target deleted")
  func interrupt() async throws {
    let outcome = try await cancelledUpload(reason: .signal(2), timesOut: false)
    #expect(
      outcome.messages == [
        "upload of beach.jpg stopped (the run received SIGINT); "
          + "the server removed the partial upload"
      ])
  }

  @Test("when the run is stopped the transfer is aborted, and onCancel is told why")
  func stopped() async throws {
    let outcome = try await cancelledUpload(
      reason: .stopped("the run was cancelled"), timesOut: false)
    #expect(
      outcome.messages == [
        "upload of beach.jpg stopped (the run was cancelled); the server removed the partial upload"
      ])
  }
}
