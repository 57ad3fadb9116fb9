import CivilTime
import Cron
public import IntentKit
public import Storage
import Synchronization
import WorkflowEngine

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What the scheduler does to the world, injected so that tests can run a daily schedule
/// in a millisecond: the run environment (its clock and randomness), and how runs start and
/// what the log is.
public struct SchedulerEnvironment: Sendable {
  /// The clock, time zone and randomness: the process's one ``RunEnvironment``.
  public var runEnvironment: RunEnvironment
  /// The current time: the run environment's clock.
  public var now: @Sendable () -> Date {
    get { runEnvironment.clock.now }
    set { runEnvironment.clock.now = newValue }
  }
  /// Sleeps; throws when cancelled: the run environment's clock. The scheduler never sleeps
  /// longer than ``Scheduler/Options/maximumSleep`` at a time, so wall-clock jumps are noticed.
  public var sleep: @Sendable (Duration) async throws -> Void {
    get { runEnvironment.clock.sleep }
    set { runEnvironment.clock.sleep = newValue }
  }
  /// Runs one workflow to completion (normally as an `intentflow run` child process). When
  /// the task is cancelled it must stop the run (SIGTERM, then SIGKILL) and return.
  public var launch: @Sendable (ScheduledRun) async -> RunOutcome
  /// Writes one line of the daemon's log.
  public var log: @Sendable (String) -> Void
  /// A random delay of at most the given jitter (whole milliseconds); by default drawn from
  /// the run environment's random source.
  public var jitter: @Sendable (Duration) -> Duration
  /// Whether a process is alive (for runs recorded by other processes).
  public var isProcessAlive: @Sendable (Int32) -> Bool

  /// The scheduler's environment on the process's run environment.
  ///
  /// - Parameters:
  ///   - runEnvironment: The clock (now, sleeps) and the random source of the jitter.
  ///   - launch: Runs one workflow to completion.
  ///   - log: Writes one line of the daemon's log.
  ///   - isProcessAlive: Whether a process is alive.
  public init(
    _ runEnvironment: RunEnvironment,
    launch: @escaping @Sendable (ScheduledRun) async -> RunOutcome,
    log: @escaping @Sendable (String) -> Void,
    isProcessAlive: @escaping @Sendable (Int32) -> Bool = RunStore.isProcessAlive
  ) {
    self.runEnvironment = runEnvironment
    self.launch = launch
    self.log = log
    let random = runEnvironment.random
    self.jitter = { maximum in
      let milliseconds = Double(max(0, maximum.components.seconds * 1000))
      return maximum > .zero ? .milliseconds(Int64(random(0...milliseconds))) : .zero
    }
    self.isProcessAlive = isProcessAlive
  }

  /// The scheduler's environment on a clock of its own (a test's manual clock).
  public init(
    now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void,
    launch: @escaping @Sendable (ScheduledRun) async -> RunOutcome,
    log: @escaping @Sendable (String) -> Void,
    jitter: @escaping @Sendable (Duration) -> Duration,
    isProcessAlive: @escaping @Sendable (Int32) -> Bool = RunStore.isProcessAlive
  ) {
    self.init(
      RunEnvironment(clock: RunClock(now: now, sleep: sleep)), launch: launch, log: log,
      isProcessAlive: isProcessAlive)
    self.jitter = jitter
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

  public init(workflow: ScheduledWorkflow, scheduledFor: Date, reason: Reason) {
    self.workflow = workflow
    self.scheduledFor = scheduledFor
    self.reason = reason
  }
}

/// How a run ended.
public struct RunOutcome: Sendable, Hashable {
  /// The runner's exit code (128 + N when killed by signal N); `nil` if it could not start.
  public var exitCode: Int32?
  /// The signal that killed the runner, when one did (it could not record its own end).
  public var signal: Int32?
  /// Standard output (the workflow's output).
  public var output: String
  /// Standard error (dialogs, errors).
  public var errorOutput: String
  public var duration: Duration

  public init(
    exitCode: Int32?, signal: Int32? = nil, output: String, errorOutput: String,
    duration: Duration
  ) {
    self.exitCode = exitCode
    self.signal = signal
    self.output = output
    self.errorOutput = errorOutput
    self.duration = duration
  }

  /// The run status that the exit code stands for (``RunStatus/init(exitCode:)``), or
  /// `notStarted`.
  public var status: String {
    exitCode.map { RunStatus(exitCode: $0).rawValue } ?? "notStarted"
  }

  /// How the run ended, for the daemon's log and its `finished` event: `succeeded (exit 0)`,
  /// `killed by signal 9 (SIGKILL)`, `not started`.
  public var summary: String {
    if let signal {
      return "killed by signal \(signal) (\(CancellationReason.signalName(signal)))"
    }
    guard let exitCode else { return "notStarted (not started)" }
    return "\(status) (exit \(exitCode))"
  }
}

/// The scheduler daemon's core: keeps the catalog of scheduled workflows, sleeps until the
/// next fire time, starts runs with the overlap policy, catches up after downtime, records
/// every decision in the run store, and stops gracefully.
///
/// It sleeps until the next fire time (at most ``Options/maximumSleep`` at a time, to
/// notice clock jumps); it never polls in a loop that burns CPU.
///
/// Its concurrency is structured. ``run()`` and ``runOnce()`` each own a task group whose
/// children are the runs they start (and, for the daemon, the timers of its wake-ups and of
/// the grace period). Children report by sending a wake-up into an `AsyncStream` that only
/// the loop reads; ``stop()`` and ``reload()`` send into the same stream. The group awaits
/// every child before the call returns, so no run or timer outlives it.
public actor Scheduler {
  /// Tunables.
  public struct Options: Sendable {
    /// The longest single sleep; the scheduler re-reads the clock at least this often.
    public var maximumSleep: Duration = .seconds(60)
    /// How late a fire may start and still count as on time (else it is "missed"): the
    /// ``LatenessRule`` of the daemon and of ``Scheduler/runOnce()`` alike.
    public var tolerance: Duration = .seconds(60)
    /// How long running workflows may finish after a stop before they are cancelled.
    public var grace: Duration = .seconds(10)
    /// What the daemon's own events name as their path (the scheduled directories).
    public var label: String = ""
    /// How often a standby tries the active scheduler's lock: the most a takeover waits
    /// after the active one died, at the cost of a few system calls a second.
    public var standbyCheck: Duration = .milliseconds(100)
    public init() {}
  }

  /// What wakes a serving loop.
  private enum WakeUp: Sendable {
    /// A timer armed by the loop ran out (its number tells a current timer from a stale one).
    case timer(Int)
    /// A run ended.
    case finished(ScheduledRun, RunOutcome)
    /// A stop or a reload changed what the loop should do.
    case changed
    /// ``Scheduler/requestStop()`` was called.
    case stopRequested
    /// ``Scheduler/requestReload()`` was called.
    case reloadRequested
    /// The grace period after a stop ran out.
    case graceOver
  }

  private let loadCatalog: @Sendable () -> ScheduleCatalog
  private let store: (any RunHistoryStore)?
  private let environment: SchedulerEnvironment
  private let options: Options

  private var catalog = ScheduleCatalog(workflows: [], invalid: [], unscheduled: [])
  private var nextFire: [String: Date] = [:]
  /// The instant up to which each workflow's fire times have been decided about: the next
  /// decision looks only at fire times after it.
  private var decidedUpTo: [String: Date] = [:]
  private var runningCount: [String: Int] = [:]
  private var queued: [String: ScheduledRun] = [:]
  /// Runs decided on and recorded, not yet started: the loop that decided starts them as
  /// children of its group.
  private var pending: [ScheduledRun] = []
  private var reportedInvalid: [String: String] = [:]
  private var stopping = false
  /// The daemon loop's inbox, while ``run()`` runs, and whether a stop was requested before
  /// it ran. Behind a `Mutex` so that ``requestStop()`` and ``requestReload()`` can reach it
  /// from any thread without a task.
  private let inbox = Mutex<(wakeUps: AsyncStream<WakeUp>.Continuation?, stopEarly: Bool)>(
    (nil, false))

  public init(
    loadCatalog: @escaping @Sendable () -> ScheduleCatalog, store: (any RunHistoryStore)?,
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
    let (stream, inbox) = AsyncStream.makeStream(of: WakeUp.self)
    let stopEarly = self.inbox.withLock { state in
      state.wakeUps = inbox
      return state.stopEarly
    }
    if stopEarly { stop() }
    reload(at: startedAt, initial: true)
    for workflow in catalog.workflows where workflow.schedule.expression.isReboot {
      start(
        ScheduledRun(workflow: workflow, scheduledFor: startedAt, reason: .reboot), at: startedAt)
    }
    await serve(stream, inbox: inbox, asDaemon: true)
    self.inbox.withLock { $0 = (nil, false) }
    inbox.finish()
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
    _ = inbox.withLock { $0.wakeUps?.yield(.changed) }
  }

  /// Reloads the workflow files (on SIGHUP or when the directory changes).
  public func reload() {
    reload(at: environment.now(), initial: false)
    _ = inbox.withLock { $0.wakeUps?.yield(.changed) }
  }

  /// Asks the daemon to ``stop()``, from any thread and without a task (a signal handler, a
  /// callback); the daemon's loop stops. Before ``run()`` it makes the daemon stop at once.
  public nonisolated func requestStop() {
    inbox.withLock { state in
      if let wakeUps = state.wakeUps {
        wakeUps.yield(.stopRequested)
      } else {
        state.stopEarly = true
      }
    }
  }

  /// Asks the running daemon to ``reload()``, from any thread and without a task (SIGHUP, the
  /// directory watcher); the daemon's loop rereads the files. Does nothing when the daemon
  /// is not running (it reads the files when it starts).
  public nonisolated func requestReload() {
    _ = inbox.withLock { $0.wakeUps?.yield(.reloadRequested) }
  }

  // MARK: Standby

  /// Waits as the standby of another scheduler on the same home: says so in the log and in
  /// the store, then tries `acquire` every ``Options/standbyCheck`` until it succeeds (the
  /// active scheduler died or stopped) or a stop is requested.
  ///
  /// A standby does nothing else: no file is read, nothing is fired. Once it holds the
  /// lock, ``run()`` starts as after any start, so what the dead scheduler did not get to
  /// goes through the lateness rule, and fire claims keep what it did get to from running
  /// twice.
  ///
  /// - Parameters:
  ///   - acquire: Takes the lock of the active scheduler; `true` once this one holds it.
  ///   - holder: Describes the active scheduler for the log (`pid 4242`).
  /// - Returns: Whether this scheduler is now the active one; `false` when it was stopped.
  public func standBy(until acquire: @Sendable () -> Bool, holder: String) async -> Bool {
    if acquire() { return true }
    let since = environment.now()
    environment.log(
      "\(stamp(since)) standby: another scheduler (\(holder)) is active on this home; "
        + "waiting to take over")
    record(
      NewScheduleEvent(
        workflowName: "", workflowPath: options.label, kind: .standby, recordedAt: since,
        detail: "another scheduler (\(holder)) is active"))
    while !inbox.withLock({ $0.stopEarly }) {
      do {
        try await environment.sleep(options.standbyCheck)
      } catch {
        return false
      }
      // A stop that came during the sleep wins over a lock that came free meanwhile (both
      // daemons told to stop at once: the standby must not start as the other one leaves).
      if inbox.withLock({ $0.stopEarly }) { break }
      if acquire() {
        let now = environment.now()
        environment.log(
          "\(stamp(now)) taking over: the active scheduler is gone (standby for "
            + "\(DurationText.formatted(.milliseconds(Int64(now.timeIntervalSince(since) * 1000)))))"
        )
        return true
      }
    }
    return false
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
      let after = last ?? now.addingTimeInterval(-options.tolerance.inSeconds)
      var decision = rule.decide(workflow, after: after, now: now)
      if last == nil {
        // Nothing was missed before a workflow's first handled fire time: the window only
        // lets a fire time that is due on time run the first time.
        decision.misses = []
        decision.unlisted = nil
      }
      recordMisses(of: workflow, decision, at: now)
      guard let due = decision.run else { continue }
      if workflow.overlap != .allow, isRunningElsewhere(workflow) {
        guard
          claim(
            workflow, .skipped, scheduledFor: due.scheduledFor,
            detail: "the previous run is still running")
        else { continue }
        environment.log(
          "\(stamp(now)) skipped \(workflow.name) (\(stamp(due.scheduledFor, for: workflow))): "
            + "the previous run is still running (overlap: \(workflow.overlap.rawValue))")
        continue
      }
      start(
        ScheduledRun(workflow: workflow, scheduledFor: due.scheduledFor, reason: due.reason),
        at: now)
    }
    let (stream, inbox) = AsyncStream.makeStream(of: WakeUp.self)
    await serve(stream, inbox: inbox, asDaemon: false)
    inbox.finish()
  }

  // MARK: Serving

  /// The loop of ``run()`` (`asDaemon`) and ``runOnce()``: starts the runs decided on as
  /// children of one task group, and reacts to each wake-up from `stream` until there is
  /// nothing left to do. The daemon also fires what is due and arms a timer for the next
  /// fire time; after a stop it waits for its runs for the grace period, then cancels them.
  ///
  /// A timer is armed only when none is pending or the next fire time moved earlier; a
  /// timer that is no longer the current one just causes one more (harmless) look at the
  /// clock when it ends. Timers still sleeping at the end are cancelled, and the group
  /// awaits every child before returning.
  private func serve(
    _ stream: AsyncStream<WakeUp>, inbox: AsyncStream<WakeUp>.Continuation, asDaemon: Bool
  ) async {
    let environment = self.environment
    let grace = options.grace
    await withDiscardingTaskGroup { group in
      var wakeUps = stream.makeAsyncIterator()
      var running = 0
      var timer: (number: Int, due: Date)?
      var timersArmed = 0
      var graceArmed = false
      while true {
        if asDaemon, !stopping {
          let now = environment.now()
          for workflow in catalog.workflows { fireIfDue(workflow, now: now) }
        }
        for run in takePending() {
          running += 1
          group.addTask {
            let delay = environment.jitter(run.workflow.jitter)
            if delay > .zero { try? await environment.sleep(delay) }
            inbox.yield(.finished(run, await environment.launch(run)))
          }
        }
        if !asDaemon || stopping {
          guard running > 0 else { break }
          if asDaemon, !graceArmed {
            graceArmed = true
            group.addTask {
              try? await environment.sleep(grace)
              inbox.yield(.graceOver)
            }
          }
        } else {
          let next = nextWakeUp(after: environment.now())
          if timer.map({ next.due < $0.due }) ?? true {
            timersArmed += 1
            let number = timersArmed
            timer = (number, next.due)
            group.addTask {
              try? await environment.sleep(next.wait)
              inbox.yield(.timer(number))
            }
          }
        }
        guard let wakeUp = await wakeUps.next() else { break }
        switch wakeUp {
        case .timer(let number):
          if timer?.number == number { timer = nil }
        case .finished(let run, let outcome):
          running -= 1
          finished(run, outcome: outcome)
        case .changed:
          break
        case .stopRequested:
          stop()
        case .reloadRequested:
          reload(at: environment.now(), initial: false)
        case .graceOver:
          guard running > 0 else { break }
          environment.log(
            "\(stamp(environment.now())) cancelling \(activeRuns) running after the grace period")
          // Cancels the runs (each stops its child process and reports) and any timer.
          group.cancelAll()
        }
      }
      group.cancelAll()
    }
  }

  /// The runs decided on since the last call, in order.
  private func takePending() -> [ScheduledRun] {
    defer { pending = [] }
    return pending
  }

  /// How long the daemon may sleep after `now`, and until when.
  private func nextWakeUp(after now: Date) -> (wait: Duration, due: Date) {
    var wait = options.maximumSleep
    if let earliest = nextFire.values.min() {
      let seconds = max(0, earliest.timeIntervalSince(now))
      wait = min(wait, .milliseconds(Int64((seconds * 1000).rounded(.up))))
    }
    return (wait, now.addingTimeInterval(wait.inSeconds))
  }

  // MARK: Firing

  /// The lateness rule of the daemon and of ``runOnce()``.
  private var rule: LatenessRule { LatenessRule(tolerance: options.tolerance) }

  private func fireIfDue(_ workflow: ScheduledWorkflow, now: Date) {
    guard let due = nextFire[workflow.path], due <= now else { return }
    let after = decidedUpTo[workflow.path] ?? due.addingTimeInterval(-1)
    decidedUpTo[workflow.path] = now
    nextFire[workflow.path] = workflow.schedule.nextDate(after: now)
    let decision = rule.decide(workflow, after: after, now: now)
    recordMisses(of: workflow, decision, at: now)
    if let run = decision.run {
      start(
        ScheduledRun(workflow: workflow, scheduledFor: run.scheduledFor, reason: run.reason),
        at: now)
    }
  }

  /// Records and logs each missed fire time of a decision (and the count of those not
  /// listed); a fire time another scheduler already handled is left alone.
  private func recordMisses(
    of workflow: ScheduledWorkflow, _ decision: LatenessRule.Decision, at now: Date
  ) {
    if let unlisted = decision.unlisted {
      let span =
        "\(stamp(unlisted.first, for: workflow)) to \(stamp(unlisted.last, for: workflow))"
      record(
        NewScheduleEvent(
          workflowName: workflow.name, workflowPath: workflow.path, kind: .missed,
          scheduledFor: nil, recordedAt: now,
          detail: "\(unlisted.count) earlier fire times, \(span), were not run"))
      environment.log(
        "\(stamp(now)) missed \(workflow.name): \(unlisted.count) earlier fire "
          + "\(unlisted.count == 1 ? "time" : "times"), \(span), were not run")
    }
    for miss in decision.misses {
      guard claim(workflow, .missed, scheduledFor: miss.scheduledFor, detail: miss.reason)
      else { continue }
      environment.log(
        "\(stamp(now)) missed \(workflow.name) (\(stamp(miss.scheduledFor, for: workflow))): "
          + miss.reason)
    }
  }

  private func start(_ run: ScheduledRun, at now: Date) {
    let workflow = run.workflow
    if (runningCount[workflow.path] ?? 0) > 0 {
      switch workflow.overlap {
      case .skip:
        guard
          claim(
            workflow, .skipped, scheduledFor: run.scheduledFor,
            detail: "the previous run is still running")
        else { return }
        environment.log(
          "\(stamp(now)) skipped \(workflow.name) (\(stamp(run.scheduledFor, for: workflow))): "
            + "the previous run is still running (overlap: skip)")
        return
      case .queue:
        if queued[workflow.path] != nil {
          guard
            claim(
              workflow, .skipped, scheduledFor: run.scheduledFor,
              detail: "a run is already queued")
          else { return }
          environment.log(
            "\(stamp(now)) skipped \(workflow.name) (\(stamp(run.scheduledFor, for: workflow))): "
              + "a run is already queued (overlap: queue)")
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

  /// Records and logs the start of `run`, and hands it to the serving loop.
  private func launch(_ run: ScheduledRun, at now: Date) {
    let workflow = run.workflow
    let kind: ScheduleEvent.Kind = run.reason == .caughtUp ? .caughtUp : .fired
    // The claim is what keeps a fire time from running twice: another scheduler (one that
    // died just after firing it, or `--once` from a cron line) may have handled it.
    guard
      claim(
        workflow, kind, scheduledFor: run.scheduledFor,
        detail: run.reason == .fired ? nil : run.reason.rawValue)
    else {
      environment.log(
        "\(stamp(now)) not running \(workflow.name) (\(stamp(run.scheduledFor, for: workflow))): "
          + "another scheduler already handled that fire time")
      return
    }
    let verb = run.reason == .caughtUp ? "caught up" : "fired"
    environment.log(
      "\(stamp(now)) \(verb) \(workflow.name) (\(stamp(run.scheduledFor, for: workflow))\(run.reason == .fired ? "" : ", \(run.reason.rawValue)"))"
    )
    runningCount[workflow.path, default: 0] += 1
    pending.append(run)
  }

  private func finished(_ run: ScheduledRun, outcome: RunOutcome) {
    let workflow = run.workflow
    runningCount[workflow.path, default: 1] -= 1
    let now = environment.now()
    let kind: ScheduleEvent.Kind = outcome.exitCode == nil ? .failedToStart : .finished
    record(workflow, kind, scheduledFor: run.scheduledFor, detail: outcome.summary)
    environment.log(
      "\(stamp(now)) finished \(workflow.name): \(outcome.summary) in "
        + DurationText.formatted(outcome.duration))
    if outcome.signal != nil {
      // A killed runner could not record its own end: its run is marked abandoned now, so
      // that the next fire, `history` and `resume` see it finished.
      _ = try? store?.markAbandonedRuns(isAlive: environment.isProcessAlive)
    }
    for line in (outcome.output + outcome.errorOutput).split(separator: "\n") {
      environment.log("  \(workflow.name)| \(line)")
    }
    if !stopping, (runningCount[workflow.path] ?? 0) == 0,
      let next = queued.removeValue(forKey: workflow.path)
    {
      launch(next, at: now)
    }
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
      // At start, the fire times since the last one handled (by this daemon before it
      // stopped, or by another that died) go through the lateness rule at the first look.
      var from = now
      if initial, let last = (try? store?.lastFire(workflowPath: workflow.path)) ?? nil,
        last < now
      {
        from = last
      }
      decidedUpTo[workflow.path] = from
      next[workflow.path] = workflow.schedule.nextDate(after: from)
      if previous[workflow.path] == nil || !initial {
        let when =
          workflow.schedule.nextDate(after: now).map { stamp($0, for: workflow) } ?? "never"
        if previous[workflow.path] != workflow {
          environment.log(
            "\(stamp(now)) scheduled \(workflow.name) (\(workflow.cron)): next \(when)")
        }
      }
    }
    nextFire = next
  }

  private func isRunningElsewhere(_ workflow: ScheduledWorkflow) -> Bool {
    guard let runs = try? store?.runs(workflowName: workflow.name, limit: 20) else { return false }
    return runs.contains { run in
      run.workflowPath == workflow.path && run.finishedAt == nil
        && store?.isAlive(run, isProcessAlive: environment.isProcessAlive) == true
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

  /// Records a handled fire time as a claim (``RunStore/claim(_:)``).
  /// - Returns: Whether this scheduler holds the fire time: `false` when another handled it.
  private func claim(
    _ workflow: ScheduledWorkflow, _ kind: ScheduleEvent.Kind, scheduledFor: Date, detail: String?
  ) -> Bool {
    guard let store else { return true }
    let event = NewScheduleEvent(
      workflowName: workflow.name, workflowPath: workflow.path, kind: kind,
      scheduledFor: scheduledFor, recordedAt: environment.now(), detail: detail)
    do {
      return try store.claim(event) != nil
    } catch {
      // A store that cannot be written must not stop the schedule: run, unrecorded.
      environment.log(
        "warning: could not record '\(event.kind.rawValue)' in the run store: \(error)")
      return true
    }
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

  /// The daemon's own time (a line's start): the machine's wall clock, with its offset.
  private func stamp(_ date: Date) -> String {
    CivilTime.Timestamp.format(date, in: .current)
  }

  /// A fire time of `workflow`: its zone's wall clock and offset, and the zone's name, so
  /// that a line holding the daemon's time and a fire time says which is which.
  private func stamp(_ date: Date, for workflow: ScheduledWorkflow) -> String {
    let zone = workflow.schedule.timeZone
    return CivilTime.Timestamp.format(date, in: zone) + " "
      + (workflow.timeZoneName ?? zone.identifier)
  }

}

extension DurationText {
  /// A duration for logs: `23 ms`, `1.5 s`.
  static func formatted(_ duration: Duration) -> String {
    let milliseconds = duration.inMilliseconds
    if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
    return "\((milliseconds / 100).rounded() / 10) s"
  }
}
