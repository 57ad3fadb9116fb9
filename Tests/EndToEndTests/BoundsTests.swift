import Foundation
import Testing

/// What the runner does at its bounds: each ends the step cleanly with a message naming the
/// bound, never a crash, a hang or unbounded memory.
@Suite("Bounds, end to end")
struct BoundsTests {
  @Test("a regular expression that backtracks for long stops at its step's timeout")
  func regexTimeout() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "regex.json",
      """
      {
        "name": "regex",
        "steps": [
          {
            "id": "match",
            "intent": "text.match",
            "timeout": "1s",
            "parameters": {
              "input": "\(String(repeating: "a,", count: 40))",
              "pattern": "(.*,){12}x"
            }
          }
        ]
      }
      """)
    let result = try await sandbox.run("run", "regex.json")
    // Without the matcher's check the search ran for minutes and then succeeded (exit 0).
    #expect(result.status == 5, "\(result)")
    #expect(result.stderr.contains("error: step 'match' timed out after 1s"), "\(result)")
  }

  @Test("a workflow file is bounded by its bytes, not by how many values it holds")
  func manyValues() async throws {
    let sandbox = try Sandbox()
    // 40 KB of 20,000 values under a 64 KiB limit: the runner used to refuse more than one
    // value per 32 bytes of the limit (2,048 here; 524,288 for the default 16 MiB, which
    // refused a 7.9 MB file of a million numbers).
    let items = Array(repeating: "7", count: 20_000).joined(separator: ",")
    try sandbox.write(
      "big.json",
      #"{"name": "big", "steps": [{"intent": "list.count", "parameters": {"input": ["#
        + items + "]}}]}")
    var environment = sandbox.environment
    environment["INTENTFLOW_MAX_WORKFLOW_BYTES"] = "65536"
    for arguments in [["validate", "big.json"], ["run", "big.json"]] {
      let result = try await IntentFlowProcess(
        executable: IntentFlowBinary.url(), arguments: arguments, environment: environment,
        currentDirectory: sandbox.work, standardInput: nil
      ).finish()
      #expect(result.status == 0, "\(arguments): \(result)")
      if arguments[0] == "run" { #expect(result.stdout == "20000\n") }
    }
  }
}
