import TestSupport
import Testing

@testable import IntentKit

/// Commits through the step's lease once the test opens the gate `release`, ignoring
/// cancellation until then, and records whether the commit went through.
private struct LateWriter: AppIntent {
  static let identifier: IntentIdentifier = "test.lateWriter"
  static let title = "Late Writer"

  @Dependency({ $0.probe }) var probe: Probe

  func perform() async throws -> IntentResult<String> {
    probe.record("started")
    await probe.wait(at: "release")
    do {
      try IntentContext.commit { probe.record("committed") }
    } catch {
      probe.record("refused: \((error as? IntentFlowError)?.message ?? "\(error)")")
    }
    return .result(value: "written")
  }
}

/// Winds down after cancellation: a few suspensions, then a last record.
private struct SlowToStop: AppIntent {
  static let identifier: IntentIdentifier = "test.slowToStop"
  static let title = "Slow to Stop"

  @Dependency({ $0.probe }) var probe: Probe

  func perform() async throws -> IntentResult<String> {
    do {
      try await untilCancelled()
    } catch {
      for _ in 0..<10 { await Task.yield() }
      probe.record("wound down")
      throw error
    }
    return .result(value: "slept")
  }
}

@Suite("A step's lease on app data")
struct StepLeaseTests {
  let harness = Harness()
  let refusal =
    "refused: the step ended (it timed out or was cancelled) before this change was saved; "
    + "nothing was changed"

  @Test("a running step commits")
  func commitsWhileRunning() async throws {
    harness.probe.open("release")
    let result = try await harness.run(LateWriter.self)
    #expect(result.output == .text("written"))
    #expect(harness.probe.events == ["started", "committed"])
  }

  @Test("a timed-out intent that goes on cannot commit after its step reported")
  func noCommitAfterTimeout() async throws {
    var options = instantTimeout()
    options.cancellationGrace = .zero
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(LateWriter.self, options: options)
    }
    #expect(error.code == .timedOut)
    harness.probe.open("release")
    #expect(await harness.probe.eventually(refusal))
    #expect(harness.probe.events == ["started", refusal])
  }

  @Test("a cancelled intent that goes on cannot commit after its step reported")
  func noCommitAfterCancellation() async throws {
    var options = IntentInvocation.Options()
    options.cancellationGrace = .zero
    let task = Task { try await harness.run(LateWriter.self, options: options) }
    #expect(await harness.probe.eventually("started"))
    task.cancel()
    let error = try #require(await settle(task)?.failure as? IntentFlowError)
    #expect(error.code == .cancelled)
    harness.probe.open("release")
    #expect(await harness.probe.eventually(refusal))
    #expect(!harness.probe.events.contains("committed"))
  }

  @Test("a timed-out intent that stops when cancelled is awaited before the step reports")
  func awaitedWithinGrace() async throws {
    // A grace far longer than winding down takes, so that a loaded machine cannot end it.
    var options = instantTimeout()
    options.cancellationGrace = .seconds(600)
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(SlowToStop.self, options: options)
    }
    #expect(error.code == .timedOut)
    #expect(harness.probe.events == ["wound down"])
  }

  @Test("outside a step a change simply commits")
  func commitsOutsideAStep() throws {
    #expect(try IntentContext.commit { 42 } == 42)
  }
}

@Suite("A lease's own view of its timeout")
struct StepLeaseDueTests {
  @Test("a lease past its due time ends in hasEnded, timed out, with no timer")
  func pastDue() {
    let lease = StepLease()
    lease.fallsDue(at: ContinuousClock.now - .seconds(1), limit: .seconds(7))
    #expect(lease.isLive)
    #expect(lease.hasEnded)
    #expect(!lease.isLive)
    guard case .timedOut(let limit)? = lease.decision else {
      Issue.record("decided \(String(describing: lease.decision))")
      return
    }
    #expect(limit == .seconds(7))
  }

  @Test("a lease before its due time, or with none, has not ended")
  func notDue() {
    let lease = StepLease()
    #expect(!lease.hasEnded)
    lease.fallsDue(at: ContinuousClock.now + .seconds(3600), limit: .seconds(3600))
    #expect(!lease.hasEnded)
    #expect(lease.isLive)
    #expect(lease.decision == nil)
  }

  @Test("a lease whose step finished has ended, and stays finished")
  func finished() {
    let lease = StepLease()
    lease.workEnded(.failure(CancellationError()))
    lease.fallsDue(at: ContinuousClock.now - .seconds(1), limit: .seconds(1))
    #expect(lease.hasEnded)
    guard case .finished? = lease.decision else {
      Issue.record("decided \(String(describing: lease.decision))")
      return
    }
  }
}
