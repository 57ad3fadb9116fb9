import Foundation
import TestSupport
import Testing

/// `INTENTFLOW_STORE`: two homes (two machines) with one PostgreSQL store, through the real
/// binary.
@Suite(
  "A shared PostgreSQL store, end to end",
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipReason)))
struct SharedStoreTests {
  @Test("a run on one machine is in the other's history; a fire time runs on one of them")
  func twoMachines() async throws {
    let store = try await PostgresServer.shared().database()
    let first = try Sandbox(environment: ["INTENTFLOW_STORE": store])
    let second = try Sandbox(environment: ["INTENTFLOW_STORE": store])
    let workflow =
      #"{ "name": "minutely", "schedule": "* * * * *", "steps": [ { "intent": "text.uppercase", "parameters": { "input": "m" } } ] }"#
    try first.write("flows/minutely.json", workflow)
    try second.write("flows/minutely.json", workflow)

    let ran = try await first.run("run", "flows/minutely.json")
    #expect(ran.status == 0, "\(ran)")
    let history = try await second.run("history", "--json")
    #expect(history.status == 0, "\(history)")
    let runs = try parseJSONArray(history.stdout)
    #expect(runs.count == 1)
    #expect(runs.first?.string("workflow") == "minutely")
    #expect(runs.first?.string("status") == "succeeded")

    // The same fire time, from both machines' schedulers (their workflows in different
    // directories): one runs it. Both read the clock
    // within the same minute unless a minute begins in between; then each fires its own
    // minute, and the fire times still differ.
    async let one = first.run("schedule", "--once", "flows")
    async let other = second.run("schedule", "--once", "flows")
    let (a, b) = try await (one, other)
    #expect(a.status == 0 && b.status == 0, "\(a)\n\(b)")
    func fireTimes(_ log: String) -> [Substring] {
      log.split(separator: "\n").filter { $0.contains("fired minutely (") }.map {
        $0.split(separator: "(").last ?? ""
      }
    }
    let fired = fireTimes(a.stdout) + fireTimes(b.stdout)
    #expect(!fired.isEmpty, "\(a.stdout)\n\(b.stdout)")
    #expect(Set(fired).count == fired.count, "a fire time ran twice:\n\(a.stdout)\n\(b.stdout)")
  }

  @Test("a store that is not a PostgreSQL URI is refused, saying what to write")
  func notAURI() async throws {
    let sandbox = try Sandbox(environment: ["INTENTFLOW_STORE": "/tmp/runs.db"])
    let result = try await sandbox.run("history")
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("INTENTFLOW_STORE is not a PostgreSQL URI"), "\(result)")
    #expect(result.stderr.contains("postgresql://USER@HOST:PORT/DB"), "\(result)")
  }
}
