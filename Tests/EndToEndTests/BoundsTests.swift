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
}
