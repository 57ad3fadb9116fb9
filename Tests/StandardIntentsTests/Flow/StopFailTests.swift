import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("flow.stop and flow.fail")
struct StopFailTests {
  let harness: SystemHarness

  init() throws {
    harness = try SystemHarness()
  }

  @Test("flow.stop hands the executor its output through WorkflowStop")
  func stop() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("flow.stop", ["output": .text("done early")])
    }
    let stop = try #require(error.underlying as? WorkflowStop)
    #expect(stop.output == .text("done early"))
  }

  @Test("flow.fail fails with exactly the message")
  func fail() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("flow.fail", ["message": .text("the disk is 95% full")])
    }
    #expect(error.code == .failed)
    #expect(error.message == "the disk is 95% full")
    #expect(error.step == "flow.fail")
  }
}
