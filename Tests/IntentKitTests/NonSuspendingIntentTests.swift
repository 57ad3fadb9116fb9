import Foundation
import Synchronization
import TestSupport
import Testing

@testable import IntentKit

/// Counts its calls without suspending; reports the step's lease while it runs, commits
/// through it, and keeps it for the test to look at afterwards.
private struct Tally: NonSuspendingIntent {
  static let identifier: IntentIdentifier = "test.tally"
  static let title = "Tally"

  @Parameter(title: "Count", isInput: true) var count: Int
  @Dependency({ $0.probe }) var probe: Probe
  @Dependency({ $0.leases }) var leases: Leases

  func perform() async throws -> IntentResult<Int> {
    let lease = IntentContext.current.lease
    leases.keep(lease)
    probe.record("lease \(lease?.isLive == true ? "live" : "gone")")
    try IntentContext.commit { probe.record("committed") }
    return .result(value: count + 1, dialog: "Counted \(count + 1).")
  }
}

/// ``Fail`` declared non-suspending: throws from `perform()` as its `how` says.
private struct QuickFail: NonSuspendingIntent {
  static let identifier: IntentIdentifier = "test.quickFail"
  static let title = "Quick Fail"

  @Parameter(title: "How") var how: String = "intent"

  func perform() async throws -> IntentResult<String> {
    switch how {
    case "flow": throw IntentFlowError(.unsupported, "the intent's own problem")
    case "cancel": throw CancellationError()
    case "other": throw OvenError()
    default: throw IntentError("the oven is on fire")
    }
  }
}

/// Declared non-suspending, but waits at the gate `release` all the same (ignoring
/// cancellation), then returns.
private struct Dawdle: NonSuspendingIntent {
  static let identifier: IntentIdentifier = "test.dawdle"
  static let title = "Dawdle"

  @Dependency({ $0.probe }) var probe: Probe

  func perform() async throws -> IntentResult<String> {
    probe.record("started")
    await probe.wait(at: "release")
    probe.record("finished")
    return .result(value: "late")
  }
}

/// Declared non-suspending, but waits until cancelled all the same.
private struct Snooze: NonSuspendingIntent {
  static let identifier: IntentIdentifier = "test.snooze"
  static let title = "Snooze"

  @Dependency({ $0.probe }) var probe: Probe

  func perform() async throws -> IntentResult<String> {
    try await probe.waitUntilCancelled()
    return .result(value: "rested")
  }
}

/// Non-suspending and cancellable: it keeps a task of its own.
private struct Mindful: NonSuspendingIntent, CancellableIntent {
  static let identifier: IntentIdentifier = "test.mindful"
  static let title = "Mindful"

  func perform() async throws -> IntentResult<Bool> { .result(value: true) }
  func onCancel(reason: CancellationReason) async {}
}

/// The leases the intents saw, for a look after their steps ended.
private final class Leases: Sendable {
  private let seen = Mutex<[StepLease?]>([])
  var all: [StepLease?] { seen.withLock { $0 } }
  func keep(_ lease: StepLease?) { seen.withLock { $0.append(lease) } }
}

private enum LeasesKey: DependencyKey {
  static let defaultValue = Leases()
}

extension DependencyValues {
  fileprivate var leases: Leases {
    get { self[LeasesKey.self] }
    set { self[LeasesKey.self] = newValue }
  }
}

@Suite("Intents that never suspend, performed inline")
struct NonSuspendingIntentTests {
  let harness = Harness()

  @Test("only a non-suspending intent that is not cancellable is performed inline")
  func performsInline() {
    #expect(IntentDescriptor(Tally.self).performsInline)
    #expect(IntentDescriptor(Dawdle.self).performsInline)
    #expect(!IntentDescriptor(Greet.self).performsInline)
    #expect(!IntentDescriptor(Wait.self).performsInline)
    #expect(!IntentDescriptor(Mindful.self).performsInline)
  }

  @Test("it performs with the step's context and a live lease, revoked when it returns")
  func lease() async throws {
    let leases = Leases()
    var invocation = harness.invocation(Tally.self, ["count": .integer(41)], step: "count")
    invocation.context.dependencies.leases = leases
    let result = try await invocation.run()
    #expect(result.output == .integer(42))
    #expect(result.dialog == "Counted 42.")
    #expect(harness.probe.events == ["lease live", "committed"])
    let lease = try #require(leases.all.first ?? nil)
    #expect(!lease.isLive)
    #expect(throws: IntentFlowError.self) { try lease.commit { 1 } }
  }

  @Test(
    "what it throws ends the step exactly as from an intent with a task of its own",
    arguments: ["intent", "flow", "cancel", "other"])
  func errors(how: String) async throws {
    let task = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Fail.self, ["how": .text(how)], step: "oven")
    }
    let inline = try await #require(throws: IntentFlowError.self) {
      try await harness.run(QuickFail.self, ["how": .text(how)], step: "oven")
    }
    #expect(inline.code == task.code)
    #expect(
      inline.message == task.message.replacingOccurrences(of: "test.fail", with: "test.quickFail"))
    #expect(inline.step == "oven")
    #expect(
      (inline.underlying as? IntentError)?.message == (task.underlying as? IntentError)?.message)
  }

  @Test("the step's timeout does not apply: no timer is armed, nothing sleeps")
  func noTimeout() async throws {
    let slept = Mutex(0)
    var options = IntentInvocation.Options()
    options.timeout = .zero
    options.sleep = { _ in slept.withLock { $0 += 1 } }
    let result = try await harness.run(Tally.self, ["count": .integer(1)], options: options)
    #expect(result.output == .integer(2))
    #expect(slept.withLock { $0 } == 0)
  }

  @Test("a run cancelled before the intent starts never performs it, every time")
  func cancelledBeforeStart() async throws {
    for attempt in 1...50 {
      let harness = Harness()
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await harness.run(Tally.self, ["count": .integer(1)], step: "count")
      }
      let error = try #require(await settle(task)?.failure as? IntentFlowError)
      #expect(error.code == .cancelled, "attempt \(attempt)")
      #expect(error.message == "step 'count' was cancelled: the run was cancelled")
      #expect(harness.probe.events.isEmpty, "attempt \(attempt)")
    }
  }

  @Test("one that suspends anyway is waited for to its end, without a timeout")
  func suspendsAnyway() async throws {
    // Any timer armed would time the step out at once.
    let task = Task { try await harness.run(Dawdle.self, options: instantTimeout()) }
    #expect(await harness.probe.eventually("started"))
    harness.probe.open("release")
    let result = try #require(await settle(task)).get()
    #expect(result.output == .text("late"))
    #expect(harness.probe.events == ["started", "finished"])
    #expect(harness.probe.reasons.isEmpty)
  }

  @Test("one that suspends anyway sees the run's cancellation, and its step is cancelled")
  func suspendsAnywayCancelled() async throws {
    let task = Task { try await harness.run(Snooze.self, step: "nap") }
    #expect(await harness.probe.eventually("started"))
    task.cancel()
    let error = try #require(await settle(task)?.failure as? IntentFlowError)
    #expect(error.code == .cancelled)
    #expect(error.message == "step 'nap' was cancelled: the run was cancelled")
    #expect(harness.probe.events == ["started", "saw cancellation"])
  }
}
