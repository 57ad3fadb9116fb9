import Foundation
import StandardIntents
import Storage
import WorkflowEngine

/// The figures of issue 22 (durable runs), through the real `intentflow` binary built beside
/// this one, each against a baseline measured in the same run:
///
/// - a cold 3-step run with its step history, against the same run without it
///   (`INTENTFLOW_STEP_HISTORY=off`);
/// - the engine's time per step of a 100,000-pass `repeat` through the CLI, history included,
///   against the bare executor's in this process;
/// - a `forEach` over 1,000,000 items read at run time, time and peak memory, against the
///   same job as a Python list comprehension;
/// - `resume` of a 10,000-step run at its last step, against a cold 1-step run.
///
/// `soak [KILLS]` kills a 200-step run at random points (500 times by default) and resumes
/// each: see ``runKillSoak()``.
func runDurableBenchmark() async throws {
  let binary = try DurableRuns.binary()
  let work = try DurableRuns.scratch()
  defer { try? FileManager.default.removeItem(atPath: work) }
  let home = work + "/home"
  let environment = ["INTENTFLOW_HOME": home]

  // Step history on a cold 3-step run.
  let three = work + "/three.json"
  try DurableRuns.write(
    three,
    #"""
    {"name":"three","steps":[
      {"intent":"text.uppercase","parameters":{"input":"hello"}},
      {"intent":"text.uppercase"},
      {"intent":"text.uppercase"}]}
    """#)
  var with: [Double] = []
  var without: [Double] = []
  for round in 0..<41 {
    let on = DurableRuns.spawn([binary, "run", three], environment: environment)
    let off = DurableRuns.spawn(
      [binary, "run", three],
      environment: environment.merging(["INTENTFLOW_STEP_HISTORY": "off"]) { $1 })
    guard on.status == 0, off.status == 0 else {
      throw DurableRuns.Failure("the 3-step run failed")
    }
    if round > 0 {  // the first warms the file system's caches
      with.append(on.wall)
      without.append(off.wall)
    }
  }
  let withMedian = DurableRuns.median(with)
  let withoutMedian = DurableRuns.median(without)
  print(
    "cold 3-step run, step history: \(DurableRuns.ms(withMedian)) ms against "
      + "\(DurableRuns.ms(withoutMedian)) ms without (\(DurableRuns.ratio(withMedian, withoutMedian))×, "
      + "median of 40 each, alternating); goal ≤ 1.10×")

  // 100,000 passes through the CLI, against the bare executor.
  let passes = 100_000
  /// The CLI's CPU time a step of `repeat` N, against `repeat` 1, best of 5 alternating.
  func perStep(_ name: String, output: String?) throws -> Double {
    let many = work + "/\(name)-many.json"
    let one = work + "/\(name)-one.json"
    try DurableRuns.write(many, DurableRuns.repeatWorkflow(passes, output: output))
    try DurableRuns.write(one, DurableRuns.repeatWorkflow(1, output: output))
    var (manyTime, oneTime) = (Double.infinity, Double.infinity)
    for _ in 0..<5 {
      manyTime = min(
        manyTime, DurableRuns.spawn([binary, "run", many], environment: environment).cpu)
      oneTime = min(oneTime, DurableRuns.spawn([binary, "run", one], environment: environment).cpu)
    }
    return (manyTime - oneTime) / Double(passes - 1)
  }
  let cliPerStep = try perStep("output", output: nil)
  // The same without an output to print and record: the loop's list is not made at all.
  let quietPerStep = try perStep("quiet", output: "done")
  let many = work + "/output-many.json"
  let one = work + "/output-one.json"
  let loader = WorkflowLoader(registry: StandardIntents.registry)
  let manyPlan = try loader.load(path: many)
  let onePlan = try loader.load(path: one)
  let executor = Executor()
  var bareMany = Double.infinity
  var bareOne = Double.infinity
  for _ in 0..<5 {
    var start = DurableRuns.processCPU()
    _ = await executor.run(manyPlan)
    bareMany = min(bareMany, DurableRuns.processCPU() - start)
    start = DurableRuns.processCPU()
    _ = await executor.run(onePlan)
    bareOne = min(bareOne, DurableRuns.processCPU() - start)
  }
  let barePerStep = (bareMany - bareOne) / Double(passes - 1)
  print(
    "repeat 100,000 through the CLI, history on: \(DurableRuns.us(cliPerStep)) µs a step "
      + "against \(DurableRuns.us(barePerStep)) µs in the bare executor "
      + "(\(DurableRuns.ratio(cliPerStep, barePerStep))×, CPU time, best of 5); goal ≤ 1 µs a step")
  print(
    "  the same, its 100,000 outputs neither printed nor recorded (\"output\": \"done\"): "
      + "\(DurableRuns.us(quietPerStep)) µs a step (\(DurableRuns.ratio(quietPerStep, barePerStep))× "
      + "the bare executor's)")

  // A forEach over 1,000,000 items read at run time, against Python.
  let items = work + "/items.json"
  try DurableRuns.write(
    items, "[" + (0..<1_000_000).map { "\"\($0)\"" }.joined(separator: ",") + "]")
  let million = work + "/million.json"
  try DurableRuns.write(
    million,
    #"""
    {"name":"million","inputs":{"path":{"type":"text"}},"steps":[
      {"id":"text","intent":"files.read","parameters":{"file":"${inputs.path}"}},
      {"id":"items","intent":"json.parse","parameters":{"input":"${text}"}},
      {"id":"each","forEach":"${items}","as":"x","steps":[
        {"intent":"text.uppercase","parameters":{"input":"v${x}"}}]}]}
    """#)
  let python = work + "/million.py"
  try DurableRuns.write(
    python,
    """
    import json, sys
    with open(sys.argv[1]) as f:
        items = json.load(f)
    out = [("v%s" % x).upper() for x in items]
    sys.stdout.write("\\n".join(out) + "\\n")
    """)
  var ours = DurableRuns.Child.worst
  var theirs = DurableRuns.Child.worst
  for _ in 0..<3 {
    let run = DurableRuns.spawn(
      [binary, "run", million, "--input", "path=\(items)"], environment: environment)
    guard run.status == 0 else { throw DurableRuns.Failure("the million run failed") }
    ours = ours.best(run)
    theirs = theirs.best(
      DurableRuns.spawn(["/usr/bin/env", "python3", python, items], environment: [:]))
  }
  print(
    "forEach of 1,000,000 read at run time: \(DurableRuns.ms(ours.wall)) ms, peak "
      + "\(Int(ours.peakMB)) MB, against Python's \(DurableRuns.ms(theirs.wall)) ms, "
      + "\(Int(theirs.peakMB)) MB (\(DurableRuns.ratio(ours.wall, theirs.wall))× the time, "
      + "\(DurableRuns.ratio(ours.peakMB, theirs.peakMB))× the memory, best of 3); "
      + "goal ≤ 3× the time, ≤ 1.0× the memory")

  // Resume of a 10,000-step run at its last step, against a cold 1-step run.
  let long = work + "/long.json"
  let gate = work + "/ready"
  var steps = [#"{"id":"s0","intent":"text.uppercase","parameters":{"input":"start"}}"#]
  for index in 1..<9_999 {
    steps.append(
      #"{"id":"s\#(index)","intent":"text.uppercase","parameters":{"input":"${s\#(index - 1)}"}}"#)
  }
  steps.append(
    #"{"id":"last","intent":"shell.run","parameters":{"script":"test -f \"$1\"","arguments":["\#(gate)"]}}"#
  )
  try DurableRuns.write(long, #"{"name":"long","steps":[\#(steps.joined(separator: ",\n"))]}"#)
  let single = work + "/single.json"
  try DurableRuns.write(
    single,
    #"{"name":"single","steps":[{"intent":"text.uppercase","parameters":{"input":"hello"}}]}"#)
  var resumes: [Double] = []
  var singles: [Double] = []
  for _ in 0..<5 {
    try? FileManager.default.removeItem(atPath: gate)
    let failed = DurableRuns.spawn([binary, "run", long], environment: environment)
    guard failed.status == 1 else { throw DurableRuns.Failure("the 10,000-step run did not fail") }
    let id = try DurableRuns.lastRun(home: home)
    _ = FileManager.default.createFile(atPath: gate, contents: nil)
    let resumed = DurableRuns.spawn([binary, "resume", String(id)], environment: environment)
    guard resumed.status == 0 else { throw DurableRuns.Failure("resume failed: \(resumed.stderr)") }
    resumes.append(resumed.wall)
    singles.append(DurableRuns.spawn([binary, "run", single], environment: environment).wall)
  }
  let resume = DurableRuns.median(resumes)
  let cold = DurableRuns.median(singles)
  print(
    "resume of a 10,000-step run at its last step: \(DurableRuns.ms(resume)) ms against a cold "
      + "1-step run's \(DurableRuns.ms(cold)) ms (\(DurableRuns.ratio(resume, cold))×, median of "
      + "5); goal ≤ 3×")
}

/// Kills a 200-step run of `files.write` appends at random points until `KILLS` runs (500 by
/// default) were killed before they ended, and resumes each killed run once with `--yes`. Checks that the store is never
/// corrupt, that every killed run is `abandoned`, that each resume ends with the output of an
/// uninterrupted run, and that every step's effect happened once, but for the step in flight
/// at the kill, at most twice.
func runKillSoak() async throws {
  let kills = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 500
  let binary = try DurableRuns.binary()
  let work = try DurableRuns.scratch()
  defer { try? FileManager.default.removeItem(atPath: work) }
  let effects = work + "/effects"
  let flow = work + "/soak.json"
  var steps: [String] = []
  for index in 1...200 {
    steps.append(
      #"{"id":"w\#(index)","intent":"files.write","parameters":{"path":"\#(effects)","text":"w\#(index)\n","mode":"append"}}"#
    )
  }
  steps.append(#"{"intent":"text.compose","parameters":{"text":"done ${w200.name}"}}"#)
  try DurableRuns.write(flow, #"{"name":"soak","steps":[\#(steps.joined(separator: ",\n"))]}"#)

  // An uninterrupted run: its output and how long it takes.
  let clean = DurableRuns.spawn(
    [binary, "run", flow], environment: ["INTENTFLOW_HOME": work + "/clean"])
  guard clean.status == 0 else { throw DurableRuns.Failure("the soak run failed: \(clean.stderr)") }
  let expected = clean.stdout
  let span = clean.wall
  var generator = SystemRandomNumberGenerator()
  var counts = (killed: 0, beforeRecorded: 0, finished: 0, twice: 0)
  // Rounds go on until `kills` runs were killed before they ended (a kill that comes after
  // the run finished does not count), at most four times as many rounds.
  var round = -1
  while counts.killed < kills, round < kills * 4 {
    round += 1
    let home = work + "/home\(round)"
    try? FileManager.default.removeItem(atPath: effects)
    let delay = Double.random(in: 0...span, using: &generator)
    let killed = DurableRuns.spawn(
      [binary, "run", flow], environment: ["INTENTFLOW_HOME": home], killAfter: delay)
    if killed.status == 0 && killed.signal == nil {
      counts.finished += 1
      continue
    }
    counts.killed += 1
    guard FileManager.default.fileExists(atPath: home + "/runs.sqlite"),
      (try? DurableRuns.lastRun(home: home)) != nil
    else {
      counts.beforeRecorded += 1
      continue
    }
    let store = try RunStore(home: IntentFlowHome(directory: URL(fileURLWithPath: home)))
    if try store.run(id: 1)?.status == "succeeded" {
      // Killed after it recorded its end: nothing to resume.
      (counts.killed, counts.finished) = (counts.killed - 1, counts.finished + 1)
      let lines = (try String(contentsOfFile: effects, encoding: .utf8)).split(separator: "\n")
      guard lines.count == 200, Set(lines).count == 200 else {
        throw DurableRuns.Failure("round \(round): a finished run's effects are not each once")
      }
      continue
    }
    let resumed = DurableRuns.spawn(
      [binary, "resume", "1", "--yes"], environment: ["INTENTFLOW_HOME": home])
    guard resumed.status == 0, resumed.stdout == expected else {
      throw DurableRuns.Failure(
        "round \(round): resume exited \(resumed.status): \(resumed.stderr)")
    }
    let check = DurableRuns.spawn(
      ["sqlite3", home + "/runs.sqlite", "PRAGMA integrity_check"], environment: [:])
    guard check.stdout == "ok\n" else {
      throw DurableRuns.Failure("round \(round): the store is corrupt: \(check.stdout)")
    }
    guard try store.run(id: 1)?.status == RunRecord.abandonedStatus else {
      throw DurableRuns.Failure("round \(round): the killed run is not abandoned")
    }
    let lines = (try String(contentsOfFile: effects, encoding: .utf8)).split(separator: "\n")
    var seen: [Substring: Int] = [:]
    for line in lines { seen[line, default: 0] += 1 }
    let repeated = seen.filter { $0.value > 1 }
    guard seen.count == 200, repeated.count <= 1, repeated.allSatisfy({ $0.value == 2 }) else {
      throw DurableRuns.Failure(
        "round \(round): effects \(seen.count) distinct, repeated \(repeated)")
    }
    counts.twice += repeated.count
    try? FileManager.default.removeItem(atPath: home)
  }
  print(
    "kill -9 soak: \(round + 1) rounds, \(counts.killed) runs killed (\(counts.beforeRecorded) before "
      + "they were recorded), \(counts.finished) finished first; every killed run abandoned, the "
      + "store intact, each resumed to the uninterrupted output; every step once, the step in "
      + "flight twice in \(counts.twice) rounds")
}

/// Helpers of the durable-runs benchmarks.
enum DurableRuns {
  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// A child's outcome: wall and CPU seconds, peak memory, output.
  struct Child {
    var status: Int32 = -1
    var signal: Int32?
    var wall = Double.infinity
    var cpu = Double.infinity
    var peakMB = Double.infinity
    var stdout = ""
    var stderr = ""

    static let worst = Child()

    func best(_ other: Child) -> Child {
      var best = self
      best.wall = min(wall, other.wall)
      best.cpu = min(cpu, other.cpu)
      best.peakMB = min(peakMB, other.peakMB)
      return best
    }
  }

  /// The `intentflow` built beside this benchmark, or `$INTENTFLOW_BINARY`.
  static func binary() throws -> String {
    if let given = ProcessInfo.processInfo.environment["INTENTFLOW_BINARY"] { return given }
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("intentflow").path
    guard FileManager.default.isExecutableFile(atPath: beside) else {
      throw Failure(
        "no intentflow beside this benchmark (\(beside)); build the product 'intentflow' in "
          + "the same configuration, or set INTENTFLOW_BINARY")
    }
    return beside
  }

  static func scratch() throws -> String {
    let path = NSTemporaryDirectory() + "intentflow-durable-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func write(_ path: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// The newest run's id in the home's store.
  static func lastRun(home: String) throws -> Int64 {
    guard
      let run = try RunStore(home: IntentFlowHome(directory: URL(fileURLWithPath: home)))
        .runs(limit: 1).first
    else {
      throw Failure("no run in \(home)")
    }
    return run.id
  }

  /// Runs a child to its end (or kills it with SIGKILL after `killAfter` seconds), its
  /// standard input empty, its output kept; waits for it with `wait4` for its resources.
  static func spawn(
    _ arguments: [String], environment: [String: String], killAfter: Double? = nil
  ) -> Child {
    let directory = NSTemporaryDirectory()
    let out = directory + "intentflow-durable-out-" + UUID().uuidString
    let err = out + ".err"
    defer {
      unlink(out)
      unlink(err)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var merged = ProcessInfo.processInfo.environment
    for (name, value) in environment { merged[name] = value }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let start = Date()
    guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { return Child() }
    if let killAfter {
      usleep(UInt32(max(0, killAfter) * 1_000_000))
      kill(pid, SIGKILL)
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    var child = Child()
    child.wall = Date().timeIntervalSince(start)
    child.cpu =
      Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    child.peakMB = Double(usage.ru_maxrss) / 1024
    if status & 0x7f == 0 {
      child.status = (status >> 8) & 0xff
    } else {
      child.signal = status & 0x7f
    }
    child.stdout = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
    child.stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
    return child
  }

  /// This process's CPU time, in seconds.
  static func processCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
  }

  static func repeatWorkflow(_ times: Int, output: String? = nil) -> String {
    #"{"name":"repeat","steps":[{"repeat":\#(times),"steps":["#
      + #"{"intent":"text.uppercase","parameters":{"input":"hello"}}]}]"#
      + (output.map { #","output":"\#($0)""# } ?? "") + "}"
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
  }

  static func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
  static func us(_ seconds: Double) -> String { String(format: "%.2f", seconds * 1e6) }
  static func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.2f", a / b) }
}
