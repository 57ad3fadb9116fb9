import IntentKit
import Testing

// Intents declared outside IntentKit, by a module that imports it as an app would (no
// `@testable`, no SPI): the engine learns what each adopts from requirements an author never
// sees, whose witnesses are picked here, in the conformer's module.

private struct PlainIntent: AppIntent {
  static let identifier: IntentIdentifier = "test.plain"
  static let title = "Plain"
  @Parameter(title: "Text", isInput: true) var input: String
  func perform() async throws -> IntentResult<String> { .result(value: input) }
}

private struct UploadIntent: LongRunningIntent, ConfirmingIntent {
  static let identifier: IntentIdentifier = "test.upload"
  static let title = "Upload"
  static var confirmationParameter: String? { "askFirst" }
  @Parameter(title: "Ask first", default: true) var askFirst: Bool
  func perform() async throws -> IntentResult<NoValue> { .result() }
}

private struct ComputeIntent: NonSuspendingIntent, LiteralParameters {
  static let identifier: IntentIdentifier = "test.compute"
  static let title = "Compute"
  static var literalParameters: [String: String] { ["formula": "it is code"] }
  @Parameter(title: "Formula") var formula: String
  /// The task that performs it, which is the caller's when it is performed inline.
  func perform() async throws -> IntentResult<Int> {
    .result(value: withUnsafeCurrentTask { $0?.hashValue } ?? 0)
  }
}

private struct ListenIntent: NonSuspendingIntent, CancellableIntent {
  static let identifier: IntentIdentifier = "test.listen"
  static let title = "Listen"
  func perform() async throws -> IntentResult<Int> {
    .result(value: withUnsafeCurrentTask { $0?.hashValue } ?? 0)
  }
  func onCancel(reason: CancellationReason) async {}
}

@Suite("What an intent declared in another module adopts")
struct IntentTraitsTests {
  @Test("a plain intent adopts nothing")
  func plain() {
    let descriptor = IntentDescriptor(PlainIntent.self)
    #expect(!descriptor.isLongRunning)
    #expect(!descriptor.asksForConfirmation)
    #expect(descriptor.confirmationParameter == nil)
    #expect(descriptor.literalParameters.isEmpty)
    #expect(!descriptor.performsInline)
  }

  @Test("a long-running intent that confirms is both, with its confirmation parameter")
  func longRunningAndConfirming() {
    let descriptor = IntentDescriptor(UploadIntent.self)
    #expect(descriptor.isLongRunning)
    #expect(descriptor.asksForConfirmation)
    #expect(descriptor.confirmationParameter == "askFirst")
    #expect(descriptor.literalParameters.isEmpty)
    #expect(!descriptor.performsInline)
  }

  @Test("a non-suspending intent is performed inline, in the caller's task")
  func nonSuspending() async throws {
    let descriptor = IntentDescriptor(ComputeIntent.self)
    #expect(descriptor.performsInline)
    #expect(descriptor.literalParameters == ["formula": "it is code"])
    #expect(!descriptor.isLongRunning)
    #expect(!descriptor.asksForConfirmation)
    let caller = withUnsafeCurrentTask { $0?.hashValue } ?? 0
    let result = try await IntentInvocation(descriptor, arguments: ["formula": .text("1+1")]).run()
    #expect(result.output == .integer(caller))
  }

  @Test("a non-suspending intent that is also cancellable keeps a task of its own")
  func nonSuspendingCancellable() async throws {
    let descriptor = IntentDescriptor(ListenIntent.self)
    #expect(!descriptor.performsInline)
    let caller = withUnsafeCurrentTask { $0?.hashValue } ?? 0
    let result = try await IntentInvocation(descriptor).run()
    #expect(result.output != .integer(caller))
  }
}
