import Foundation
import Storage

/// What a long write-ahead log costs each `intentflow run`, and what checkpointing at 100
/// pages (instead of SQLite's 1,000) saves.
///
/// The first connection to open a database rebuilds the log's index by reading the whole
/// log, and every run is a new process, so every run pays for the log's length. The first
/// figures time that alone (open, one read, close) with an empty log and with one of about
/// 1,000 frames; the last ones are the mean cost of a run (open, record, finish, close) over
/// 2,000 runs in a row, with the log checkpointed at 1,000 pages and at 100.
func runWALBenchmark() async throws {
  let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("intentflow-wal-benchmark-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: root) }

  for wanted in [0, 1000] {
    let path = root.appendingPathComponent("log-\(wanted).sqlite").path
    var frames = 0
    do {
      let writer = try RunStore(database: Database(path: path))
      try writer.database.execute("PRAGMA wal_autocheckpoint = 0")
      try writer.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
      var second = 1_700_000_000.0
      while walFrames(path) < wanted {
        second += 60
        try record(in: writer, at: second)
      }
      frames = walFrames(path)
    }
    let open = try WALTiming.median(of: 200) { _ in
      try WALTiming.measure { _ = try RunStore(database: Database(path: path)).runs(limit: 1) }
    }
    WALTiming.report("open and read, log of \(frames) frames", open)
  }

  for pages in [1000, 400, 200, 100] {
    let path = root.appendingPathComponent("runs-\(pages).sqlite").path
    _ = try RunStore(database: Database(path: path))
    var second = 1_700_000_000.0
    var total = 0.0
    let runs = 2000
    for _ in 0..<runs {
      second += 60
      total += try WALTiming.measure {
        let store = try RunStore(database: Database(path: path))
        try store.database.execute("PRAGMA wal_autocheckpoint = \(pages)")
        try record(in: store, at: second)
      }
    }
    WALTiming.report("a run, mean of \(runs), checkpoint at \(pages) pages", total / Double(runs))
  }
}

/// Records one finished run, as `intentflow run` does.
private func record(in store: RunStore, at second: Double) throws {
  let startedAt = Date(timeIntervalSince1970: second)
  let id = try store.beginRun(
    workflowName: "plan-the-day", workflowPath: "/w/plan-the-day.json", trigger: .manual,
    startedAt: startedAt, processID: 4242)
  try store.finishRun(
    id: id, finishedAt: startedAt.addingTimeInterval(0.2), status: "succeeded", exitCode: 0)
}

/// The frames in the database's log: its size less the 32-byte header, in 24-byte frame
/// headers plus 4,096-byte pages.
private func walFrames(_ path: String) -> Int {
  let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size]) as? Int
  return max(0, ((size ?? 0) - 32) / (24 + 4096))
}

/// Timing helpers (microseconds) for this file.
private enum WALTiming {
  static func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
  }

  static func median(of count: Int, _ sample: (Int) throws -> Double) rethrows -> Double {
    var samples: [Double] = []
    for index in 0..<count { samples.append(try sample(index)) }
    return samples.sorted()[count / 2]
  }

  static func report(_ what: String, _ microseconds: Double) {
    print(
      "wal  " + what.padding(toLength: 52, withPad: " ", startingAt: 0)
        + String(format: " %7.0f µs", microseconds))
  }
}
