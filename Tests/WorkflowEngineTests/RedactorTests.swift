import IntentKit
import Testing

@testable import WorkflowEngine

@Suite("Hiding secret inputs")
struct RedactorTests {
  @Test("every occurrence is hidden, the longest secret first; numbers whose text is a secret too")
  func redaction() {
    let redactor = Redactor(secrets: ["abcd", "abcdefg", ""])
    #expect(redactor.redact("x abcdefg y abcd") == "x *** y ***")
    #expect(
      redactor.redact(Value.list([.text("abcd!"), .dictionary(["k": .text("abcdefg")])]))
        == .list([.text("***!"), .dictionary(["k": .text("***")])]))
    #expect(Redactor(secrets: ["1234"]).redact(Value.integer(1234)) == .text("***"))
    #expect(Redactor(secrets: []).redact("abc") == "abc")
    // A combining mark after a secret makes one character of its end and the mark.
    #expect(Redactor(secrets: ["hunter2"]).redact("pw hunter2\u{301}!") == "pw ***\u{301}!")
  }

  @Test("a short secret is hidden where it is a value or quoted whole, not inside other text")
  func shortSecrets() {
    var redactor = Redactor(secrets: ["a", "1"])
    #expect(redactor.redact("banana bread") == "banana bread")
    #expect(redactor.redact("could not reach 127.0.0.1") == "could not reach 127.0.0.1")
    #expect(redactor.redact("a") == "***")
    #expect(redactor.redact(Value.integer(1)) == .text("***"))
    #expect(redactor.redact("no Todo matches 'a'") == "no Todo matches '***'")
    // A text the workflow built from the secret is hidden at the secret's spans only.
    redactor.insert(SecretText("key a, again a", spans: [4..<5, 13..<14]))
    #expect(redactor.redact("key a, again a") == "key ***, again ***")
    #expect(redactor.redact("sent 'key a, again a' away") == "sent 'key ***, again ***' away")
    // One built from that one and from outside text holding it is hidden at both.
    redactor.insert(SecretText("banana key a, again a: a", spans: [23..<24]))
    #expect(redactor.redact("banana key a, again a: a") == "banana key ***, again ***: ***")
  }

  @Test("a loop's many texts built from a short secret are each masked as they are shown")
  func manyDerivedTexts() {
    var redactor = Redactor(secrets: ["7"])
    for pass in 0..<10_000 {
      let text = "item \(pass): 7"
      redactor.insert(SecretText(text, spans: [(text.utf8.count - 1)..<text.utf8.count]))
      if pass % 1000 == 999 { #expect(redactor.redact(text) == "item \(pass): ***") }
    }
    #expect(redactor.redact("item 9999: 7") == "item 9999: ***")
    #expect(redactor.redact("item 1777") == "item 1777")
  }

  @Test("text from outside is cleaned of a secret's encoded forms too")
  func encodedForms() {
    let redactor = Redactor(secrets: ["p@ss w/rd\\"])
    #expect(redactor.redact("GET /x?k=p%40ss%20w%2Frd%5C") == "GET /x?k=***")
    #expect(redactor.redact("GET /x?k=p%40ss%20w%2frd%5c") == "GET /x?k=***")
    #expect(redactor.redact("k=p%40ss+w%2Frd%5C&x=1") == "k=***&x=1")
    #expect(redactor.redact("/p@ss%20w/rd%5C/") == "/***/")
    #expect(redactor.redact(#"{"k": "p@ss w\/rd\\"}"#) == #"{"k": "***"}"#)
    #expect(redactor.redact(#"{"k": "p@ss w/rd\\"}"#) == #"{"k": "***"}"#)
    // base64 of "user:p@ss w/rd\" (an Authorization: Basic header) keeps nothing of it whole.
    let basic = "Basic dXNlcjpwQHNzIHcvcmRc"
    #expect(!redactor.redact(basic).contains("wQHNzIHcvcmR"))
    #expect(redactor.redact(basic).contains("***"))
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
