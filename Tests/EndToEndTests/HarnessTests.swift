import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("The test harness itself")
struct HarnessTests {
  @Test("a child that outlives its time limit is killed, and what it wrote is kept")
  func killsOnTimeout() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/wait-for-signal.json")
    let process = try sandbox.start(["run", file, "--verbose"])
    // Once the child has written its first line it waits a minute: a short limit then
    // always runs out first, however slowly a busy machine started the child.
    #expect(try await process.waitForStandardError(containing: "▸ hello (text.uppercase)"))
    let result = await process.finish(timeout: .milliseconds(100))
    #expect(result.timedOut)
    #expect(result.signal == SIGKILL)
    #expect(result.status == nil)
    #expect(result.stderr.contains("▸ hello (text.uppercase)"))
  }

  @Test("a program that cannot start is an error, not a crash")
  func launchFailure() throws {
    let sandbox = try Sandbox()
    #expect(throws: IntentFlowProcess.LaunchFailure.self) {
      _ = try IntentFlowProcess(
        executable: sandbox.work.appendingPathComponent("no-such-program"), arguments: [],
        environment: sandbox.environment, currentDirectory: sandbox.work, standardInput: "x")
    }
  }

  @Test("a child writing more than a pipe holds to both streams does not block")
  func largeOutputs() async throws {
    let sandbox = try Sandbox()
    let process = try IntentFlowProcess(
      executable: URL(fileURLWithPath: "/bin/sh"),
      arguments: ["-c", "head -c 1000000 /dev/zero; head -c 1000000 /dev/zero >&2; cat"],
      environment: sandbox.environment, currentDirectory: sandbox.work,
      standardInput: String(repeating: "z", count: 1_000_000))
    let result = await process.finish(timeout: .seconds(10))
    #expect(result.status == 0)
    #expect(result.stdout.utf8.count == 2_000_000)
    #expect(result.stderr.utf8.count == 1_000_000)
  }

  @Test("a child starts with SIGINT, SIGTERM and SIGPIPE neither blocked nor ignored")
  func signalDispositions() async throws {
    #if os(Linux)
      let sandbox = try Sandbox()
      // Feed standard input to a child that does not read it: the write fails with EPIPE.
      let process = try IntentFlowProcess(
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: ["-c", "grep -E '^Sig(Blk|Ign)' /proc/self/status"],
        environment: sandbox.environment, currentDirectory: sandbox.work,
        standardInput: String(repeating: "unread\n", count: 100_000))
      let result = await process.finish()
      #expect(result.status == 0)
      var masks: [String: UInt64] = [:]
      for line in result.stdout.split(separator: "\n") {
        let parts = line.split(separator: ":")
        if parts.count == 2 {
          masks[String(parts[0])] = UInt64(parts[1].trimmingCharacters(in: .whitespaces), radix: 16)
        }
      }
      for mask in ["SigBlk", "SigIgn"] {
        let bits = try #require(masks[mask], "\(result)")
        for signal in [SIGINT, SIGTERM, SIGPIPE] {
          #expect(bits & (1 << UInt64(signal - 1)) == 0, "\(mask) has signal \(signal)")
        }
      }
    #endif
  }
}
