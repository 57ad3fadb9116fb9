import Foundation
import IntentKit
import StandardIntents

@testable import DataIntents

/// Runs standard intents against a private in-memory note store.
struct NoteHarness {
  let store: NoteStore

  init() throws {
    store = try NoteStore.inMemory()
  }

  var context: IntentContext {
    var dependencies = DependencyValues()
    dependencies.notesStore = store
    return IntentContext(dependencies: dependencies)
  }

  func run(
    _ identifier: IntentIdentifier, _ arguments: [String: Value] = [:],
    interaction: any InteractionHandler = NonInteractiveHandler(),
    options: IntentInvocation.Options = IntentInvocation.Options()
  ) async throws(IntentFlowError) -> IntentInvocation.Result {
    try await context.runStandard(identifier, arguments, interaction: interaction, options: options)
  }

  /// Saves a note straight to the store.
  @discardableResult
  func add(_ body: String, tag: String = "Quick", at seconds: TimeInterval = 0) throws -> Note {
    try store.create(
      body: body, tag: tag, now: Date(timeIntervalSince1970: 1_800_000_000 + seconds))
  }

  /// Runs a query in this harness's context.
  func query<T: Sendable>(_ body: @Sendable (NoteQuery) async throws -> T) async throws -> T {
    try await IntentContext.$current.withValue(context) { try await body(NoteQuery()) }
  }
}

extension Value {
  /// The note this value holds, if it holds one.
  var note: Note? { entity?.base as? Note }

  /// The notes of a list value.
  var notes: [Note] { listItems.compactMap(\.note) }
}
