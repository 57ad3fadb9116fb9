import DataIntents
import Dispatch
import Foundation
import IntentKit
import StandardIntents

/// Side-by-side figures for the system intents, measured in one run: `shell.run` against the
/// same `sh -c` from a plain `posix_spawn`, `http.request` against `curl` to the same local
/// server, and `files.list` on 100,000 files against `find`.
func runSystemBenchmark() async throws {
  let clock = ContinuousClock()
  let registry = StandardIntents.registry
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("intentflow-bench-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  var context = IntentContext()
  context.dependencies.currentDirectory = folder

  func invoke(_ identifier: IntentIdentifier, _ arguments: [String: Value]) async throws -> Value {
    guard let descriptor = registry.intent(identifier) else { return .null }
    return try await IntentInvocation(descriptor, arguments: arguments, context: context).run()
      .output
  }

  // shell.run: a script that does nothing, so the figure is the overhead per call.
  let calls = 300
  _ = try await invoke("shell.run", ["script": .text("true")])
  var start = clock.now
  for _ in 0..<calls { _ = try await invoke("shell.run", ["script": .text("true")]) }
  let shellTime = (clock.now - start) / calls
  start = clock.now
  for _ in 0..<calls { _ = spawnAndWait(["/bin/sh", "-c", "true"]) }
  let spawnTime = (clock.now - start) / calls
  print(
    "shell.run 'true':        \(microseconds(shellTime)) µs per call; plain posix_spawn of sh -c: "
      + "\(microseconds(spawnTime)) µs; ratio \(ratio(shellTime, spawnTime))")

  // http.request against curl, both to the same local server.
  if let server = try? await startServer(serving: folder) {
    defer { server.process.terminate() }
    try Data("ok\n".utf8).write(to: URL(fileURLWithPath: folder + "/ping.txt"))
    let url = "http://127.0.0.1:\(server.port)/ping.txt"
    _ = try await invoke("http.request", ["url": .text(url)])
    let requests = 200
    start = clock.now
    for _ in 0..<requests { _ = try await invoke("http.request", ["url": .text(url)]) }
    let httpTime = (clock.now - start) / requests
    start = clock.now
    for _ in 0..<requests { _ = spawnAndWait(["/usr/bin/curl", "-s", "-o", "/dev/null", url]) }
    let curlTime = (clock.now - start) / requests
    print(
      "http.request GET:        \(microseconds(httpTime)) µs per call; curl (a process per call): "
        + "\(microseconds(curlTime)) µs; ratio \(ratio(httpTime, curlTime))")
  } else {
    print("http.request: skipped (python3 could not start a local server)")
  }

  // files.list on 100,000 files against find.
  let many = folder + "/many"
  try FileManager.default.createDirectory(atPath: many, withIntermediateDirectories: true)
  for index in 0..<100_000 {
    let descriptor = open(many + "/file-\(index).txt", O_WRONLY | O_CREAT, 0o644)
    if descriptor >= 0 { close(descriptor) }
  }
  start = clock.now
  let listed = try await invoke("files.list", ["folder": .text(many)])
  let listTime = clock.now - start
  start = clock.now
  _ = spawnAndWait(["/usr/bin/find", many, "-mindepth", "1", "-maxdepth", "1", "-name", "*"])
  let findTime = clock.now - start
  start = clock.now
  _ = spawnAndWait([
    "/usr/bin/find", many, "-mindepth", "1", "-maxdepth", "1", "-printf", "%s %T@ %p\\n",
  ])
  let findStatTime = clock.now - start
  print(
    "files.list of \(listed.listItems.count) files: \(wholeMilliseconds(listTime)) ms; find -name: "
      + "\(wholeMilliseconds(findTime)) ms (ratio \(ratio(listTime, findTime))); find -printf size and "
      + "time (stats too): \(wholeMilliseconds(findStatTime)) ms (ratio \(ratio(listTime, findStatTime)))"
  )
}

/// Runs a program with stdout and stderr to /dev/null and waits for it; the exit status.
private func spawnAndWait(_ arguments: [String]) -> Int32 {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = arguments.map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var pid: pid_t = 0
  guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return -1 }
  var status: Int32 = 0
  waitpid(pid, &status, 0)
  return status
}

/// Python's http.server on 127.0.0.1, on a free port; it stops when its input ends.
private func startServer(serving folder: String) async throws -> (process: Process, port: Int) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [
    "python3", "-c",
    """
    import functools, os, sys, threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args): pass
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=sys.argv[1]))
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """, folder,
  ]
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  // The server ends when its input does: with this process at the latest.
  process.standardInput = Pipe()
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
    throw CocoaError(.fileReadUnknown)
  }
  return (process, port)
}

private func ratio(_ a: Duration, _ b: Duration) -> String {
  String(format: "%.2f×", seconds(a) / seconds(b))
}

private func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

private func microseconds(_ duration: Duration) -> String {
  String(format: "%.0f", seconds(duration) * 1e6)
}

private func wholeMilliseconds(_ duration: Duration) -> String {
  String(format: "%.1f", seconds(duration) * 1e3)
}
