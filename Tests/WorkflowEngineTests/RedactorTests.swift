import IntentKit
import Testing

@testable import WorkflowEngine

@Suite("Hiding secret inputs")
struct RedactorTests {
  @Test("every occurrence is hidden, the longest secret first; numbers whose text is a secret too")
  func redaction() {
    let redactor = Redactor(secrets: ["abc", "abcdef", ""])
    #expect(redactor.redact("x abcdef y abc") == "x *** y ***")
    #expect(
      redactor.redact(Value.list([.text("abc!"), .dictionary(["k": .text("abcdef")])]))
        == .list([.text("***!"), .dictionary(["k": .text("***")])]))
    #expect(Redactor(secrets: ["1234"]).redact(Value.integer(1234)) == .text("***"))
    #expect(Redactor(secrets: []).redact("abc") == "abc")
    // A combining mark after a secret makes one character of its end and the mark.
    #expect(Redactor(secrets: ["hunter2"]).redact("pw hunter2\u{301}!") == "pw ***\u{301}!")
  }

  @Test("an entity that shows a secret becomes what it shows, hidden; others stay entities")
  func entities() {
    let redactor = Redactor(secrets: ["hunter2"])
    let secretTitle = Item(id: "i9", title: "pw hunter2", price: 1, tags: ["x"])
    #expect(
      redactor.redact(Value.entity(AnyEntity(secretTitle)))
        == .dictionary([
          "type": .text("Item"), "id": .text("i9"), "display": .text("pw ***"),
          "title": .text("pw ***"), "price": .integer(1), "tags": .list([.text("x")]),
        ]))
    let secretTag = Item(id: "i8", title: "Plain", price: 1, tags: ["hunter2"])
    #expect(
      redactor.redact(Value.list([.entity(AnyEntity(secretTag))]))
        == .list([
          .dictionary([
            "type": .text("Item"), "id": .text("i8"), "display": .text("Plain"),
            "title": .text("Plain"), "price": .integer(1), "tags": .list([.text("***")]),
          ])
        ]))
    let plain = Value.entity(AnyEntity(Item.all[0]))
    #expect(redactor.redact(plain) == plain)
    #expect(redactor.redact(plain).entity != nil)
  }

  @Test("the secrets of a run are its secret inputs' given, environment and bound values")
  func secretsOfARun() throws {
    let plan = try Harness.plan(
      workflow(
        inputs: #"{ "token": { "type": "text", "secret": true, "env": "TOKEN" }, "#
          + #""name": { "type": "text", "default": "open" } }"#,
        #"{ "intent": "test.echo", "parameters": { "text": "${inputs.token}" } }"#))
    var configuration = Executor.Configuration()
    configuration.environment = EvaluationEnvironment(variables: ["TOKEN": "from-env"])
    let redactor = Executor(configuration: configuration).redactor(
      for: plan, given: ["name": .text("given-name")], bound: ["token": .text("typed")])
    #expect(redactor.redact("from-env typed given-name") == "*** *** given-name")
  }
}
