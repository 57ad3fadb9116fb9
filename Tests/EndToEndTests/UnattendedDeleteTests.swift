import Foundation
import Testing

@Suite("Scheduled file deletions, with the real binary")
struct UnattendedDeleteTests {
  static func workflow(confirm: String) -> String {
    """
    { "name": "prune", "schedule": "0 3 * * *",
      "steps": [
        { "intent": "files.delete", "parameters": { "files": "old.txt"\(confirm) } }
      ] }
    """
  }

  @Test("validate warns that a scheduled files.delete stops for its confirmation")
  func warns() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("prune.json", Self.workflow(confirm: ""))
    let validate = try await sandbox.run("validate", "prune.json")
    #expect(validate.status == 0)
    #expect(
      validate.stderr.contains(
        "prune.json:3:5: warning: step 'files.delete' asks for confirmation, so a scheduled run "
          + "stops before its first step with exit code 4"), "\(validate)")
  }

  @Test("no warning when the step sets confirmBeforeDeleting to false")
  func quietWhenTurnedOff() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("prune.json", Self.workflow(confirm: #", "confirmBeforeDeleting": false"#))
    let validate = try await sandbox.run("validate", "prune.json")
    #expect(validate.status == 0)
    #expect(!validate.stderr.contains("warning"), "\(validate)")
  }
}
