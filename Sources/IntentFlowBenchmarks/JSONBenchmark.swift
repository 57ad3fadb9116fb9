import IntentKit
import StrictJSON

/// Parses and writes a 10 MB workflow-like document, printing throughput.
///
/// The document is built in memory from a fixed recipe, so runs are comparable: pretty-printed
/// workflows with schedules and steps, objects about five levels deep, strings with the
/// occasional escape or non-ASCII character, integers and decimals.
func runJSONBenchmark() async throws {
  let document = makeBenchmarkDocument(approximateBytes: 10_000_000)
  let bytes = document.serializedBytes(pretty: true)
  let megabytes = Double(bytes.count) / 1_000_000
  print("document: \(formatted(megabytes)) MB, pretty-printed")

  let runs = 10
  let root = try JSONParser.parse(bytes)  // Warm up, and check that it parses.
  let parse = try measure(runs: runs) { () throws(JSONSyntaxError) in
    try JSONParser.parse(bytes)
  }
  report("parse", parse, megabytes: megabytes, runs: runs)

  let compact = document.serializedBytes()
  let parseCompact = try measure(runs: runs) { () throws(JSONSyntaxError) in
    try JSONParser.parse(compact)
  }
  report("parse compact", parseCompact, megabytes: Double(compact.count) / 1_000_000, runs: runs)

  let plain = measure(runs: runs) { root.plainValue }
  report("plainValue", plain, megabytes: megabytes, runs: runs)

  let value = root.plainValue
  let write = measure(runs: runs) { value.serializedBytes(pretty: true) }
  report("serialize pretty", write, megabytes: megabytes, runs: runs)
}

/// The best and median duration of `runs` runs of `body`, not counting the release of its
/// result.
private func measure<Result, E: Error>(
  runs: Int, _ body: () throws(E) -> Result
) throws(E) -> (best: Duration, median: Duration) {
  let clock = ContinuousClock()
  var durations: [Duration] = []
  for _ in 0..<runs {
    let start = clock.now
    let result = try body()
    durations.append(start.duration(to: clock.now))
    withExtendedLifetime(result) {}
  }
  durations.sort()
  return (durations[0], durations[durations.count / 2])
}

private func report(
  _ name: String, _ timing: (best: Duration, median: Duration), megabytes: Double, runs: Int
) {
  let best = milliseconds(timing.best)
  let median = milliseconds(timing.median)
  print(
    "\(name): \(formatted(median)) ms median, \(formatted(best)) ms best of \(runs); "
      + "\(formatted(megabytes / median * 1000)) MB/s median, "
      + "\(formatted(megabytes / best * 1000)) MB/s best")
}

private func milliseconds(_ duration: Duration) -> Double {
  duration.inMilliseconds
}

private func formatted(_ value: Double) -> String {
  // Int(_:) truncates; adding a half rounds the positive figures printed here, without libm.
  let tenths = Int(value * 10 + 0.5)
  return "\(tenths / 10).\(tenths % 10)"
}

/// A document of workflows that grows until its pretty form is about `approximateBytes` long.
private func makeBenchmarkDocument(approximateBytes: Int) -> JSONValue {
  let intents = [
    "todos.complete", "todos.add", "calendar.nextEvent", "messages.send", "files.move",
    "weather.forecast", "notes.append", "shell.run",
  ]
  let titles = [
    "Buy milk", "Café au lait at 8", "Send the \"weekly\" report", "Water the plants",
    "Backup C:\\Projects", "Řešení úkolů", "Call mom\nthen dad", "日本語のメモ",
  ]
  var workflows: [JSONValue] = []
  var size = 0
  var seed: UInt64 = 0x5EED
  func next(_ bound: Int) -> Int {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((seed >> 33) % UInt64(bound))
  }
  while size < approximateBytes {
    let number = workflows.count + 1
    var steps: [JSONValue] = []
    for stepNumber in 1...(3 + next(6)) {
      let parameters: JSONValue = [
        "title": .string(titles[next(titles.count)]),
        "count": .integer(next(1000)),
        "ratio": .number(Double(next(10_000)) / 100),
        "tags": ["home", "errand", .string("tag-\(next(50))")],
        "notify": .bool(next(2) == 0),
        "target": ["kind": "list", "id": .string("list-\(next(20))"), "extra": .null],
      ]
      steps.append([
        "id": .string("step-\(stepNumber)"),
        "intent": .string(intents[next(intents.count)]),
        "parameters": parameters,
        "timeout": .number(Double(next(600)) / 10),
        "retry": ["attempts": .integer(next(5)), "backoff": 1.5],
      ])
    }
    let workflow: JSONValue = [
      "id": .string("workflow-\(number)"),
      "name": .string("Routine \(number): \(titles[next(titles.count)])"),
      "enabled": .bool(next(3) != 0),
      "schedule": ["cron": "0 7 * * 1-5", "timeZone": "Europe/Prague"],
      "steps": .array(steps),
    ]
    // Nested two levels down in the document, each line gets four more spaces of indentation.
    let text = workflow.serializedBytes(pretty: true)
    size += text.count + 4 * text.count { $0 == 0x0A } + 6
    workflows.append(workflow)
  }
  return ["version": 1, "workflows": .array(workflows)]
}
