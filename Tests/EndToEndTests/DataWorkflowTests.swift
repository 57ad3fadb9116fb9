import Foundation
import Testing

@Suite("The data examples in Workflows/ give the documented answers")
struct DataWorkflowTests {
  @Test("weekdays-ahead never lands on a weekend")
  func weekdaysAhead() async throws {
    let sandbox = try Sandbox()
    let path = Fixtures.exampleWorkflow("weekdays-ahead.json")
    for days in ["1", "3", "5", "-2"] {
      let result = try await sandbox.run("run", path, "--input", "days=\(days)")
      #expect(result.status == 0, "\(result)")
      #expect(
        result.stdout.wholeMatch(
          of: /(Monday|Tuesday|Wednesday|Thursday|Friday) \d{4}-\d{2}-\d{2}\n/)
          != nil, "\(result)")
      #expect(result.stderr.isEmpty)
    }
  }

  @Test("word-count counts words and different words")
  func wordCount() async throws {
    let sandbox = try Sandbox()
    let path = Fixtures.exampleWorkflow("word-count.json")
    let result = try await sandbox.run("run", path)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "9 words (8 different)\n")
    let other = try await sandbox.run("run", path, "--input", "text=It's a dog's life, a dog's!")
    #expect(other.stdout == "6 words (4 different)\n")
  }

  @Test("json-document-field reads a nested field, and names the keys when the field is missing")
  func jsonField() async throws {
    let sandbox = try Sandbox()
    let path = Fixtures.exampleWorkflow("json-document-field.json")
    let result = try await sandbox.run("run", path)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "Ada Lovelace\n")
    let languages = try await sandbox.run("run", path, "--input", "field=languages", "--json")
    #expect(try JSONObject(parsing: languages.stdout)["output"] as? [String] == ["en", "fr"])
    let missing = try await sandbox.run("run", path, "--input", "field=email")
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("the dictionary has no key 'email'"), "\(missing)")
    let bad = try await sandbox.run("run", path, "--input", "document={\"data\": }", "--json")
    #expect(bad.status == 1)
    let error = try #require(try JSONObject(parsing: bad.stdout).object("error"))
    #expect(error.string("kind") == "failed")
    #expect(error.string("step") == "parsed")
    #expect(
      error.string("message")?.contains("the text is not valid JSON: line 1, column 10") == true,
      "\(bad)")
  }

  @Test("price-summary totals and averages the prices")
  func priceSummary() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run("run", Fixtures.exampleWorkflow("price-summary.json"))
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "4 prices, total 1,360.74, average 340.19\n")
  }

  @Test("a value found missing during the run stops it with exit 3 when nobody can answer")
  func missingValue() async throws {
    let sandbox = try Sandbox()
    // The key comes out of the document blank, so only the run can find it missing.
    let path = try sandbox.write(
      "blank-key.json",
      #"""
      {"name": "blank-key", "steps": [
        {"id": "key", "intent": "json.parse", "parameters": {"input": "\"  \""}},
        {"id": "get", "intent": "dict.get", "parameters": {"input": {"a": 1}, "key": "${key}"}}
      ]}
      """#)
    let result = try await sandbox.run("run", path, "--non-interactive")
    #expect(result.status == 3, "\(result)")
    #expect(result.stderr.contains("step 'get' needs a value for 'key': Which key?"), "\(result)")
  }

  @Test("a word that is not among a parameter's options fails with exit 1 and the list")
  func unsupportedOption() async throws {
    let sandbox = try Sandbox()
    let path = try sandbox.write(
      "pow.json",
      #"{"name": "pow", "steps": [{"id": "calc", "intent": "math.calculate", "parameters": {"a": 2, "operation": "pow", "b": 3}}]}"#
    )
    let result = try await sandbox.run("run", path, "--json")
    #expect(result.status == 1, "\(result)")
    let error = try #require(try JSONObject(parsing: result.stdout).object("error"))
    #expect(error.string("kind") == "unsupported")
    #expect(error.string("parameter") == "operation")
    #expect(
      error.string("message")
        == "step 'calc': 'operation' is unsupported: 'pow' is not an operation; use one of +, "
        + "-, *, /, %, ^, min, max")
  }
}
