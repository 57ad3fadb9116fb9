import CivilTime
import Cron
import Foundation
import IntentKit
import Scheduling
import StandardIntents
import Storage
import Synchronization
import TestSupport
import Testing
import WorkflowEngine

/// Records launches and lets tests hold runs open.
final class FakeLauncher: Sendable {
  let launched = Mutex<[ScheduledRun]>([])
  let holdRuns: Bool
  private let gates = Mutex<[CheckedContinuation<Void, Never>]>([])

  init(holdRuns: Bool = false) { self.holdRuns = holdRuns }

  func launch(_ run: ScheduledRun) async -> RunOutcome {
    launched.withLock { $0.append(run) }
    if holdRuns {
      await withCheckedContinuation { continuation in gates.withLock { $0.append(continuation) } }
    }
    return outcome.withLock { $0 }
  }

  /// What every run returns.
  let outcome = Mutex(
    RunOutcome(exitCode: 0, output: "ok\n", errorOutput: "", duration: .milliseconds(5)))

  func releaseAll() {
    let waiting = gates.withLock { gates in
      defer { gates = [] }
      return gates
    }
    for gate in waiting { gate.resume() }
  }
}

/// Lines the scheduler logged; tests can wait for a line.
final class LogLines: Sendable {
  private let lines = Observed<[String]>([])
  func append(_ line: String) { lines.update { $0.append(line) } }
  var all: [String] { lines.value }

  /// Waits until the lines satisfy `condition` (the wait ends on the logging itself).
  func wait(until condition: @escaping @Sendable ([String]) -> Bool) async -> Bool {
    await lines.wait { condition($0) }
  }
}

struct SchedulerFixture {
  let directory: URL
  let store: RunStore
  let clock: ManualClock
  /// Where ``run(_:atStop:)`` stops moving the clock and stops the scheduler.
  let stopAt: Date
  let launcher: FakeLauncher
  let log = LogLines()
  /// Extra time that passes during the scheduler's next sleep (a suspended machine).
  let jump = Observed<Duration>(.zero)

  init(start: String, stop: String, holdRuns: Bool = false, store: RunStore? = nil) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scheduler-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    self.store = try store ?? RunStore(database: Database.inMemory())
    let utc = try #require(TimeZone(identifier: "UTC"))
    clock = ManualClock(start: try #require(Timestamp.parse(start, defaultTimeZone: utc)))
    stopAt = try #require(Timestamp.parse(stop, defaultTimeZone: utc))
    launcher = FakeLauncher(holdRuns: holdRuns)
  }

  func write(_ name: String, _ json: String) throws {
    try Data(json.utf8).write(to: directory.appendingPathComponent(name))
  }

  func path(_ name: String) -> String {
    directory.appendingPathComponent(name).standardizedFileURL.path
  }

  func scheduler(grace: Duration = .seconds(1)) -> Scheduler {
    let loader = WorkflowLoader(registry: StandardIntents.registry)
    let directory = self.directory.path
    let clock = self.clock
    let launcher = self.launcher
    let log = self.log
    var options = Scheduler.Options()
    options.grace = grace
    options.label = directory
    return Scheduler(
      loadCatalog: {
        ScheduleCatalog.load(
          [directory], loader: loader, currentDirectory: "/", timeZone: .current)
      },
      store: store,
      environment: SchedulerEnvironment(
        now: { clock.now }, sleep: { try await clock.sleep($0) },
        launch: { await launcher.launch($0) }, log: { log.append($0) },
        jitter: { _ in .zero }, isProcessAlive: { _ in false }),
      options: options)
  }

  /// Runs the scheduler until the clock reaches the stop time, then runs `atStop` (by default
  /// stopping the scheduler) and waits for the daemon to end.
  ///
  /// The clock moves only while the scheduler sleeps: each time a sleep is waiting, it jumps
  /// to the earliest deadline (never past the stop time), so hours pass in milliseconds and
  /// in the order the deadlines fall. After the stop every sleep (the grace period, timers
  /// no longer needed) ends at once.
  ///
  /// `whenLoaded` runs once the daemon has loaded its catalog and armed its first timer,
  /// before the clock moves at all.
  func run(
    _ scheduler: Scheduler, whenLoaded: (@Sendable () async throws -> Void)? = nil,
    atStop: (@Sendable () async -> Void)? = nil
  ) async {
    let clock = self.clock
    let stopAt = self.stopAt
    let jump = self.jump
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await scheduler.run() }
      group.addTask {
        if let whenLoaded, await clock.waitForSleep(number: 1) {
          do { try await whenLoaded() } catch { Issue.record(error) }
        }
        var stopped = false
        while await clock.waitForSleep(number: 1, deadline: .seconds(3600)) {
          if stopped {
            clock.advance()
          } else if clock.now >= stopAt {
            stopped = true
            if let atStop { await atStop() } else { await scheduler.stop() }
          } else if let deadline = clock.nextDeadline {
            let extra = jump.update { extra in
              defer { extra = .zero }
              return extra
            }
            let target = extra > .zero ? deadline : min(deadline, stopAt)
            let seconds = max(0, target.timeIntervalSince(clock.now))
            clock.advance(by: .nanoseconds(Int64((seconds * 1e9).rounded(.up))) + extra)
          }
        }
      }
      await group.next()
      group.cancelAll()
    }
  }

  func events(_ kind: ScheduleEvent.Kind) throws -> [ScheduleEvent] {
    try store.events(kinds: [kind], limit: 10_000).sorted { $0.id < $1.id }
  }

  func stamps(_ dates: [Date]) -> [String] {
    dates.map { Timestamp.format($0, in: TimeZone(identifier: "UTC") ?? .current) }
  }
}

@Suite("The scheduler's decisions")
struct SchedulerTests {
  static let echo = #"{"intent": "text.uppercase", "parameters": {"input": "x"}}"#

  @Test("fires each workflow at its fire times and records them")
  func firesOnTime() async throws {
    let fixture = try SchedulerFixture(start: "2026-06-01T06:58:30Z", stop: "2026-06-01T07:03:10Z")
    try fixture.write(
      "minutely.json",
      #"{"name": "minutely", "schedule": {"cron": "* * * * *", "timezone": "UTC"}, "steps": [\#(Self.echo)]}"#
    )
    try fixture.write(
      "seven.json",
      #"{"name": "seven", "schedule": {"cron": "0 7 * * *", "timezone": "UTC"}, "steps": [\#(Self.echo)]}"#
    )
    await fixture.run(fixture.scheduler())
    let fired = try fixture.events(.fired)
    #expect(
      fixture.stamps(fired.filter { $0.workflowName == "minutely" }.compactMap(\.scheduledFor)) == [
        "2026-06-01T06:59:00+00:00", "2026-06-01T07:00:00+00:00", "2026-06-01T07:01:00+00:00",
        "2026-06-01T07:02:00+00:00", "2026-06-01T07:03:00+00:00",
      ])
    #expect(
      fixture.stamps(fired.filter { $0.workflowName == "seven" }.compactMap(\.scheduledFor)) == [
        "2026-06-01T07:00:00+00:00"
      ])
    #expect(fixture.launcher.launched.withLock { $0.count } == 6)
    #expect(try fixture.events(.finished).count == 6)
    #expect(try fixture.events(.daemonStarted).count == 1)
    #expect(try fixture.events(.daemonStopped).count == 1)
  }

  @Test("a run still running makes the next fire time a skip under overlap: skip")
  func skipsOverlappingRuns() async throws {
    let fixture = try SchedulerFixture(
      start: "2026-06-01T07:00:00Z", stop: "2026-06-01T07:00:05.5Z", holdRuns: true)
    try fixture.write(
      "slow.json",
      #"{"name": "slow", "schedule": {"cron": "* * * * * *", "timezone": "UTC"}, "steps": [\#(Self.echo)]}"#
    )
    let scheduler = fixture.scheduler(grace: .milliseconds(10))
    await fixture.run(
      scheduler,
      atStop: {
        await scheduler.stop()
        fixture.launcher.releaseAll()
      })
    #expect(fixture.launcher.launched.withLock { $0.count } == 1)
    #expect(try fixture.events(.fired).count == 1)
    #expect(try fixture.events(.skipped).count == 4)
    #expect(
      fixture.log.all.contains { $0.contains("skipped slow") && $0.contains("overlap: skip") })
  }

  @Test("overlap: queue runs one queued fire after the running one ends")
  func queuesOneRun() async throws {
    let fixture = try SchedulerFixture(
      start: "2026-06-01T07:00:00Z", stop: "2026-06-01T07:00:04.5Z", holdRuns: true)
    try fixture.write(
      "queued.json",
      #"{"name": "queued", "schedule": {"cron": "* * * * * *", "timezone": "UTC", "overlap": "queue"}, "steps": [\#(Self.echo)]}"#
    )
    let scheduler = fixture.scheduler(grace: .seconds(5))
    await fixture.run(
      scheduler,
      atStop: {
        await scheduler.stop()
        fixture.launcher.releaseAll()
      })
    #expect(try fixture.events(.queued).count == 1)
    #expect(try fixture.events(.skipped).count == 2)
    // Stopping cancels the queued run: only the first one started.
    #expect(fixture.launcher.launched.withLock { $0.count } == 1)
  }

  @Test("after downtime, catchUp: latest runs the latest missed fire time once")
  func catchesUpOnce() async throws {
    let fixture = try SchedulerFixture(start: "2026-06-01T12:05:00Z", stop: "2026-06-01T12:05:30Z")
    try fixture.write(
      "hourly.json",
      #"{"name": "hourly", "schedule": {"cron": "0 * * * *", "timezone": "UTC", "catchUp": "latest"}, "steps": [\#(Self.echo)]}"#
    )
    let utc = try #require(TimeZone(identifier: "UTC"))
    _ = try fixture.store.record(
      NewScheduleEvent(
        workflowName: "hourly", workflowPath: fixture.path("hourly.json"), kind: .fired,
        scheduledFor: Timestamp.parse("2026-06-01T08:00:00Z", defaultTimeZone: utc),
        recordedAt: try #require(Timestamp.parse("2026-06-01T08:00:00Z", defaultTimeZone: utc))))
    await fixture.run(fixture.scheduler())
    let caughtUp = try fixture.events(.caughtUp)
    #expect(fixture.stamps(caughtUp.compactMap(\.scheduledFor)) == ["2026-06-01T12:00:00+00:00"])
    #expect(fixture.launcher.launched.withLock { $0.map(\.reason) } == [.caughtUp])
    // The fire times before it are recorded as missed, each with why.
    let missed = try fixture.events(.missed)
    #expect(
      fixture.stamps(missed.compactMap(\.scheduledFor)) == [
        "2026-06-01T09:00:00+00:00", "2026-06-01T10:00:00+00:00", "2026-06-01T11:00:00+00:00",
      ])
    #expect(
      missed.first?.detail
        == "3h5m late, past the 1m tolerance; 2026-06-01T12:00:00+00:00 ran in its place")
  }

  @Test("with catchUp: none, fire times missed while the machine slept are reported, not run")
  func reportsMissedFireTimes() async throws {
    let fixture = try SchedulerFixture(start: "2026-06-01T06:59:50Z", stop: "2026-06-01T09:30:00Z")
    try fixture.write(
      "hourly.json",
      #"{"name": "hourly", "schedule": {"cron": "0 * * * *", "timezone": "UTC"}, "steps": [\#(Self.echo)]}"#
    )
    fixture.jump.update { $0 = .seconds(2 * 3600 + 90) }
    await fixture.run(fixture.scheduler())
    // Woken at 09:01:30: 09:00 is 90 s late, past the tolerance, as are 07:00 and 08:00.
    let missed = try fixture.events(.missed)
    #expect(
      fixture.stamps(missed.compactMap(\.scheduledFor)) == [
        "2026-06-01T07:00:00+00:00", "2026-06-01T08:00:00+00:00", "2026-06-01T09:00:00+00:00",
      ])
    #expect(missed.last?.detail == "1m30s late, past the 1m tolerance (catchUp: none)")
    #expect(
      fixture.log.all.contains {
        $0.hasSuffix(
          "missed hourly (2026-06-01T09:00:00+00:00 UTC): 1m30s late, past the 1m tolerance "
            + "(catchUp: none)")
      }, "\(fixture.log.all)")
    let fired = try fixture.events(.fired).compactMap(\.scheduledFor)
    #expect(!fixture.stamps(fired).contains("2026-06-01T07:00:00+00:00"))
  }

  @Test(
    "the daemon and --once share one lateness rule: late within the tolerance runs, past it is missed",
    arguments: [(31, true), (54, true), (60, true), (61, false)])
  func onelatenessRule(lateSeconds: Int, runs: Bool) async throws {
    let fireTime = try #require(Timestamp.parse("2026-06-01T07:00:00Z", defaultTimeZone: .gmt))
    let start = fireTime.addingTimeInterval(Double(lateSeconds))
    let json =
      #"{"name": "seven", "schedule": {"cron": "0 7 * * *", "timezone": "UTC"}, "steps": [\#(Self.echo)]}"#
    // --once, started that late.
    let once = try SchedulerFixture(
      start: Timestamp.format(start, in: .gmt), stop: "2026-06-01T08:00:00Z")
    try once.write("seven.json", json)
    _ = try once.store.record(
      NewScheduleEvent(
        workflowName: "seven", workflowPath: once.path("seven.json"), kind: .fired,
        scheduledFor: Timestamp.parse("2026-05-31T07:00:00Z", defaultTimeZone: .gmt),
        recordedAt: start))
    await once.scheduler().runOnce()
    // The daemon, asleep past the fire time by as much (a stalled machine).
    let daemon = try SchedulerFixture(start: "2026-06-01T06:59:00Z", stop: "2026-06-01T07:30:00Z")
    try daemon.write("seven.json", json)
    daemon.jump.update { $0 = .seconds(lateSeconds) }
    await daemon.run(daemon.scheduler())
    for fixture in [once, daemon] {
      let fired = try fixture.events(.fired).filter { $0.scheduledFor == fireTime }
      #expect(fired.count == (runs ? 1 : 0))
      let missed = try fixture.events(.missed)
      #expect(missed.count == (runs ? 0 : 1))
      if !runs {
        #expect(missed.first?.detail == "1m1s late, past the 1m tolerance (catchUp: none)")
      }
    }
  }

  @Test("a fire time another scheduler already handled is not run again")
  func claimedFireTimes() async throws {
    let fixture = try SchedulerFixture(start: "2026-06-01T06:59:50Z", stop: "2026-06-01T07:00:40Z")
    try fixture.write(
      "seven.json",
      #"{"name": "seven", "schedule": {"cron": "0 7 * * *", "timezone": "UTC"}, "steps": [\#(Self.echo)]}"#
    )
    // Once the daemon has loaded, another scheduler claims 07:00 (and fires it).
    let seven = try #require(Timestamp.parse("2026-06-01T07:00:00Z", defaultTimeZone: .gmt))
    let claim = NewScheduleEvent(
      workflowName: "seven", workflowPath: fixture.path("seven.json"), kind: .fired,
      scheduledFor: seven, recordedAt: seven)
    let store = fixture.store
    await fixture.run(
      fixture.scheduler(),
      whenLoaded: { () async throws in
        #expect(try store.claim(claim) != nil)
        #expect(try store.claim(claim) == nil)
      })
    #expect(fixture.launcher.launched.withLock { $0.count } == 0)
    #expect(try fixture.events(.fired).count == 1)
    #expect(
      fixture.log.all.contains {
        $0.contains("not running seven (2026-06-01T07:00:00+00:00 UTC): another scheduler")
      }, "\(fixture.log.all)")
    // --once sees it handled too.
    await fixture.scheduler().runOnce()
    #expect(fixture.launcher.launched.withLock { $0.count } == 0)
  }

  @Test("a run killed by a signal is logged as killed, not cancelled")
  func killedRun() async throws {
    let fixture = try SchedulerFixture(start: "2026-06-01T06:59:59Z", stop: "2026-06-01T07:00:30Z")
    try fixture.write(
      "seven.json",
      #"{"name": "seven", "schedule": {"cron": "0 7 * * *", "timezone": "UTC"}, "steps": [\#(Self.echo)]}"#
    )
    fixture.launcher.outcome.withLock {
      $0 = RunOutcome(
        exitCode: 137, signal: 9, output: "", errorOutput: "", duration: .milliseconds(5))
    }
    await fixture.run(fixture.scheduler())
    #expect(
      fixture.log.all.contains { $0.contains("finished seven: killed by signal 9 (SIGKILL) in") },
      "\(fixture.log.all)")
    #expect(try fixture.events(.finished).first?.detail == "killed by signal 9 (SIGKILL)")
  }

  @Test("a second scheduler stands by, says so, and takes over once the lock is free")
  func standsBy() async throws {
    let fixture = try SchedulerFixture(start: "2026-06-01T07:00:00Z", stop: "2026-06-01T08:00:00Z")
    let scheduler = fixture.scheduler()
    let tries = Observed(0)
    let clock = fixture.clock
    let active = try await withThrowingTaskGroup(of: Bool?.self) { group in
      group.addTask {
        await scheduler.standBy(
          until: {
            tries.update {
              $0 += 1
              return $0 > 5
            }
          }, holder: "pid 4242")
      }
      group.addTask {
        // Moves the clock along each check until the standby has taken over.
        while tries.value <= 5 {
          if await clock.waitForSleep(number: 1, deadline: .seconds(2)) { clock.advance() }
        }
        return nil
      }
      var result = false
      for try await value in group { if let value { result = value } }
      return result
    }
    #expect(active)
    #expect(tries.value == 6)
    // The contract's "within 2 s" of the active one's death: the standby tries the lock
    // again every 100 ms of its clock, and the kernel frees a dead process's lock at once.
    #expect(clock.requested == Array(repeating: .milliseconds(100), count: 5))
    let log = fixture.log.all
    #expect(
      log.first?.hasSuffix(
        "standby: another scheduler (pid 4242) is active on this home; waiting to take over")
        == true, "\(log)")
    #expect(log.last?.contains("taking over: the active scheduler is gone") == true, "\(log)")
    #expect(try fixture.events(.standby).count == 1)
  }

  @Test("a standby asked to stop stops without taking over")
  func standbyStops() async throws {
    let fixture = try SchedulerFixture(start: "2026-06-01T07:00:00Z", stop: "2026-06-01T08:00:00Z")
    let scheduler = fixture.scheduler()
    scheduler.requestStop()
    #expect(await scheduler.standBy(until: { false }, holder: "pid 1") == false)
  }

  @Test("a workflow that fails validation is reported and skipped; the others run")
  func skipsInvalidFiles() async throws {
    let fixture = try SchedulerFixture(start: "2026-06-01T06:59:59Z", stop: "2026-06-01T07:00:30Z")
    try fixture.write(
      "broken.json", #"{"name": "broken", "schedule": "61 * * * *", "steps": [\#(Self.echo)]}"#)
    try fixture.write(
      "good.json",
      #"{"name": "good", "schedule": {"cron": "0 7 * * *", "timezone": "UTC"}, "steps": [\#(Self.echo)]}"#
    )
    await fixture.run(fixture.scheduler())
    let invalid = try fixture.events(.invalid)
    #expect(invalid.map(\.workflowPath) == [fixture.path("broken.json")])
    #expect(invalid.first?.detail?.contains("minute: 61 is out of range 0-59 (column 1)") == true)
    #expect(try fixture.events(.fired).map(\.workflowName) == ["good"])
  }

  @Test("@reboot workflows run once when the daemon starts")
  func runsRebootJobs() async throws {
    let fixture = try SchedulerFixture(start: "2026-06-01T07:00:00Z", stop: "2026-06-01T08:00:00Z")
    try fixture.write(
      "boot.json", #"{"name": "boot", "schedule": "@reboot", "steps": [\#(Self.echo)]}"#)
    await fixture.run(fixture.scheduler())
    #expect(fixture.launcher.launched.withLock { $0.map(\.reason) } == [.reboot])
  }

  @Test("--once runs what is due now and not what has already been handled")
  func runsOnce() async throws {
    let fixture = try SchedulerFixture(start: "2026-06-01T07:00:20Z", stop: "2026-06-02T00:00:00Z")
    try fixture.write(
      "seven.json",
      #"{"name": "seven", "schedule": {"cron": "0 7 * * *", "timezone": "UTC"}, "steps": [\#(Self.echo)]}"#
    )
    try fixture.write(
      "eight.json",
      #"{"name": "eight", "schedule": {"cron": "0 8 * * *", "timezone": "UTC"}, "steps": [\#(Self.echo)]}"#
    )
    await fixture.scheduler().runOnce()
    #expect(fixture.launcher.launched.withLock { $0.map(\.workflow.name) } == ["seven"])
    await fixture.scheduler().runOnce()
    #expect(fixture.launcher.launched.withLock { $0.count } == 1)
  }

  @Test("--once records the fire times it passes over as missed, after the first one it ran")
  func onceRecordsMisses() async throws {
    let fixture = try SchedulerFixture(start: "2026-06-01T07:00:20Z", stop: "2026-06-02T00:00:00Z")
    try fixture.write(
      "ticker.json",
      #"{"name": "ticker", "schedule": {"cron": "*/5 * * * * *", "timezone": "UTC"}, "steps": [\#(Self.echo)]}"#
    )
    await fixture.scheduler().runOnce()
    #expect(
      fixture.stamps(try fixture.events(.fired).compactMap(\.scheduledFor)) == [
        "2026-06-01T07:00:20+00:00"
      ])
    #expect(try fixture.events(.missed).isEmpty)
    fixture.clock.advance(by: .seconds(17))
    await fixture.scheduler().runOnce()
    #expect(
      fixture.stamps(try fixture.events(.fired).compactMap(\.scheduledFor)) == [
        "2026-06-01T07:00:20+00:00", "2026-06-01T07:00:35+00:00",
      ])
    let missed = try fixture.events(.missed)
    #expect(
      fixture.stamps(missed.compactMap(\.scheduledFor)) == [
        "2026-06-01T07:00:25+00:00", "2026-06-01T07:00:30+00:00",
      ])
    #expect(
      missed.first?.detail
        == "a later fire time was due; 2026-06-01T07:00:35+00:00 ran in its place")
  }

  @Test("sleeps until the next fire time instead of waking every second")
  func sleepsUntilDue() async throws {
    let fixture = try SchedulerFixture(start: "2026-06-01T07:00:00Z", stop: "2026-06-01T09:00:00Z")
    try fixture.write(
      "daily.json",
      #"{"name": "daily", "schedule": {"cron": "0 8 * * *", "timezone": "UTC"}, "steps": [\#(Self.echo)]}"#
    )
    await fixture.run(fixture.scheduler())
    #expect(try fixture.events(.fired).count == 1)
    // Two hours with the longest sleep a minute: about 120 wake-ups, not 7,200.
    #expect(fixture.clock.requested.count <= 125)
  }
}
