import Foundation
import Testing

/// A workflow that adds "Buy COUNT ITEM" as a todo, said as "buy 2 eggs".
private let errand = """
  {
    "name": "errand",
    "phrases": ["Buy ${count} ${item}", "Add ${item} to my shopping list"],
    "inputs": {
      "item": { "type": "text", "default": "bread" },
      "count": { "type": "integer", "default": 1 }
    },
    "steps": [
      { "id": "added", "intent": "todos.add",
        "parameters": { "title": "Buy ${inputs.count} ${inputs.item}" } }
    ],
    "output": "${added.title}"
  }
  """

/// A workflow whose phrase is also the phrase of `todos.add`.
private let mine = """
  {
    "name": "mine", "phrases": ["Add ${title} to my todos"],
    "inputs": { "title": { "type": "text" } },
    "steps": [{ "intent": "todos.add", "parameters": { "title": "Mine: ${inputs.title}" } }]
  }
  """

@Suite("intentflow say runs workflows")
struct SayWorkflowTests {
  @Test("a workflow's phrase runs it, its inputs filled and coerced to their types")
  func runsWorkflow() async throws {
    let harness = try CLIHarness()
    try harness.write("workflows/errand.json", errand)
    let result = await harness.run(["say", "--workflows", "workflows", "buy", "2", "eggs"])
    #expect(result.status == 0, "\(result)")
    #expect(result.output == "Buy 2 eggs\n")
    #expect(result.errors == "Added 'Buy 2 eggs'.\n")
    let other = await harness.run(
      ["say", "--workflows", "workflows", "Add oat milk to my shopping list."])
    #expect(other.output == "Buy 1 oat milk\n", "\(other)")
  }

  @Test("a value that does not convert to the input's type exits 2, as run does")
  func coercionFails() async throws {
    let harness = try CLIHarness()
    try harness.write("workflows/errand.json", errand)
    let result = await harness.run(["say", "--workflows", "workflows", "buy two eggs"])
    #expect(result.status == 2)
    #expect(
      result.errors == "error: input 'count' expects an integer: 'two' is not a whole number\n")
  }

  @Test("the workflows directory defaults to INTENTFLOW_WORKFLOWS, else workflows/ in the home")
  func defaultDirectory() async throws {
    let harness = try CLIHarness()
    let home = harness.home.appendingPathComponent("workflows/errand.json")
    try FileManager.default.createDirectory(
      at: home.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(errand.utf8).write(to: home)
    let result = await harness.run(["say", "buy 3 pears"])
    #expect(result.status == 0, "\(result)")
    #expect(result.output == "Buy 3 pears\n")
  }

  @Test("a workflow and an intent that both match exit 3 without a terminal, listing both")
  func ambiguous() async throws {
    let harness = try CLIHarness()
    try harness.write("workflows/mine.json", mine)
    let result = await harness.run(["say", "--workflows", "workflows", "add milk to my todos"])
    #expect(result.status == 3)
    #expect(
      result.errors
        == "error: 'add milk to my todos' matches the phrases of 1 intent and 1 workflow: "
        + "'todos.add', 'mine.json'; say it more precisely\n")
  }

  @Test("on a terminal, the chosen workflow runs")
  func ambiguousOnTerminal() async throws {
    let harness = try CLIHarness()
    try harness.write("workflows/mine.json", mine)
    let result = await harness.run(
      ["say", "--workflows", "workflows", "add milk to my todos"], answers: ["mine.json"])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.errors.hasPrefix(
        "'add milk to my todos' matches the phrases of 1 intent and 1 workflow. Which one?\n"
          + "  1. todos.add\n  2. mine.json\n"))
    #expect(result.output == "Mine: milk\n")
  }

  @Test("an invalid workflow file is skipped with a warning; the others still match")
  func invalidFileIsSkipped() async throws {
    let harness = try CLIHarness()
    try harness.write("workflows/errand.json", errand)
    let broken = try harness.write(
      "workflows/broken.json",
      #"{"name": "broken", "phrases": ["Buy ${what}"], "steps": [{"intent": "todos.add"}]}"#)
    let result = await harness.run(["say", "--workflows", "workflows", "buy 2 eggs"])
    #expect(result.status == 0, "\(result)")
    #expect(result.output == "Buy 2 eggs\n")
    #expect(
      result.errors
        == "warning: skipping '\(broken)': it is not a valid workflow; run 'intentflow "
        + "validate \(broken)' to see why\nAdded 'Buy 2 eggs'.\n")
  }

  @Test("a workflows directory named but missing is a usage error")
  func missingDirectory() async throws {
    let harness = try CLIHarness()
    let result = await harness.run(["say", "--workflows", "nowhere", "buy 2 eggs"])
    #expect(result.status == 2)
    #expect(
      result.errors.hasPrefix(
        "error: the workflows directory '\(harness.directory.path)/nowhere' does not exist; "
          + "create it, or name another with --workflows DIR\n"))
  }
}

@Suite("intentflow schema on union parameters")
struct SchemaUnionTests {
  @Test("a union parameter lists its cases, then other text")
  func unionCases() async throws {
    let result = try await CLIHarness().run(["schema"])
    #expect(result.status == 0)
    let schema = try #require(
      JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let content = try #require(Self.parameter("content", of: "photos.show", in: schema))
    let cases = try #require(content["anyOf"] as? [[String: Any]])
    #expect(cases.map { $0["title"] as? String } == ["Photo Album", "Tag", nil])
    #expect(cases.map { $0["pattern"] as? String } == ["^album:", "^tag:", nil])
    #expect(cases.last?["description"] as? String == "Other text, tried as album, then tag.")
  }

  /// The schema of `parameter` in steps that run `intent`.
  static func parameter(_ parameter: String, of intent: String, in schema: [String: Any])
    -> [String: Any]?
  {
    func object(_ value: Any?, _ key: String) -> Any? { (value as? [String: Any])?[key] }
    let steps = object(object(schema["$defs"], "step"), "oneOf") as? [Any] ?? []
    for step in steps {
      for rule in object(step, "allOf") as? [Any] ?? [] {
        let named = object(object(object(object(rule, "if"), "properties"), "intent"), "const")
        guard named as? String == intent else { continue }
        let parameters = object(object(object(rule, "then"), "properties"), "parameters")
        return object(object(parameters, "properties"), parameter) as? [String: Any]
      }
    }
    return nil
  }
}
