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
