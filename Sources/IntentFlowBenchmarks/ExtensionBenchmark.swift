import Extensions
import Foundation
import IntentKit
import StandardIntents
import StrictJSON

/// The cost of an extension: its start (spawn, `initialize`, `tools/list`), a warm call as a
/// raw JSON-RPC round trip and as a whole intent invocation, side by side with a built-in intent
/// in process and with starting the same Python tool once per call.
func runExtensionBenchmark() async throws {
  let clock = ContinuousClock()
  let script = FileManager.default.temporaryDirectory
    .appendingPathComponent("intentflow-bench-echo-\(UUID().uuidString).py").path
  try Data(extensionBenchmarkServer.utf8).write(to: URL(fileURLWithPath: script))
  defer { try? FileManager.default.removeItem(atPath: script) }
  let configuration = ExtensionConfiguration(
    name: "bench", command: "python3", arguments: [script], wireProtocol: .mcp)
  let host = ExtensionHost(
    catalog: ExtensionCatalog(path: nil, extensions: [configuration]),
    environment: ProcessInfo.processInfo.environment, cacheDirectory: nil, clientVersion: "bench")

  var start = clock.now
  let session = try await host.session("bench")
  let startTime = clock.now - start
  var registry = IntentRegistry()
  _ = await host.register(into: &registry)
  guard let echo = registry.intent("bench.echo"),
    let uppercase = StandardIntents.registry.intent("text.uppercase")
  else { return }

  let calls = 2000
  let params: JSONValue = .object([("name", "echo"), ("arguments", .object([("text", "hi")]))])
  for _ in 0..<100 { _ = try await session.connection.request("tools/call", params: params) }
  start = clock.now
  for _ in 0..<calls { _ = try await session.connection.request("tools/call", params: params) }
  let roundTrip = (clock.now - start) / calls

  start = clock.now
  for _ in 0..<calls {
    _ = try await IntentInvocation(echo, arguments: ["text": .text("hi")]).run()
  }
  let invocation = (clock.now - start) / calls

  start = clock.now
  for _ in 0..<calls {
    _ = try await IntentInvocation(uppercase, arguments: ["input": .text("hi")]).run()
  }
  let builtIn = (clock.now - start) / calls

  let spawns = 20
  start = clock.now
  for _ in 0..<spawns {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "print('hi')"]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
  }
  let direct = (clock.now - start) / spawns
  await host.shutdown()

  func micro(_ duration: Duration) -> String {
    let value =
      Double(duration.components.seconds) * 1e6
      + Double(duration.components.attoseconds) / 1e12
    return String(format: "%.0f", value)
  }
  print("extension start (spawn, initialize, tools/list): \(micro(startTime)) µs")
  print("warm tools/call round trip:        \(micro(roundTrip)) µs per call")
  print("warm extension intent invocation:  \(micro(invocation)) µs per call")
  print("built-in text.uppercase invocation: \(micro(builtIn)) µs per call")
  print("python3 -c started per call:       \(micro(direct)) µs per call")
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
