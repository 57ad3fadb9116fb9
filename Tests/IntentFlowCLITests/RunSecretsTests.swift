import Foundation
import Testing

/// Issue 7: secrets stay out of the command line and out of the run store.
@Suite("Inputs from files, and secrets kept out of history")
struct RunSecretsTests {
  static let workflow =
    #"{"name": "s", "inputs": {"token": {"type": "string"}}, "steps": [{"intent": "todos.complete", "#
    + #""parameters": {"todo": "${inputs.token}"}}], "output": "${inputs.token}"}"#

  static let echo =
    #"{"name": "e", "inputs": {"token": {"type": "string"}}, "steps": [{"intent": "text.uppercase", "#
    + #""parameters": {"input": "${inputs.token}"}}]}"#

  @Test("--input NAME=@FILE reads the value from the file, without its last line break")
  func valueFromFile() async throws {
    let harness = try CLIHarness()
    let flow = try harness.write("echo.json", Self.echo)
    try harness.write("token.txt", "hunter2 secret\n")
    let result = await harness.run(["run", flow, "--input", "token=@token.txt"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "HUNTER2 SECRET\n")
  }

  @Test("--input NAME=@@TEXT gives a value starting with '@'")
  func literalAt() async throws {
    let harness = try CLIHarness()
    let flow = try harness.write("echo.json", Self.echo)
    let result = await harness.run(["run", flow, "--input", "token=@@me"])
    #expect(result.output == "@ME\n")
  }

  @Test("a missing or special value file is a usage error naming the input")
  func unreadableValueFile() async throws {
    let harness = try CLIHarness()
    let flow = try harness.write("echo.json", Self.echo)
    let missing = await harness.run(["run", flow, "--input", "token=@nope.txt"])
    #expect(missing.status == 2)
    #expect(
      missing.errors.contains(
        "cannot read the value of input 'token' from 'nope.txt': no such file; check the path"))
    let device = await harness.run(["run", flow, "--input", "token=@/dev/zero"])
    #expect(device.status == 2)
    #expect(device.errors.contains("it is a character device, not a workflow file"))
  }

  @Test("an error message that quotes an input value is stored with the value hidden")
  func redactedHistory() async throws {
    let harness = try CLIHarness()
    let flow = try harness.write("secret.json", Self.workflow)
    let run = await harness.run([
      "run", flow, "--input", "token=hunter2-secret", "--non-interactive",
    ])
    #expect(run.status == 3)
    let history = await harness.run(["history", "--json"])
    #expect(!history.output.contains("hunter2"))
    #expect(history.output.contains("(no Todo matches '***')"))
  }

  @Test("history --prune deletes old runs and says how many")
  func prune() async throws {
    let harness = try CLIHarness()
    let flow = try harness.write("echo.json", Self.echo)
    _ = await harness.run(["run", flow, "--input", "token=x"])
    let kept = await harness.run(["history", "--prune"])
    #expect(kept.status == 0)
    #expect(kept.output == "deleted 0 runs and 0 scheduler events older than 90d\n")
    let usage = await harness.run(["history", "--older-than", "1d"])
    #expect(usage.status == 2)
    let bad = await harness.run(["history", "--prune", "--older-than", "soon"])
    #expect(bad.status == 2)
    #expect(bad.errors.contains("'soon' is not a duration; write 30d, 12h or 90m"))
  }

  @Test("history --prune --max-size deletes the oldest runs past the size and gives space back")
  func pruneBySize() async throws {
    let harness = try CLIHarness()
    let flow = try harness.write(
      "loud.json",
      """
      {"name": "loud", "steps": [
        {"intent": "shell.run", "parameters": {"script": "head -c 6000 /dev/zero | tr '\\\\0' x"}}
      ]}
      """)
    for _ in 0..<12 { _ = await harness.run(["run", flow]) }
    let pruned = await harness.run(["history", "--prune", "--max-size", "40KB"])
    #expect(pruned.status == 0)
    #expect(pruned.output.hasPrefix("deleted "))
    #expect(pruned.output.contains(" runs and 0 scheduler events older than 90d ("))
    #expect(pruned.output.contains(" of the runs to keep the store within 40 KB)"))
    #expect(pruned.output.contains("; the store gave back "))
    let left = await harness.run(["history", "--json"])
    let count = left.output.components(separatedBy: "\"workflow\"").count - 1
    #expect(count >= 1 && count < 12)

    let usage = await harness.run(["history", "--max-size", "1MB"])
    #expect(usage.status == 2)
    #expect(usage.errors.contains("--max-size goes with --prune; write --prune --max-size SIZE"))
    let bad = await harness.run(["history", "--prune", "--max-size", "lots"])
    #expect(bad.status == 2)
    #expect(bad.errors.contains("'lots' is not a size; write 64MB, 1GB or 500KB"))
  }
}
