import DataIntents
import Extensions
import Foundation
import IntentKit
import StandardIntents
import StrictJSON

/// The cost of an extension, each figure next to a baseline measured in the same run.
///
/// Warm calls: a raw `tools/call` round trip through ``JSONRPCConnection`` and a whole intent
/// invocation, against a pipe echo — a second copy of the same Python server driven by a bare
/// blocking `write`/`read` loop, which is the floor any client can reach — and a built-in
/// intent. The kinds take turns in small batches, so that the load of a shared machine falls
/// on all of them alike, and each figure is the median of single calls.
///
/// Start: spawn, `initialize`, `tools/list` and the first call, against running the same tool
/// directly (the server started for one call, as a program run once per call would be).
func runExtensionBenchmark() async throws {
  let bench = try ExtensionBench()
  defer { bench.remove() }

  let warm = try await bench.warmCalls(rounds: 60, batch: 40)
  let echo = warm.echo.median
  print("warm calls: median of \(warm.echo.count) single calls each, taking turns")
  print(
    "  pipe echo, bare write/read (baseline): \(micros(echo)) µs   1.0x"
      + "   p90 \(micros(warm.echo.p90)) µs")
  for (label, sample) in [
    ("tools/call round trip", warm.raw), ("extension intent invocation", warm.intent),
    ("  the same, no step timeout", warm.untimed), ("built-in text.uppercase", warm.builtIn),
  ] {
    print(
      "  \(label.padding(toLength: 38, withPad: " ", startingAt: 0))"
        + "\(micros(sample.median)) µs   \(ratio(sample.median, echo))"
        + "   p90 \(micros(sample.p90)) µs")
  }
  print(
    "  overhead over the pipe echo: \(micros(warm.raw.median - echo)) µs a round trip, "
      + "\(micros(warm.intent.median - echo)) µs an invocation")

  let cold = try await bench.starts(count: 7)
  let direct = cold.direct.median
  print("start: median of \(cold.direct.count) each, taking turns")
  print(
    "  the tool run directly, once per call (baseline): \(millis(direct)) ms   1.0x")
  print(
    "  extension start + first call:                    \(millis(cold.start.median)) ms   "
      + ratio(cold.start.median, direct))
}

/// For a profiler: nothing but warm `tools/call` round trips, or whole invocations of the
/// extension's intent when `invocations` is set, for `seconds`.
func runExtensionCallsForProfiling(invocations: Bool, seconds: Int = 5) async throws {
  let bench = try ExtensionBench()
  defer { bench.remove() }
  let host = bench.host()
  let session = try await host.session("bench")
  var registry = IntentRegistry()
  _ = await host.register(into: &registry)
  guard let intent = registry.intent("bench.echo") else { return }
  let clock = ContinuousClock()
  let end = clock.now + .seconds(seconds)
  var calls = 0
  while clock.now < end {
    for _ in 0..<1000 {
      if invocations {
        _ = try await IntentInvocation(intent, arguments: ["text": .text("hi")]).run()
      } else {
        _ = try await session.connection.request("tools/call", params: ExtensionBench.params)
      }
    }
    calls += 1000
  }
  await host.shutdown()
  print("\(calls) calls, \(micros((clock.now - end + .seconds(seconds)) / calls)) µs each")
}

/// The fixture server on disk and the runs of the benchmark.
private struct ExtensionBench {
  let script: String
  static let params: JSONValue = .object([
    ("name", "echo"), ("arguments", .object([("text", "hi")])),
  ])
  /// The request the pipe echo sends: what the connection sends for id 12.
  static let request =
    Array(
      #"{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}"#
        .utf8) + [0x0A]

  init() throws {
    script =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("intentflow-bench-echo-\(UUID().uuidString).py").path
    try Data(extensionBenchmarkServer.utf8).write(to: URL(fileURLWithPath: script))
  }

  func remove() { try? FileManager.default.removeItem(atPath: script) }

  func host() -> ExtensionHost {
    let configuration = ExtensionConfiguration(
      name: "bench", command: "python3", arguments: [script], wireProtocol: .mcp)
    return ExtensionHost(
      catalog: ExtensionCatalog(path: nil, extensions: [configuration]),
      environment: ProcessInfo.processInfo.environment, cacheDirectory: nil,
      clientVersion: "bench")
  }

  struct Warm {
    var echo = Sample()
    var raw = Sample()
    var intent = Sample()
    var untimed = Sample()
    var builtIn = Sample()
  }

  func warmCalls(rounds: Int, batch: Int) async throws -> Warm {
    let clock = ContinuousClock()
    let host = host()
    let session = try await host.session("bench")
    var registry = IntentRegistry()
    _ = await host.register(into: &registry)
    let echo = try PipeEcho(script: script)
    defer { echo.stop() }
    guard let intent = registry.intent("bench.echo"),
      let uppercase = StandardIntents.registry.intent("text.uppercase")
    else { throw ExtensionError("the benchmark server declares no 'echo' tool") }
    let params = Self.params
    // Without a step timeout no timer is armed: the difference is the timer's cost.
    var untimed = IntentInvocation.Options()
    untimed.timeout = nil
    var warm = Warm()
    for round in -5..<rounds {
      // The first rounds warm up every path and are not counted.
      var times: [[Duration]] = [[], [], [], [], []]
      for _ in 0..<batch {
        var start = clock.now
        try echo.call()
        times[0].append(clock.now - start)
        start = clock.now
        _ = try await session.connection.request("tools/call", params: params)
        times[1].append(clock.now - start)
      }
      for _ in 0..<batch {
        let start = clock.now
        _ = try await IntentInvocation(intent, arguments: ["text": .text("hi")]).run()
        times[2].append(clock.now - start)
      }
      for _ in 0..<batch {
        let start = clock.now
        _ = try await IntentInvocation(uppercase, arguments: ["input": .text("hi")]).run()
        times[3].append(clock.now - start)
      }
      for _ in 0..<batch {
        let start = clock.now
        _ = try await IntentInvocation(intent, arguments: ["text": .text("hi")], options: untimed)
          .run()
        times[4].append(clock.now - start)
      }
      guard round >= 0 else { continue }
      warm.echo.values += times[0]
      warm.raw.values += times[1]
      warm.intent.values += times[2]
      warm.builtIn.values += times[3]
      warm.untimed.values += times[4]
    }
    await host.shutdown()
    return warm
  }

  struct Cold {
    var direct = Sample()
    var start = Sample()
  }

  func starts(count: Int) async throws -> Cold {
    let clock = ContinuousClock()
    var cold = Cold()
    for _ in 0..<count {
      var start = clock.now
      let echo = try PipeEcho(script: script)
      try echo.call()
      echo.stop()
      cold.direct.values.append(clock.now - start)

      let host = host()
      start = clock.now
      let session = try await host.session("bench")
      _ = try await session.connection.request("tools/call", params: Self.params)
      cold.start.values.append(clock.now - start)
      await host.shutdown()
    }
    return cold
  }
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

/// The same Python server, driven by a bare blocking `write` and `read`: no JSON, no threads,
/// no tasks on this side.
private final class PipeEcho {
  let process = Process()
  let input = Pipe()
  let output = Pipe()
  var buffer = [UInt8](repeating: 0, count: 65_536)

  init(script: String) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
  }

  /// One request and its whole reply line.
  func call() throws {
    let request = ExtensionBench.request
    let written = request.withUnsafeBytes {
      write(input.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count)
    }
    guard written == request.count else { throw ExtensionError("the pipe echo stopped reading") }
    let descriptor = output.fileHandleForReading.fileDescriptor
    var count = 0
    repeat {
      let got = buffer.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress.map { $0 + count }, bytes.count - count)
      }
      guard got > 0 else { throw ExtensionError("the pipe echo exited") }
      count += got
    } while buffer[count - 1] != 0x0A
  }

  func stop() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}

private func micros(_ duration: Duration) -> String {
  String(format: "%.1f", seconds(duration) * 1e6)
}

private func millis(_ duration: Duration) -> String {
  String(format: "%.1f", seconds(duration) * 1e3)
}

private func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

private func ratio(_ value: Duration, _ baseline: Duration) -> String {
  String(format: "%.1fx", seconds(value) / max(seconds(baseline), 1e-12))
}

/// The smallest MCP server: one tool that echoes its text.
private let extensionBenchmarkServer = """
  import json, sys
  for line in sys.stdin:
      m = json.loads(line)
      i, method = m.get("id"), m.get("method")
      if method == "initialize":
          r = {"protocolVersion": "2025-06-18", "capabilities": {}}
      elif method == "tools/list":
          r = {"tools": [{"name": "echo", "inputSchema": {"type": "object",
               "properties": {"text": {"type": "string"}}, "required": ["text"]}}]}
      elif method == "tools/call":
          r = {"content": [{"type": "text", "text": m["params"]["arguments"]["text"]}]}
      else:
          continue
      sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": i, "result": r}) + "\\n")
      sys.stdout.flush()
  """
