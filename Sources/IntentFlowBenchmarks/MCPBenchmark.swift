import Foundation

/// The cost of `intentflow mcp`, each figure next to a baseline measured in the same run.
///
/// Warm: a `tools/call` of a one-step workflow (`text.uppercase`) through the built server,
/// against a pipe echo — the same request line written to `cat` and its line read back, by
/// the same bare blocking `write`/`read` loop — which is the floor of any stdio round trip.
/// The two take turns in small batches, so that the load of a shared machine falls on both
/// alike; each figure is the median of single calls. The issue's bound: at most 1.5×.
///
/// Cold: spawning the server with 100 workflows in its directory and reading the answers to
/// `initialize` and `tools/list`, against spawning `cat` and reading one echoed line. The
/// issue's bound: within 20 ms.
///
/// The server is the `intentflow` built beside this benchmark (`swift build -c release`
/// builds both).
func runMCPBenchmark() async throws {
  let bench: MCPBench
  do {
    bench = try MCPBench()
  } catch let error as BenchError {
    print("  skipped: \(error)")
    return
  }
  defer { bench.remove() }
  let warm = try bench.warmCalls(rounds: 40, batch: 50)
  let echo = warm.echo.median
  print("warm tools/call: median of \(warm.echo.count) single calls each, taking turns")
  print("  pipe echo through cat (baseline):  \(micros(echo)) µs   1.0x")
  print(
    "  tools/call of a one-step workflow: \(micros(warm.call.median)) µs   "
      + "\(ratio(warm.call.median, echo))   p90 \(micros(warm.call.p90)) µs   (bound 1.5x)")
  let cold = try bench.starts(count: 15)
  print("cold start: median of \(cold.echo.count) each, taking turns")
  print("  spawn cat + one echo (baseline):             \(millis(cold.echo.median)) ms")
  print(
    "  spawn + initialize + tools/list, 100 flows:  \(millis(cold.server.median)) ms   "
      + "\(ratio(cold.server.median, cold.echo.median))   (bound 20 ms)")
}

private struct MCPBench {
  let directory: URL
  let binary: URL

  static let initialize = line(
    #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","#
      + #""capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}"#)
  static let list = line(#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}"#)
  static let call = line(
    #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"flow-0","#
      + #""arguments":{"text":"hi"}}}"#)

  static func line(_ text: String) -> [UInt8] { Array(text.utf8) + [0x0A] }

  init() throws {
    binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("intentflow")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw BenchError("build the server first: swift build -c release (no \(binary.path))")
    }
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("intentflow-bench-mcp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for index in 0..<100 {
      let text =
        #"{"name": "flow-\#(index)", "description": "Shout \#(index).", "#
        + #""inputs": {"text": {"type": "string", "default": "hi"}}, "#
        + #""steps": [{"intent": "text.uppercase", "parameters": {"input": "${inputs.text}"}}]}"#
      try Data(text.utf8).write(to: directory.appendingPathComponent("flow-\(index).json"))
    }
  }

  func remove() { try? FileManager.default.removeItem(at: directory) }

  func server() throws -> LinePipe {
    try LinePipe(
      binary, ["mcp", "--workflows", directory.path],
      environment: ["INTENTFLOW_HOME": directory.appendingPathComponent("home").path])
  }

  func warmCalls(rounds: Int, batch: Int) throws -> (echo: Sample, call: Sample) {
    let clock = ContinuousClock()
    let echo = try LinePipe(URL(fileURLWithPath: "/bin/cat"), [], environment: [:])
    let server = try server()
    defer {
      echo.stop()
      server.stop()
    }
    try server.exchange(Self.initialize)
    var result = (echo: Sample(), call: Sample())
    for round in -3..<rounds {
      var times: ([Duration], [Duration]) = ([], [])
      for _ in 0..<batch {
        var start = clock.now
        try echo.exchange(Self.call)
        times.0.append(clock.now - start)
        start = clock.now
        try server.exchange(Self.call)
        times.1.append(clock.now - start)
      }
      guard round >= 0 else { continue }  // warming up
      result.echo.values += times.0
      result.call.values += times.1
    }
    return result
  }

  func starts(count: Int) throws -> (echo: Sample, server: Sample) {
    let clock = ContinuousClock()
    var result = (echo: Sample(), server: Sample())
    for _ in 0..<count {
      var start = clock.now
      let echo = try LinePipe(URL(fileURLWithPath: "/bin/cat"), [], environment: [:])
      try echo.exchange(Self.initialize)
      result.echo.values.append(clock.now - start)
      echo.stop()
      start = clock.now
      let server = try server()
      try server.exchange(Self.initialize)
      try server.exchange(Self.list)
      result.server.values.append(clock.now - start)
      server.stop()
    }
    return result
  }
}

/// A child process driven by bare blocking `write` and `read` of whole lines.
private final class LinePipe {
  let process = Process()
  let input = Pipe()
  let output = Pipe()
  var buffer = [UInt8](repeating: 0, count: 1 << 20)

  init(_ executable: URL, _ arguments: [String], environment: [String: String]) throws {
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment.merging(["PATH": "/usr/bin:/bin", "TZ": "UTC"]) { a, _ in a }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// Writes one line and reads one whole line back.
  func exchange(_ line: [UInt8]) throws {
    let written = line.withUnsafeBytes {
      write(input.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count)
    }
    guard written == line.count else { throw BenchError("the child stopped reading") }
    let descriptor = output.fileHandleForReading.fileDescriptor
    var count = 0
    repeat {
      let got = buffer.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress.map { $0 + count }, bytes.count - count)
      }
      guard got > 0 else { throw BenchError("the child exited") }
      count += got
    } while buffer[count - 1] != 0x0A
  }

  func stop() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}

private struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Durations of single calls.
private struct Sample {
  var values: [Duration] = []
  var count: Int { values.count }
  var median: Duration { quantile(0.5) }
  var p90: Duration { quantile(0.9) }

  func quantile(_ q: Double) -> Duration {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .zero }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]
  }
}

private func micros(_ duration: Duration) -> String {
  String(format: "%.1f", seconds(duration) * 1e6)
}

private func millis(_ duration: Duration) -> String {
  String(format: "%.2f", seconds(duration) * 1e3)
}

private func ratio(_ value: Duration, _ baseline: Duration) -> String {
  String(format: "%.2fx", seconds(value) / max(seconds(baseline), 1e-12))
}

private func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
