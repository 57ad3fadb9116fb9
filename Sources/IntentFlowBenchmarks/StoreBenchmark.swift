import Foundation
import Storage

/// Times what the runner and the scheduler do with the run store, and prints microseconds.
///
/// Each figure is the median of many samples (the best, for the 10,000-insert batch), taken on
/// a store in a temporary directory: the file is in the page cache, as it is when cron starts
/// the runner every minute, but every "open" is a new connection that prepares its
/// statements again, as a new process does.
func runStoreBenchmark() async throws {
  if let mode = ProcessInfo.processInfo.environment[StoreTiming.childVariable] {
    try StoreTiming.runAsChild(mode: mode)
  }
  let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("intentflow-store-benchmark-\(UUID().uuidString)", isDirectory: true)
  defer { try? FileManager.default.removeItem(at: root) }
  let home = IntentFlowHome(directory: root.appendingPathComponent("home", isDirectory: true))

  let firstOpen = try StoreTiming.median(of: 20) { sample in
    let fresh = IntentFlowHome(directory: root.appendingPathComponent("fresh-\(sample)"))
    return try StoreTiming.measure { _ = try RunStore(home: fresh) }
  }
  StoreTiming.report("open a new store (create the file, migrate)", firstOpen)

  // The runner's case: open the store, record one run, close. Without another connection,
  // SQLite creates the WAL and shared-memory files on open and removes them on close; with
  // one (the scheduler daemon's), it reuses them.
  _ = try RunStore(home: home)
  var clock = 1_700_000_000.0
  func runnersUse(_ store: RunStore, trigger: RunTrigger) throws {
    clock += 60
    let startedAt = Date(timeIntervalSince1970: clock)
    let id = try store.beginRun(
      workflowName: "plan-the-day", workflowPath: "/w/plan-the-day.json", trigger: trigger,
      startedAt: startedAt, processID: 4242)
    try store.finishRun(
      id: id, finishedAt: startedAt.addingTimeInterval(0.2), status: "succeeded", exitCode: 0)
  }
  for daemonIsRunning in [false, true] {
    let daemon = daemonIsRunning ? try RunStore(home: home) : nil
    let situation = daemonIsRunning ? "another connection open" : "no other connection"
    try withExtendedLifetime(daemon) {
      let open = try StoreTiming.median(of: 200) { _ in
        try StoreTiming.measure { _ = try RunStore(home: home) }
      }
      StoreTiming.report("open + close an existing store, \(situation)", open)
      let whole = try StoreTiming.median(of: 100) { _ in
        try StoreTiming.measure { try runnersUse(RunStore(home: home), trigger: .manual) }
      }
      StoreTiming.report("open + begin + finish + close, \(situation)", whole)
    }
  }

  // The same in a new process each time, as cron runs the runner. Closing the last connection
  // checkpoints the WAL into the database and syncs it, and the next process's first write
  // starts a new WAL and syncs its header. Exiting with the store open skips both: the WAL
  // stays, the next process replays it when it opens (a few µs a page), and a commit
  // checkpoints it once it reaches 1000 pages.
  for mode in ["close", "exit"] {
    let (work, close) = try StoreTiming.childProcesses(mode: mode, home: home, count: 100)
    let ending = mode == "close" ? "close, exit" : "exit without closing"
    StoreTiming.report("new process: open, begin, finish, \(ending)", work + close)
    if mode == "close" {
      StoreTiming.report("  of which closing (checkpoint, fsync)", close)
    }
  }

  let store = try RunStore(home: home)
  let beginAndFinish = try StoreTiming.median(of: 2000) { _ in
    try StoreTiming.measure { try runnersUse(store, trigger: .schedule) }
  }
  StoreTiming.report("begin + finish one run on an open store", beginAndFinish)

  let insert = """
    INSERT INTO runs (workflow_name, workflow_path, trigger, started_at, process_id)
    VALUES (?, ?, ?, ?, ?)
    """
  let batch = try StoreTiming.best(of: 5) {
    try StoreTiming.measure {
      try store.database.transaction { transaction in
        for number in 0..<10_000 {
          try transaction.run(
            insert,
            [
              .text("batch"), .text("/w/batch.json"), .text("manual"),
              .real(clock + Double(number)), .integer(Int64(number)),
            ])
        }
      }
    }
  }
  StoreTiming.report("10,000 inserts in one transaction", batch, per: 10_000)

  for minute in 0..<10_000 {
    let fireTime = Date(timeIntervalSince1970: 1_700_000_000 + Double(minute) * 60)
    try store.record(
      NewScheduleEvent(
        workflowName: "every-minute", workflowPath: "/w/every-minute.json",
        kind: minute % 10 == 9 ? .skipped : .fired, scheduledFor: fireTime,
        recordedAt: fireTime))
  }
  let lastFire = try StoreTiming.median(of: 2000) { _ in
    try StoreTiming.measure { _ = try store.lastFire(workflowPath: "/w/every-minute.json") }
  }
  StoreTiming.report("lastFire among 10,000 events", lastFire)

  let recentRuns = try StoreTiming.median(of: 1000) { _ in
    try StoreTiming.measure { _ = try store.runs(workflowName: "plan-the-day", limit: 20) }
  }
  StoreTiming.report("runs(workflowName:limit: 20) among 13,200 runs", recentRuns)

  let recentEvents = try StoreTiming.median(of: 500) { _ in
    try StoreTiming.measure {
      _ = try store.events(workflowPath: "/w/every-minute.json", kinds: [.fired], limit: 100)
    }
  }
  StoreTiming.report("events(workflowPath:kinds:limit: 100)", recentEvents)
}

/// Timing helpers for the store benchmark.
enum StoreTiming {
  static let childVariable = "INTENTFLOW_STORE_BENCHMARK_CHILD"
  static let homeVariable = "INTENTFLOW_STORE_BENCHMARK_HOME"

  /// In a child process: what a runner does with the store, timed; prints "work close" in µs.
  static func runAsChild(mode: String) throws -> Never {
    let path = ProcessInfo.processInfo.environment[homeVariable] ?? "."
    let home = IntentFlowHome(directory: URL(fileURLWithPath: path, isDirectory: true))
    var store: RunStore?
    let startedAt = Date()
    let work = try measure {
      let opened = try RunStore(home: home)
      let id = try opened.beginRun(
        workflowName: "plan-the-day", workflowPath: "/w/plan-the-day.json", trigger: .schedule,
        startedAt: startedAt, processID: getpid())
      try opened.finishRun(id: id, finishedAt: Date(), status: "succeeded", exitCode: 0)
      store = opened
    }
    let close = measure { if mode == "close" { store = nil } }
    print(work, close)
    withExtendedLifetime(store) { exit(0) }
  }

  struct ChildFailed: Error, CustomStringConvertible {
    var description: String
  }

  /// Medians of the children's "work" and "close" figures, from `count` children in turn.
  static func childProcesses(
    mode: String, home: IntentFlowHome, count: Int
  ) throws -> (work: Double, close: Double) {
    var works: [Double] = []
    var closes: [Double] = []
    for _ in 0..<count {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
      process.arguments = ["store"]
      var environment = ProcessInfo.processInfo.environment
      environment[childVariable] = mode
      environment[homeVariable] = home.path
      process.environment = environment
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      // The last line; main.swift prints a heading first.
      let output = String(decoding: data, as: UTF8.self)
      let lastLine = output.split(separator: "\n").last ?? ""
      let figures = lastLine.split(separator: " ").compactMap { Double($0) }
      guard process.terminationStatus == 0, figures.count == 2 else {
        throw ChildFailed(description: "store benchmark child failed: \(output)")
      }
      works.append(figures[0])
      closes.append(figures[1])
    }
    return (works.sorted()[count / 2], closes.sorted()[count / 2])
  }

  /// Microseconds taken by `body`.
  static func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
  }

  static func median(of count: Int, _ sample: (Int) throws -> Double) rethrows -> Double {
    var samples: [Double] = []
    for index in 0..<count {
      samples.append(try sample(index))
    }
    samples.sort()
    return samples[samples.count / 2]
  }

  static func best(of count: Int, _ sample: () throws -> Double) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<count {
      best = min(best, try sample())
    }
    return best
  }

  static func report(_ what: String, _ microseconds: Double, per items: Int? = nil) {
    let padded = what.padding(toLength: 56, withPad: " ", startingAt: 0)
    var line = "store  \(padded) \(format(microseconds)) µs"
    if let items {
      line += "  (\(format(microseconds / Double(items))) µs each)"
    }
    print(line)
  }

  static func format(_ value: Double) -> String {
    value >= 100 ? String(Int(value.rounded())) : String(format: "%.1f", value)
  }
}
