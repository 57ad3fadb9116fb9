import Foundation
import Testing

@testable import IntentFlowCLI

@Suite("The run store's log stays short across runs")
struct RunHistoryLogTests {
  @Test("runs empty the store's log once it passes the limit, and history keeps every run")
  func logStaysShort() async throws {
    let harness = try CLIHarness()
    let file = try harness.write(
      "three.json",
      """
      { "name": "three", "steps": [
        { "intent": "text.uppercase", "parameters": { "input": "hello" } },
        { "intent": "text.uppercase" } ] }
      """)
    let log = harness.home.appendingPathComponent("runs.sqlite-wal").path
    var sizes: [Int] = []
    for _ in 0..<12 {
      let run = await harness.run(["run", file])
      #expect(run.status == 0 && run.output == "HELLO\n")
      let attributes = try FileManager.default.attributesOfItem(atPath: log)
      sizes.append((attributes[.size] as? Int) ?? -1)
    }
    // Emptied at least once, and never left longer than the limit plus one run's records.
    #expect(sizes.contains(0))
    #expect(sizes.allSatisfy { $0 >= 0 && $0 < RunHistory.logBytes + (64 << 10) })
    let history = await harness.run(["history", "--json"])
    #expect(history.output.components(separatedBy: "\"succeeded\"").count == 13)
  }
}
