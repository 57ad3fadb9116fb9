import Foundation
import Testing

/// Issue 20, items 5 and 6: how a secret is shown, with the real binary. A secret is masked
/// where the workflow uses it and in text from outside that echoes it; nothing else changes.
@Suite("How a secret is shown: masked where it is used, nothing else touched")
struct SecretDisplayTests {
  @Test("a one-letter secret leaves 'banana bread' and todo ids alone, and is masked where used")
  func shortSecretLeavesOtherText() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "banana.json",
      """
      { "name": "banana",
        "inputs": { "token": { "type": "text", "secret": true } },
        "steps": [
          { "id": "add", "intent": "todos.add", "parameters": { "title": "banana bread" } },
          { "id": "key", "intent": "text.trim", "parameters": { "input": "key=${inputs.token}" } }
        ],
        "output": "${add.title} ${key}: ${inputs.token}" }
      """)
    let plain = try await sandbox.run("run", "banana.json", "--input", "token=a", "--verbose")
    #expect(plain.status == 0, "\(plain)")
    #expect(plain.stdout == "banana bread key=***: ***\n")
    #expect(plain.stderr.contains("Added 'banana bread'."), "\(plain)")
    #expect(!plain.stderr.contains("***"), "\(plain)")

    let json = try await sandbox.run("run", "banana.json", "--input", "token=a", "--json")
    #expect(json.status == 0, "\(json)")
    let result = try JSONObject(parsing: json.stdout)
    #expect(result.string("output") == "banana bread key=***: ***")
    let steps = try #require(result.objects("steps"))
    let added = try #require(steps.first?.object("output"))
    #expect(added.string("display") == "banana bread")
    #expect(UUID(uuidString: added.string("id") ?? "") != nil, "\(json.stdout)")
    #expect(steps.first?.string("dialog") == "Added 'banana bread'.")
    #expect(steps.last?.string("output") == "key=***")

    let history = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    #expect(history.count == 2)
    #expect(history.allSatisfy { $0.isNull("error") })
  }

  @Test("a secret '1' leaves 127.0.0.1 alone in errors and history, masked in the URL it fills")
  func shortSecretInErrors() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "ip.json",
      """
      { "name": "ip",
        "inputs": { "pin": { "type": "text", "secret": true } },
        "steps": [ { "id": "get", "intent": "http.request",
                     "parameters": { "url": "http://127.0.0.1:9/x?pin=${inputs.pin}" } } ] }
      """)
    let run = try await sandbox.run("run", "ip.json", "--input", "pin=1")
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("could not reach 'http://127.0.0.1:9/x?pin=***'"), "\(run)")
    #expect(run.stderr.contains("127.0.0.1 port 9"), "\(run)")
    let history = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    let error = try #require(history.first?.string("error"))
    #expect(error.contains("could not reach 'http://127.0.0.1:9/x?pin=***'"), "\(error)")
    #expect(error.contains("127.0.0.1 port 9"), "\(error)")
  }
}
