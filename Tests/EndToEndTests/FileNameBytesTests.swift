import Foundation
import TestSupport
import Testing

/// Issue 20, item 4: file names that are not UTF-8 (`r\xE9sum\xE9.json`, from a Latin-1
/// machine) reach their files from the command line, the scheduler's folder scan and a
/// crontab line, as tar and cron reach them.
@Suite("File names that are not UTF-8 travel as bytes")
struct FileNameBytesTests {
  /// `résumé.json` in Latin-1.
  static let name: [UInt8] =
    Array("r".utf8) + [0xE9] + Array("sum".utf8) + [0xE9] + Array(".json".utf8)
  /// A shell word that makes those bytes (the test's own arguments are `String`s).
  static let word = #""flows/$(printf 'r\351sum\351.json')""#

  static let workflow = """
    {"name": "resume", "schedule": "* * * * *",
     "steps": [{"intent": "text.uppercase", "parameters": {"input": "cv"}}]}
    """

  /// Runs `script` with `/bin/sh` in the sandbox, `$IF` being the intentflow binary.
  func shell(_ sandbox: Sandbox, _ script: String) async throws -> IntentFlowProcess.Output {
    var environment = sandbox.environment
    environment["IF"] = try IntentFlowBinary.url().path
    return try await IntentFlowProcess(
      executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script],
      environment: environment, currentDirectory: sandbox.work, standardInput: nil
    ).finish(timeout: .seconds(30))
  }

  func makeSandbox() throws -> Sandbox {
    let sandbox = try Sandbox()
    let flows = sandbox.work.appendingPathComponent("flows").path
    try FileManager.default.createDirectory(atPath: flows, withIntermediateDirectories: true)
    #expect(RawFileNames.create(RawFileNames.path(flows, Self.name), Self.workflow))
    return sandbox
  }

  @Test("a Latin-1 named workflow is validated and run; errors show its bytes escaped")
  func validateAndRun() async throws {
    let sandbox = try makeSandbox()
    let validated = try await shell(sandbox, "\"$IF\" validate \(Self.word)")
    #expect(validated.status == 0, "\(validated)")
    let run = try await shell(sandbox, "\"$IF\" run \(Self.word)")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == "CV\n")
    let missing = try await shell(sandbox, #""$IF" validate "$(printf 'caf\351.json')""#)
    #expect(missing.status == 2)
    #expect(
      missing.stderr
        == "error: cannot read workflow 'caf\\xE9.json': no such file; check the path\n"
        + "1 error.\n")
  }

  @Test("schedule --once finds it in the folder and runs it")
  func scheduleOnce() async throws {
    let sandbox = try makeSandbox()
    let once = try await sandbox.run("schedule", "--once", "flows")
    #expect(once.status == 0, "\(once)")
    #expect(once.stdout.contains("fired resume"), "\(once)")
    #expect(once.stdout.contains("finished resume: succeeded (exit 0)"), "\(once)")
  }

  @Test("crontab exports it with the bytes quoted for /bin/sh, and that line runs it")
  func crontab() async throws {
    let sandbox = try makeSandbox()
    let exported = try await shell(sandbox, "\"$IF\" crontab flows > intentflow.cron")
    #expect(exported.status == 0, "\(exported)")
    let text = try #require(
      RawFileNames.data(Array(sandbox.work.path.utf8) + Array("/intentflow.cron".utf8)))
    let lines = text.split(separator: UInt8(ascii: "\n")).map(Array.init)
    let path = Array(sandbox.work.appendingPathComponent("flows").path.utf8) + [0x2F] + Self.name
    let quoted = [UInt8(ascii: "'")] + path + [UInt8(ascii: "'")]
    let line = try #require(
      lines.first { line in
        line.starts(with: Array("* * * * * ".utf8))
          && line.indices.contains { line[$0...].starts(with: quoted) }
      }, "\(String(decoding: text, as: UTF8.self))")
    // What cron hands to /bin/sh: the line after its five time fields (it holds no `%`).
    let command = Array(line.dropFirst("* * * * * ".utf8.count))
    let script = Array(sandbox.work.path.utf8) + Array("/line.sh".utf8)
    #expect(RawFileNames.create(script, data: command + [0x0A]))
    let ran = try await shell(sandbox, "sh line.sh")
    #expect(ran.status == 0, "\(ran)")
    let logs = sandbox.home.appendingPathComponent("logs").path
    let log = try #require(RawFileNames.names(in: logs).first)
    #expect(RawFileNames.contents(RawFileNames.path(logs, log)) == "CV\n")
  }

  @Test("in a current directory named caf\\xE9, a relative path names a file in it")
  func currentDirectory() async throws {
    let sandbox = try Sandbox()
    let folder: [UInt8] = Array("caf".utf8) + [0xE9]
    let path = RawFileNames.path(sandbox.work.path, folder).map { CChar(bitPattern: $0) }
    #expect(mkdir(path + [0], 0o755) == 0)
    try sandbox.write(
      "write.json",
      #"{"name": "write", "steps": [{"intent": "files.write", "#
        + #""parameters": {"text": "here", "path": "note.txt"}}]}"#)
    let written = try await shell(
      sandbox, #"cd "$(printf 'caf\351')" && "$IF" run ../write.json"#)
    #expect(written.status == 0, "\(written)")
    let inside = RawFileNames.path(sandbox.work.path, folder) + Array("/note.txt".utf8)
    #expect(RawFileNames.contents(inside) == "here")
    // Decoded lossily, the directory was 'caf\u{FFFD}', where nothing could be written.
    #expect(RawFileNames.names(in: sandbox.work.path).count == 2)
  }

  @Test("a folder holding caf\\xE9.txt is archived, and /usr/bin/tar extracts the same bytes")
  func archive() async throws {
    let sandbox = try Sandbox()
    let data = sandbox.work.appendingPathComponent("data").path
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let file: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".txt".utf8)
    #expect(RawFileNames.create(RawFileNames.path(data, file), "latin-1"))
    try sandbox.write(
      "pack.json",
      #"{"name": "pack", "steps": [{"intent": "files.archive", "#
        + #""parameters": {"files": ["data"], "to": "data.tar.gz"}}]}"#)
    let packed = try await sandbox.run("run", "pack.json")
    #expect(packed.status == 0, "\(packed)")
    let out = sandbox.work.appendingPathComponent("out").path
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let extracted = try await shell(sandbox, "/usr/bin/tar -xzf data.tar.gz -C out")
    #expect(extracted.status == 0, "\(extracted)")
    #expect(RawFileNames.names(in: out + "/data") == [file])
    #expect(RawFileNames.contents(RawFileNames.path(out + "/data", file)) == "latin-1")

    // Listed with --json, the name stays valid JSON: the byte is escaped, not written raw.
    try sandbox.write(
      "list.json",
      #"{"name": "list", "steps": [{"intent": "files.list", "parameters": {"folder": "data"}}]}"#)
    let listed = try await sandbox.run("run", "list.json", "--json")
    #expect(listed.status == 0, "\(listed)")
    #expect(listed.stdout.contains(#"caf\uDBFF\uDFE9.txt"#), "\(listed.stdout)")
    #expect(!listed.stdout.contains("\u{FFFD}"))
  }
}
