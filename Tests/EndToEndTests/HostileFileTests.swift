import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 7: workflow paths that lead to devices, FIFOs, secrets and huge files.
@Suite("Hostile files never hang, crash or leak")
struct HostileFileTests {
  @Test(
    "validate refuses devices, a FIFO and a link to /dev/zero, and exits 2",
    arguments: [
      ("/dev/zero", "it is a character device, not a workflow file"),
      ("/dev/urandom", "it is a character device, not a workflow file"),
      ("pipe.json", "it is a named pipe (FIFO), not a workflow file"),
      ("zero.json", "it is a character device, not a workflow file"),
    ])
  func specialFiles(path: String, reason: String) async throws {
    let sandbox = try Sandbox()
    #expect(mkfifo(sandbox.work.appendingPathComponent("pipe.json").path, 0o600) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.work.appendingPathComponent("zero.json").path,
      withDestinationPath: "/dev/zero")
    for command in ["validate", "run"] {
      let result = try await sandbox.run(command, path)
      #expect(result.signal == nil && !result.timedOut, "\(result)")
      #expect(result.status == 2)
      let ending = command == "validate" ? "." : "; nothing ran."
      #expect(
        result.stderr == "error: cannot read workflow '\(path)': \(reason)\n1 error\(ending)\n")
    }
  }

  @Test("a secret file named as a workflow is not echoed")
  func secretNotEchoed() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(".env", "API_TOKEN=s3cr3t-value\n")
    let result = try await sandbox.run("validate", ".env")
    #expect(result.status == 2)
    #expect(!result.stderr.contains("s3cr3t") && !result.stderr.contains("API_TOKEN"))
    #expect(
      result.stderr
        == ".env:1:1: error: not a workflow file: a workflow is a JSON object, starting with "
        + "'{'; check that this is the file you meant\n1 error.\n")
  }

  @Test("a file over the size limit is refused; the variable raises the limit")
  func sizeLimit() async throws {
    let sandbox = try Sandbox()
    let workflow =
      #"{"name": "big", "steps": [{"intent": "text.uppercase", "parameters": {"# + "\n"
      + #""input": "x"}}]}"#
    try sandbox.write("big.json", workflow + String(repeating: " ", count: 16 << 20))
    let refused = try await sandbox.run("validate", "big.json")
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "error: cannot read workflow 'big.json': it is larger than the 16777216-byte limit "
        + "for a workflow file; raise the limit with INTENTFLOW_MAX_WORKFLOW_BYTES=BYTES if it "
        + "really is one\n1 error.\n")
    var environment = sandbox.environment
    environment["INTENTFLOW_MAX_WORKFLOW_BYTES"] = String(32 << 20)
    let raised = try IntentFlowProcess(
      executable: IntentFlowBinary.url(), arguments: ["validate", "big.json"],
      environment: environment, currentDirectory: sandbox.work, standardInput: nil)
    let result = await raised.finish(timeout: .seconds(60))
    #expect(result.status == 0, "\(result.stderr.prefix(300))")
  }

  @Test("deep arrays are not a workflow, and say so at their first bracket")
  func deepArrays() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("deep.json", String(repeating: "[", count: 10_000))
    let result = try await sandbox.run("validate", "deep.json")
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "deep.json:1:1: error: a workflow file must hold a JSON object, not a list\n1 error.\n")
  }

  @Test("schedule --list skips a FIFO and a link to /dev/zero and lists the rest")
  func scheduleSkipsSpecialFiles() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "flows/good.json",
      #"{"name": "good", "schedule": "0 7 * * *", "steps": [{"intent": "text.uppercase", "#
        + #""parameters": {"input": "x"}}]}"#)
    let flows = sandbox.work.appendingPathComponent("flows")
    #expect(mkfifo(flows.appendingPathComponent("pipe.json").path, 0o600) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: flows.appendingPathComponent("zero.json").path, withDestinationPath: "/dev/zero")
    let result = try await sandbox.run("schedule", "--list", "flows")
    #expect(result.signal == nil && !result.timedOut, "\(result)")
    #expect(result.stdout.contains("good"))
    #expect(result.stderr.contains("pipe.json': it is a named pipe (FIFO), not a workflow file"))
    #expect(result.stderr.contains("zero.json': it is a character device, not a workflow file"))
  }
}
