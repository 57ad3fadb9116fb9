import Cron
public import Foundation
import IntentKit
public import Storage
import WorkflowEngine

/// What the scheduler does to the world, injected so that tests can run a daily schedule
/// in a millisecond.
public struct SchedulerEnvironment: Sendable {
  /// The current time.
  public var now: @Sendable () -> Date
  /// Sleeps; throws when cancelled. The scheduler never sleeps longer than
  /// ``Scheduler/Options/maximumSleep`` at a time, so wall-clock jumps are noticed.
  public var sleep: @Sendable (Duration) async throws -> Void
  /// Runs one workflow to completion (normally as an `intentflow run` child process). When
  /// the task is cancelled it must stop the run (SIGTERM, then SIGKILL) and return.
  public var launch: @Sendable (ScheduledRun) async -> RunOutcome
  /// Writes one line of the daemon's log.
  public var log: @Sendable (String) -> Void
  /// A random delay of at most the given jitter.
  public var jitter: @Sendable (Duration) -> Duration
  /// Whether a process is alive (for runs recorded by other processes).
  public var isProcessAlive: @Sendable (Int32) -> Bool

  public init(
    now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void,
    launch: @escaping @Sendable (ScheduledRun) async -> RunOutcome,
    log: @escaping @Sendable (String) -> Void,
    jitter: @escaping @Sendable (Duration) -> Duration = { maximum in
      maximum > .zero
        ? .milliseconds(Int64.random(in: 0...Int64(max(0, maximum.components.seconds * 1000))))
        : .zero
    },
    isProcessAlive: @escaping @Sendable (Int32) -> Bool = RunStore.isProcessAlive
  ) {
    self.now = now
    self.sleep = sleep
    self.launch = launch
    self.log = log
    self.jitter = jitter
    self.isProcessAlive = isProcessAlive
  }
}

/// One run the scheduler starts.
public struct ScheduledRun: Sendable, Hashable {
  /// Why the run starts.
  public enum Reason: String, Sendable, Hashable {
    /// At its fire time.
    case fired
    /// Late, for a fire time missed while the scheduler was down (`catchUp: latest`).
    case caughtUp
    /// After the previous run finished (`overlap: queue`).
    case queued
    /// At daemon start (`@reboot`).
    case reboot
  }

  public var workflow: ScheduledWorkflow
  /// The fire time it is for.
  public var scheduledFor: Date
  public var reason: Reason
}

/// How a run ended.
public struct RunOutcome: Sendable, Hashable {
  /// The runner's exit code (128 + N when killed by signal N); `nil` if it could not start.
  public var exitCode: Int32?
  /// Standard output (the workflow's output).
  public var output: String
  /// Standard error (dialogs, errors).
  public var errorOutput: String
  public var duration: Duration

  public init(exitCode: Int32?, output: String, errorOutput: String, duration: Duration) {
    self.exitCode = exitCode
    self.output = output
    self.errorOutput = errorOutput
    self.duration = duration
  }

  /// The run status that the exit code stands for (``RunStatus/init(exitCode:)``), or
  /// `notStarted`.
  public var status: String {
    exitCode.map { RunStatus(exitCode: $0).rawValue } ?? "notStarted"
  }
}

/// The scheduler daemon's core: keeps the catalog of scheduled workflows, sleeps until the
/// next fire time, starts runs with the overlap policy, catches up after downtime, records
/// every decision in the run store, and stops gracefully.
///
/// It sleeps until the next fire time (at most ``Options/maximumSleep`` at a time, to
/// notice clock jumps); it never polls in a loop that burns CPU.
public actor Scheduler {
  /// Tunables.
  public struct Options: Sendable {
    /// The longest single sleep; the scheduler re-reads the clock at least this often.
    public var maximumSleep: Duration = .seconds(60)
    /// How late a fire may start and still count as on time (else it is "missed").
    public var tolerance: Duration = .seconds(60)
    /// How long running workflows may finish after a stop before they are cancelled.
    public var grace: Duration = .seconds(10)
    /// What the daemon's own events name as their path (the scheduled directories).
    public var label: String = ""
    public init() {}
  }

  private let loadCatalog: @Sendable () -> ScheduleCatalog
  private let store: RunStore?
  private let environment: SchedulerEnvironment
  private let options: Options

  private var catalog = ScheduleCatalog(workflows: [], invalid: [], unscheduled: [])
  private var nextFire: [String: Date] = [:]
  private var runningCount: [String: Int] = [:]
  private var queued: [String: ScheduledRun] = [:]
  private var tasks: [Int: Task<Void, Never>] = [:]
  private var nextTaskID = 0
  private var reportedInvalid: [String: String] = [:]
  private var stopping = false
  private var wakeUp: CheckedContinuation<Void, Never>?
  private var sleeper: Task<Void, Never>?

  public init(
    loadCatalog: @escaping @Sendable () -> ScheduleCatalog, store: RunStore?,
    environment: SchedulerEnvironment, options: Options = Options()
  ) {
    self.loadCatalog = loadCatalog
    self.store = store
    self.environment = environment
    self.options = options
  }

  /// The workflows scheduled now.
  public var workflows: [ScheduledWorkflow] { catalog.workflows }

  /// How many runs are in progress.
  public var activeRuns: Int { runningCount.values.reduce(0, +) }

  // MARK: Daemon

  /// Runs until ``stop()``: fires @reboot workflows, catches up, then fires on time.
  public func run() async {
    let startedAt = environment.now()
    record(
      NewScheduleEvent(
        workflowName: "", workflowPath: options.label, kind: .daemonStarted, recordedAt: startedAt))
    _ = try? store?.markAbandonedRuns(isAlive: environment.isProcessAlive)
    reload(at: startedAt, initial: true)
    for workflow in catalog.workflows where workflow.schedule.expression.isReboot {
      start(
        ScheduledRun(workflow: workflow, scheduledFor: startedAt, reason: .reboot), at: startedAt)
    }
    while !stopping {
      let now = environment.now()
      for workflow in catalog.workflows { fireIfDue(workflow, now: now) }
      guard !stopping else { break }
      var wait = options.maximumSleep
      if let earliest = nextFire.values.min() {
        let seconds = max(0, earliest.timeIntervalSince(now))
        wait = min(wait, .milliseconds(Int64((seconds * 1000).rounded(.up))))
      }
      await sleep(wait)
    }
    await drain()
    record(
      NewScheduleEvent(
        workflowName: "", workflowPath: options.label, kind: .daemonStopped,
        recordedAt: environment.now()))
  }

  /// Stops starting runs; running ones get the grace period, then are cancelled.
  public func stop() {
    guard !stopping else { return }
    stopping = true
    environment.log(
      "\(stamp(environment.now())) stopping: no new runs; waiting for \(activeRuns) running")
    wake()
  }

  /// Reloads the workflow files (on SIGHUP or when the directory changes).
  public func reload() {
    reload(at: environment.now(), initial: false)
    wake()
  }

  // MARK: Once

  /// Runs whatever is due now and returns when those runs finish (`schedule --once`, for a
  /// system cron line that runs it every minute). A fire time counts as due when it fell in
  /// the last ``Options/tolerance`` and has not been handled yet (per the run store), or,
  /// with `catchUp: latest`, any time since the last handled one.
  public func runOnce() async {
    let now = environment.now()
    reload(at: now, initial: false)
    for workflow in catalog.workflows where !workflow.schedule.expression.isReboot {
      let last = (try? store?.lastFire(workflowPath: workflow.path)) ?? nil
      let windowStart = now.addingTimeInterval(-seconds(options.tolerance))
      var from = max(windowStart, last ?? windowStart)
      if workflow.catchUp == .latest, let last { from = last }
      guard let due = latestFire(of: workflow, after: from, upTo: now) else { continue }
      let reason: ScheduledRun.Reason = due < windowStart ? .caughtUp : .fired
      if workflow.overlap != .allow, isRunningElsewhere(workflow) {
        record(workflow, .skipped, scheduledFor: due, detail: "the previous run is still running")
        environment.log(
          "\(stamp(now)) skipped \(workflow.name): the previous run is still running (overlap: \(workflow.overlap.rawValue))"
        )
        continue
      }
      start(ScheduledRun(workflow: workflow, scheduledFor: due, reason: reason), at: now)
    }
    await waitForRuns()
  }

  // MARK: Firing

  private func fireIfDue(_ workflow: ScheduledWorkflow, now: Date) {
    guard let due = nextFire[workflow.path], due <= now else { return }
    var missed = 0
    var latestOnTime: Date?
    var latest = due
    var time: Date? = due
    let tolerance = seconds(options.tolerance)
    var count = 0
    while let fire = time, fire <= now, count < 1_000_000 {
      latest = fire
      if now.timeIntervalSince(fire) <= tolerance { latestOnTime = fire } else { missed += 1 }
      time = workflow.schedule.nextDate(after: fire)
      count += 1
    }
    nextFire[workflow.path] = time ?? workflow.schedule.nextDate(after: now)
    if missed > 0, workflow.catchUp == .none || latestOnTime != nil {
      environment.log(
        "\(stamp(now)) missed \(workflow.name): \(missed) fire \(missed == 1 ? "time" : "times") "
          + "passed while the scheduler could not run"
          + (workflow.catchUp == .none ? " (catchUp: none)" : ""))
    }
    if let onTime = latestOnTime {
      start(ScheduledRun(workflow: workflow, scheduledFor: onTime, reason: .fired), at: now)
    } else if workflow.catchUp == .latest {
      start(ScheduledRun(workflow: workflow, scheduledFor: latest, reason: .caughtUp), at: now)
    }
  }

  private func start(_ run: ScheduledRun, at now: Date) {
    let workflow = run.workflow
    if (runningCount[workflow.path] ?? 0) > 0 {
      switch workflow.overlap {
      case .skip:
        record(
          workflow, .skipped, scheduledFor: run.scheduledFor,
          detail: "the previous run is still running")
        environment.log(
          "\(stamp(now)) skipped \(workflow.name) (\(stamp(run.scheduledFor))): the previous run "
            + "is still running (overlap: skip)")
        return
      case .queue:
        if queued[workflow.path] != nil {
          record(
            workflow, .skipped, scheduledFor: run.scheduledFor, detail: "a run is already queued")
          environment.log(
            "\(stamp(now)) skipped \(workflow.name): a run is already queued (overlap: queue)")
        } else {
          queued[workflow.path] = ScheduledRun(
            workflow: workflow, scheduledFor: run.scheduledFor, reason: .queued)
          record(workflow, .queued, scheduledFor: run.scheduledFor, detail: nil)
          environment.log(
            "\(stamp(now)) queued \(workflow.name) behind the running one (overlap: queue)")
        }
        return
      case .allow:
        break
      }
    }
    launch(run, at: now)
  }

  private func launch(_ run: ScheduledRun, at now: Date) {
    let workflow = run.workflow
    let kind: ScheduleEvent.Kind = run.reason == .caughtUp ? .caughtUp : .fired
    record(
      workflow, kind, scheduledFor: run.scheduledFor,
      detail: run.reason == .fired ? nil : run.reason.rawValue)
    let verb = run.reason == .caughtUp ? "caught up" : "fired"
    environment.log(
      "\(stamp(now)) \(verb) \(workflow.name) (\(stamp(run.scheduledFor))\(run.reason == .fired ? "" : ", \(run.reason.rawValue)"))"
    )
    runningCount[workflow.path, default: 0] += 1
    let id = nextTaskID
    nextTaskID += 1
    let environment = self.environment
    tasks[id] = Task {
      let delay = environment.jitter(workflow.jitter)
      if delay > .zero { try? await environment.sleep(delay) }
      let outcome = await environment.launch(run)
      self.finished(run, outcome: outcome, task: id)
    }
  }

  private func finished(_ run: ScheduledRun, outcome: RunOutcome, task: Int) {
    tasks[task] = nil
    let workflow = run.workflow
    runningCount[workflow.path, default: 1] -= 1
    let now = environment.now()
    let exit = outcome.exitCode.map { "exit \($0)" } ?? "not started"
    let kind: ScheduleEvent.Kind = outcome.exitCode == nil ? .failedToStart : .finished
    record(workflow, kind, scheduledFor: run.scheduledFor, detail: "\(outcome.status) (\(exit))")
    environment.log(
      "\(stamp(now)) finished \(workflow.name): \(outcome.status) (\(exit)) in "
        + DurationText.formatted(outcome.duration))
    for line in (outcome.output + outcome.errorOutput).split(separator: "\n") {
      environment.log("  \(workflow.name)| \(line)")
    }
    if !stopping, (runningCount[workflow.path] ?? 0) == 0,
      let next = queued.removeValue(forKey: workflow.path)
    {
      launch(next, at: now)
    }
    wake()
  }

  // MARK: Catalog

  private func reload(at now: Date, initial: Bool) {
    let previous = Dictionary(uniqueKeysWithValues: catalog.workflows.map { ($0.path, $0) })
    catalog = loadCatalog()
    var invalid: [String: String] = [:]
    for (path, failure) in catalog.invalid {
      let text = failure.diagnostics.map(\.description).joined(separator: "\n")
      invalid[path] = text
      guard reportedInvalid[path] != text else { continue }
      environment.log("\(stamp(now)) invalid \(path): skipped until it is fixed")
      for line in text.split(separator: "\n") { environment.log("  \(line)") }
      record(
        NewScheduleEvent(
          workflowName: "", workflowPath: path, kind: .invalid, recordedAt: now, detail: text))
    }
    reportedInvalid = invalid
    var next: [String: Date] = [:]
    for workflow in catalog.workflows where !workflow.schedule.expression.isReboot {
      if let old = previous[workflow.path], old == workflow, let kept = nextFire[workflow.path] {
        next[workflow.path] = kept
        continue
      }
      if initial, workflow.catchUp == .latest { catchUp(workflow, now: now) }
      next[workflow.path] = workflow.schedule.nextDate(after: now)
      if previous[workflow.path] == nil || !initial {
        let when = next[workflow.path].map { stamp($0, in: workflow.schedule.timeZone) } ?? "never"
        if previous[workflow.path] != workflow {
          environment.log(
            "\(stamp(now)) scheduled \(workflow.name) (\(workflow.cron)): next \(when)")
        }
      }
    }
    nextFire = next
  }

  private func catchUp(_ workflow: ScheduledWorkflow, now: Date) {
    guard let last = (try? store?.lastFire(workflowPath: workflow.path)) ?? nil,
      let missed = latestFire(of: workflow, after: last, upTo: now)
    else { return }
    start(ScheduledRun(workflow: workflow, scheduledFor: missed, reason: .caughtUp), at: now)
  }

  /// The latest fire time in `(after, upTo]`.
  private func latestFire(of workflow: ScheduledWorkflow, after: Date, upTo: Date) -> Date? {
    var latest: Date?
    var count = 0
    for fire in workflow.schedule.dates(after: after) {
      guard fire <= upTo, count < 1_000_000 else { break }
      latest = fire
      count += 1
    }
    return latest
  }

  private func isRunningElsewhere(_ workflow: ScheduledWorkflow) -> Bool {
    guard let runs = try? store?.runs(workflowName: workflow.name, limit: 20) else { return false }
    return runs.contains { run in
      run.workflowPath == workflow.path && run.finishedAt == nil
        && store?.isAlive(run, isProcessAlive: environment.isProcessAlive) == true
    }
  }

  // MARK: Waiting

  /// Sleeps until `duration` passes or something wakes the loop (a stop, a reload, a
  /// finished run). While stopping, only the drain sleeps.
  private func sleep(_ duration: Duration, whileStopping: Bool = false) async {
    guard !stopping || whileStopping else { return }
    await withCheckedContinuation { continuation in
      wakeUp = continuation
      let environment = self.environment
      sleeper = Task {
        try? await environment.sleep(duration)
        self.wake()
      }
    }
  }

  private func wake() {
    sleeper?.cancel()
    sleeper = nil
    let continuation = wakeUp
    wakeUp = nil
    continuation?.resume()
  }

  /// Waits for running runs for the grace period, then cancels them and waits for them.
  private func drain() async {
    let deadline = environment.now().addingTimeInterval(seconds(options.grace))
    while activeRuns > 0 {
      let left = deadline.timeIntervalSince(environment.now())
      guard left > 0 else { break }
      await sleep(.milliseconds(Int64((left * 1000).rounded(.up))), whileStopping: true)
    }
    guard activeRuns > 0 else { return }
    environment.log(
      "\(stamp(environment.now())) cancelling \(activeRuns) running after the grace period")
    for task in tasks.values { task.cancel() }
    await waitForRuns()
  }

  private func waitForRuns() async {
    while let task = tasks.values.first {
      await task.value
      // `finished` removed it; guard against a task that ended without reporting.
      if let id = tasks.first(where: { $0.value == task })?.key { tasks[id] = nil }
    }
  }

  // MARK: Records

  private func record(
    _ workflow: ScheduledWorkflow, _ kind: ScheduleEvent.Kind, scheduledFor: Date?, detail: String?
  ) {
    record(
      NewScheduleEvent(
        workflowName: workflow.name, workflowPath: workflow.path, kind: kind,
        scheduledFor: scheduledFor, recordedAt: environment.now(), detail: detail))
  }

  private func record(_ event: NewScheduleEvent) {
    guard let store else { return }
    do {
      _ = try store.record(event)
    } catch {
      environment.log(
        "warning: could not record '\(event.kind.rawValue)' in the run store: \(error)")
    }
  }

  private func stamp(_ date: Date, in zone: TimeZone = .current) -> String {
    Cron.Timestamp.format(date, in: zone)
  }

  private func seconds(_ duration: Duration) -> Double {
    let (whole, fraction) = duration.components
    return Double(whole) + Double(fraction) / 1e18
  }
}

extension DurationText {
  /// A duration for logs: `23 ms`, `1.5 s`.
  static func formatted(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
    if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
    return "\((milliseconds / 100).rounded() / 10) s"
  }
}
