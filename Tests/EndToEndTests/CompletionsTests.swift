import Foundation
import Testing

@Suite("Shell completions complete commands, options and intent identifiers")
struct CompletionsTests {
  /// Runs `words` through the bash script as bash would at a Tab after the last word, and
  /// returns what it offers, one a line.
  private func bashCompletes(_ words: [String], in sandbox: Sandbox) async throws -> [String] {
    let binary = try IntentFlowBinary.url()
    let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let script = """
      source <(intentflow completions bash) || exit 9
      COMP_WORDS=(\(quoted.joined(separator: " ")))
      COMP_CWORD=\(words.count - 1)
      _intentflow
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    var environment = sandbox.environment
    environment["PATH"] =
      binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
    let output = try await IntentFlowProcess(
      executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", script],
      environment: environment, currentDirectory: sandbox.work, standardInput: nil
    ).finish()
    #expect(output.status == 0, "\(output)")
    return output.stdout.split(separator: "\n").map(String.init)
  }

  @Test("bash completes the command words")
  func commands() async throws {
    let sandbox = try Sandbox()
    #expect(try await bashCompletes(["intentflow", "va"], in: sandbox) == ["validate"])
    let all = try await bashCompletes(["intentflow", ""], in: sandbox)
    #expect(all.contains("run") && all.contains("completions") && all.contains("lsp"))
  }

  @Test("bash completes a command's options, from the same declarations as its help")
  func options() async throws {
    let sandbox = try Sandbox()
    #expect(
      try await bashCompletes(["intentflow", "run", "--no"], in: sandbox) == ["--non-interactive"])
    #expect(
      try await bashCompletes(["intentflow", "validate", "-"], in: sandbox)
        == ["--json", "--quiet", "-q", "--help", "-h"])
  }

  @Test("bash completes intent identifiers for describe, asking the binary")
  func intents() async throws {
    let sandbox = try Sandbox()
    #expect(
      try await bashCompletes(["intentflow", "describe", "todos.a"], in: sandbox) == ["todos.add"])
  }

  @Test("bash completes time zones for next --timezone, and workflow files for run")
  func values() async throws {
    let sandbox = try Sandbox()
    #expect(
      try await bashCompletes(["intentflow", "next", "--timezone", "Europe/Pra"], in: sandbox)
        == ["Europe/Prague"])
    try sandbox.write("plan.json", "{}")
    try sandbox.write("notes.txt", "")
    #expect(try await bashCompletes(["intentflow", "run", ""], in: sandbox) == ["plan.json"])
  }

  @Test("the hidden --values prints a set, and an unknown set or shell says what to write")
  func valueSets() async throws {
    let sandbox = try Sandbox()
    let intents = try await sandbox.run("completions", "--values", "intents")
    #expect(intents.status == 0)
    #expect(intents.stdout.split(separator: "\n").contains("todos.add"))
    let unknown = try await sandbox.run("completions", "--values", "colours")
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr
        == "error: unknown set 'colours'; use 'intents', 'zones', 'workflows'\n"
        + "See 'intentflow completions --help'.\n")
    let shell = try await sandbox.run("completions", "tcsh")
    #expect(shell.status == 2)
    #expect(
      shell.stderr
        == "error: unknown shell 'tcsh'; write bash, zsh or fish\n"
        + "See 'intentflow completions --help'.\n")
    let help = try await sandbox.run("completions", "--help")
    #expect(!help.stdout.contains("--values"))
  }

  @Test(
    "the zsh and fish scripts are made from the same tree",
    arguments: [
      ("zsh", "':INTENT:{_intentflow_values intents}'"),
      ("fish", "-a '(intentflow completions --values intents 2>/dev/null)'"),
    ])
  func otherShells(shell: String, describeIntent: String) async throws {
    let sandbox = try Sandbox()
    let output = try await sandbox.run("completions", shell)
    #expect(output.status == 0)
    #expect(output.stdout.contains(describeIntent))
    #expect(output.stdout.contains("non-interactive"))
  }
}
