import Testing

@testable import IntentKit

/// Joins its text and its optional note, without suspending.
private struct Echo: NonSuspendingIntent {
  static let identifier: IntentIdentifier = "test.echo"
  static let title = "Echo"

  @Parameter(title: "Text") var text: String
  @Parameter(title: "Note") var note: String?

  func perform() async throws -> IntentResult<String> {
    .result(value: "\(text)|\(note ?? "-")")
  }
}

/// The same, as an intent that may suspend: it gets a task, and a fresh instance, every time.
private struct SlowEcho: AppIntent {
  static let identifier: IntentIdentifier = "test.slowEcho"
  static let title = "Slow Echo"

  @Parameter(title: "Text") var text: String

  func perform() async throws -> IntentResult<String> {
    await Task.yield()
    return .result(value: text)
  }
}

@Suite("Instances of non-suspending intents kept between steps")
struct InstancePoolTests {
  @Test("a non-suspending intent's instance carries its inline work; another intent's none")
  func inlineWork() {
    #expect(IntentDescriptor(Echo.self).makeInstance().inline != nil)
    #expect(IntentDescriptor(SlowEcho.self).makeInstance().inline == nil)
  }

  @Test("the next step reuses the kept instance and sees only its own values")
  func reuse() async throws {
    let descriptor = IntentDescriptor(Echo.self)
    let first = try await IntentInvocation(
      descriptor, arguments: ["text": .text("a"), "note": .text("n")]
    ).run()
    #expect(first.output == .text("a|n"))
    let kept = try #require(descriptor.resolved.pool.kept.first)
    #expect(kept.slotList.allSatisfy { $0.value == nil })

    let second = try await IntentInvocation(descriptor, arguments: ["text": .text("b")]).run()
    #expect(second.output == .text("b|-"))
    #expect(descriptor.resolved.pool.kept.count == 1)
    #expect(descriptor.resolved.pool.kept.first === kept)
  }

  @Test("a step that fails gives its instance back emptied, and the next one runs")
  func failure() async throws {
    let descriptor = IntentDescriptor(Echo.self)
    let error = try await #require(throws: IntentFlowError.self) {
      try await IntentInvocation(descriptor, arguments: ["note": .text("n")], step: "echo").run()
    }
    #expect(error.code == .needsValue)
    let kept = try #require(descriptor.resolved.pool.kept.first)
    #expect(kept.slotList.allSatisfy { $0.value == nil })
    let result = try await IntentInvocation(descriptor, arguments: ["text": .text("c")]).run()
    #expect(result.output == .text("c|-"))
  }

  @Test("steps of one intent running at once each get an instance of their own")
  func concurrent() async throws {
    let descriptor = IntentDescriptor(Echo.self)
    let outputs = try await withThrowingTaskGroup(of: (Int, Value).self) { group in
      for index in 0..<64 {
        group.addTask {
          let result = try await IntentInvocation(
            descriptor, arguments: ["text": .text("\(index)"), "note": .text("\(index * 2)")]
          ).run()
          return (index, result.output)
        }
      }
      var outputs: [Int: Value] = [:]
      for try await (index, output) in group { outputs[index] = output }
      return outputs
    }
    #expect(outputs.count == 64)
    for (index, output) in outputs { #expect(output == .text("\(index)|\(index * 2)")) }
    #expect(descriptor.resolved.pool.kept.count <= 8)
  }

  @Test("an intent that may suspend is not kept: it may outlive its step")
  func notInline() async throws {
    let descriptor = IntentDescriptor(SlowEcho.self)
    let result = try await IntentInvocation(descriptor, arguments: ["text": .text("x")]).run()
    #expect(result.output == .text("x"))
    #expect(descriptor.resolved.pool.kept.isEmpty)
  }
}
