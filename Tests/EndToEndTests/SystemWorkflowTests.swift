import Dispatch
import Foundation
import Testing

/// The system examples in `Workflows/` run against fixtures the tests write, and a local
/// HTTP server for the HTTP ones; and the run-level behaviour of records, flow.stop and
/// flow.fail through the binary.
@Suite("The system examples and intents, through the binary")
struct SystemWorkflowTests {
  let sandbox: Sandbox

  init() throws {
    sandbox = try Sandbox()
  }

  func example(_ name: String) -> String { Fixtures.exampleWorkflow(name) }

  @Test("backup archives its own folder by date, and deletes old archives only when asked to")
  func backup() async throws {
    let folder = sandbox.work.appendingPathComponent("flows")
    try sandbox.write(
      "flows/backup.json", try String(contentsOfFile: example("backup.json"), encoding: .utf8))
    try sandbox.write("flows/notes.md", "# Today\n")
    try sandbox.write("backups/backup-2000-01-01.tar.gz", "old")
    let kept = try await sandbox.run(
      "run", "flows/backup.json", "--input", "backups=backups", "--non-interactive")
    #expect(kept.status == 0, "\(kept)")
    let archive = kept.stdout.trimmingCharacters(in: .newlines)
    #expect(archive.hasPrefix(sandbox.work.path + "/backups/backup-"))
    #expect(!kept.stderr.contains("Deleted"), "keepDays 0 deletes nothing")
    let listing = try await tool(["tar", "-tzf", archive])
    #expect(listing == "flows/\nflows/backup.json\nflows/notes.md\n", "\(folder.path)")

    let pruned = try await sandbox.run(
      "run", "flows/backup.json", "--input", "backups=backups", "--input", "keepDays=7",
      "--non-interactive")
    #expect(pruned.status == 0, "\(pruned)")
    #expect(pruned.stderr.contains("Deleted 1 file."))
    let names = try FileManager.default.contentsOfDirectory(
      atPath: sandbox.work.appendingPathComponent("backups").path)
    #expect(names == [(archive as NSString).lastPathComponent])
  }

  @Test("log-alert counts ERROR lines across the logs and notifies past the threshold")
  func logAlert() async throws {
    try sandbox.write("logs/app.log", "INFO up\nERROR disk\nERROR net\n")
    try sandbox.write("logs/db.log", "ERROR lock\n")
    try sandbox.write("logs/notes.txt", "ERROR not a log\n")
    let result = try await sandbox.run(
      "run", example("log-alert.json"), "--input", "logs=logs", "--input", "threshold=3")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "3 ERROR lines in 2 log files\n")
    #expect(result.stderr == "3 ERROR lines in logs: The alert threshold is 3.\n")
    let quiet = try await sandbox.run(
      "run", example("log-alert.json"), "--input", "logs=logs", "--input", "threshold=4")
    #expect(quiet.stdout == "3 ERROR lines in 2 log files\n")
    #expect(quiet.stderr.isEmpty)
  }

  @Test("rename-jpeg renames .jpeg files to .jpg and leaves a taken name alone")
  func renameJPEG() async throws {
    for name in ["a.jpeg", "b.jpeg", "b.jpg", "c.png"] { try sandbox.write("photos/\(name)", name) }
    let result = try await sandbox.run(
      "run", example("rename-jpeg.json"), "--input", "folder=photos")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "Renamed 2 .jpeg files in photos\n")
    #expect(result.stderr.contains("already exists"), "\(result)")
    let names = try FileManager.default.contentsOfDirectory(
      atPath: sandbox.work.appendingPathComponent("photos").path
    ).sorted()
    #expect(names == ["a.jpg", "b.jpeg", "b.jpg", "c.png"])
  }

  @Test("url-checker reports each URL up or down, against a local server")
  func urlChecker() async throws {
    let server = try await FileServer(serving: sandbox.work.path)
    try sandbox.write("index.html", "<p>hi</p>")
    let urls = [server.url("/index.html"), server.url("/missing"), "http://127.0.0.1:9/"]
    let list = "[" + urls.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    let result = try await sandbox.run(
      "run", example("url-checker.json"), "--input", "urls=\(list)", "--quiet")
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout
        == "up    200 \(urls[0])\nDOWN  404 \(urls[1])\nDOWN  0 \(urls[2])\n")
  }

  @Test("json-field prints one field of a JSON API's answer, and says when there is none")
  func jsonField() async throws {
    let server = try await FileServer(serving: sandbox.work.path)
    try sandbox.write("status.json", #"{"version": "2.4.1", "ok": true}"#)
    let result = try await sandbox.run(
      "run", example("json-field.json"), "--input", "url=\(server.url("/status.json"))",
      "--input", "field=version", "--quiet")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "2.4.1\n")
    let missing = try await sandbox.run(
      "run", example("json-field.json"), "--input", "url=\(server.url("/nope.json"))")
    #expect(missing.status == 0, "\(missing)")
    #expect(missing.stdout == "no answer from \(server.url("/nope.json")) (status 404)\n")
  }

  @Test("--json shows a record with its properties and no id; flow.stop ends the run succeeded")
  func recordsAndStop() async throws {
    try sandbox.write(
      "stop.json",
      """
      { "name": "stop", "steps": [
        { "id": "sh", "intent": "shell.run", "parameters": { "script": "echo hi; echo oops >&2" } },
        { "intent": "flow.stop", "if": "${sh} == 'hi'", "parameters": { "output": "${sh}" } },
        { "intent": "flow.fail", "parameters": { "message": "never here" } }
      ] }
      """)
    let text = try await sandbox.run("run", "stop.json")
    #expect(text.status == 0, "\(text)")
    #expect(text.stdout == "hi\n")
    let result = try await sandbox.run("run", "stop.json", "--json")
    let json = try JSONObject(parsing: result.stdout)
    #expect(json.string("status") == "succeeded")
    let output = try #require(json.object("output"))
    #expect(output.keys == ["type", "display", "properties"])
    #expect(output.string("type") == "ShellResult")
    #expect(output.object("properties")?.string("stderr") == "oops\n")
    #expect(output.object("properties")?["exitCode"] as? Int == 0)
    #expect(json.objects("steps")?.map { $0.string("status") } == ["succeeded", "succeeded"])
  }

  @Test("a ${…} in a script is rejected before the run: values go in as arguments")
  func scriptInjection() async throws {
    try sandbox.write(
      "inject.json",
      """
      { "name": "inject", "inputs": { "name": { "default": "x; touch pwned" } }, "steps": [
        { "intent": "shell.run", "parameters": { "script": "echo ${inputs.name}" } }
      ] }
      """)
    let rejected = try await sandbox.run("run", "inject.json")
    #expect(rejected.status == 2)
    #expect(
      rejected.stderr.hasPrefix(
        "inject.json:2:54: error: 'shell.run' takes no ${…} in 'script': it is run as shell "
          + "text, where a value could run as code; pass values in 'arguments' and read them as "
          + "\"$1\", \"$2\"… (write $${ for a literal ${)"), "\(rejected)")
    try sandbox.write(
      "safe.json",
      """
      { "name": "safe", "inputs": { "name": { "default": "x; touch pwned" } }, "steps": [
        { "intent": "shell.run",
          "parameters": { "script": "echo \\"$1\\"", "arguments": ["${inputs.name}"] } }
      ] }
      """)
    let safe = try await sandbox.run("run", "safe.json")
    #expect(safe.stdout == "x; touch pwned\n", "\(safe)")
    #expect(
      !FileManager.default.fileExists(atPath: sandbox.work.appendingPathComponent("pwned").path))
  }

  @Test("flow.fail fails the run with exit code 1 and its message")
  func fail() async throws {
    try sandbox.write(
      "fail.json",
      """
      { "name": "fail", "steps": [
        { "intent": "flow.fail", "parameters": { "message": "the disk is full" } }
      ] }
      """)
    let result = try await sandbox.run("run", "fail.json")
    #expect(result.status == 1)
    #expect(result.stderr.contains("error: the disk is full"), "\(result)")
  }

  @Test("without a terminal, ask.text takes its default and ask.choose stops with exit code 3")
  func interaction() async throws {
    try sandbox.write(
      "ask.json",
      """
      { "name": "ask", "steps": [
        { "id": "name", "intent": "ask.text", "parameters": { "prompt": "Name?", "default": "friend" } },
        { "intent": "ask.choose", "parameters": { "prompt": "Drink for ${name}?", "items": ["tea", "jam"] } }
      ] }
      """)
    let result = try await sandbox.run("run", "ask.json", "--json")
    #expect(result.status == 3)
    let json = try JSONObject(parsing: result.stdout)
    #expect(json.string("status") == "disambiguation")
    #expect(json.object("error")?["candidates"] as? [String] == ["tea", "jam"])
    #expect(
      json.object("error")?.string("message")
        == "step 'ask.choose' needs a choice: Drink for friend? (candidates: 'tea', 'jam')")
  }

  /// Runs a tool to the end and returns its standard output.
  func tool(_ arguments: [String]) async throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(returning: pipe.fileHandleForReading.readDataToEndOfFile())
      }
    }
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}

/// Python's `http.server` serving a folder on 127.0.0.1, on a free port; it stops when its
/// input ends, that is, with the test process at the latest.
final class FileServer: Sendable {
  let port: Int
  private let process: Process

  static let script = #"""
    import functools, os, sys, threading
    from http.server import SimpleHTTPRequestHandler, HTTPServer

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    def watch_parent():
        sys.stdin.read()
        os._exit(0)

    threading.Thread(target=watch_parent, daemon=True).start()
    handler = functools.partial(Quiet, directory=sys.argv[1])
    server = HTTPServer(("127.0.0.1", 0), handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#

  init(serving directory: String) async throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", Self.script, directory]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = Pipe()
    process.standardError = FileHandle.nullDevice
    try process.run()
    let line = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        var bytes: [UInt8] = []
        while let byte = try? output.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 {
          bytes.append(byte)
        }
        continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
      }
    }
    guard let port = Int(line) else {
      process.terminate()
      throw JSONObject.NotAnObject(text: "the test server did not start: '\(line)'")
    }
    self.process = process
    self.port = port
  }

  deinit {
    process.terminate()
  }

  func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
}
