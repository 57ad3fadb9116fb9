import IntentKit
import StandardIntents
import Testing

/// Issue 22: which intents `resume` performs again without asking (DESIGN §12).
@Suite("Idempotent intents")
struct IdempotentIntentsTests {
  let registry = StandardIntents.registry

  func isIdempotent(_ identifier: IntentIdentifier) throws -> Bool {
    try #require(registry.intent(identifier), "no intent \(identifier)").isIdempotent
  }

  @Test("declared, inline and read-only intents are idempotent; intents with effects are not")
  func idempotence() throws {
    // Declared.
    #expect(try isIdempotent("todos.complete"))
    #expect(try isIdempotent("flow.wait"))
    // Inline, or read-only by their domain or verb.
    #expect(try isIdempotent("text.uppercase"))
    #expect(try isIdempotent("todos.find"))
    #expect(try isIdempotent("files.read"))
    // Effects outside the run, not declared.
    #expect(try !isIdempotent("todos.add"))
    #expect(try !isIdempotent("shell.run"))
    #expect(try !isIdempotent("http.request"))
    #expect(try !isIdempotent("files.write"))
  }
}
