import Cron
import Foundation
import Scheduling
import Storage
import TestSupport
import Testing

/// Reloading the catalog, as SIGHUP and the directory watcher do while the daemon runs.
@Suite("Reloading scheduled workflows while the daemon runs")
struct SchedulerReloadTests {
  static func workflow(_ name: String, cron: String) -> String {
    #"{"name": "\#(name)", "schedule": {"cron": "\#(cron)", "timezone": "UTC"}, "#
      + #""steps": [\#(SchedulerTests.echo)]}"#
  }

  /// Runs the daemon with `body`, then stops it and waits for it to end.
  func whileRunning(
    _ fixture: SchedulerFixture, _ scheduler: Scheduler,
    _ body: @Sendable () async throws -> Void
  ) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await scheduler.run() }
      // The daemon has loaded the catalog and armed its first timer.
      try #require(await fixture.clock.waitForSleep(number: 1))
      try await body()
      await scheduler.stop()
      try await group.waitForAll()
    }
  }

  @Test("a new, a changed and a removed file are picked up by a reload (SIGHUP)")
  func reloadUpdatesCatalog() async throws {
    let fixture = try SchedulerFixture(start: "2026-06-01T06:00:00Z", stop: "2026-06-02T00:00:00Z")
    try fixture.write("daily.json", Self.workflow("daily", cron: "0 7 * * *"))
    try fixture.write("gone.json", Self.workflow("gone", cron: "0 8 * * *"))
    let scheduler = fixture.scheduler()
    try await whileRunning(fixture, scheduler) {
      #expect(await scheduler.workflows.map(\.name) == ["daily", "gone"])
      try fixture.write("daily.json", Self.workflow("daily", cron: "30 9 * * *"))
      try fixture.write("added.json", Self.workflow("added", cron: "0 12 * * *"))
      try FileManager.default.removeItem(atPath: fixture.path("gone.json"))
      await scheduler.reload()
      let workflows = await scheduler.workflows
      #expect(workflows.map(\.name) == ["added", "daily"])
      #expect(workflows.map(\.cron) == ["0 12 * * *", "30 9 * * *"])
    }
    let scheduled = fixture.log.all.filter { $0.contains(" scheduled ") }
    #expect(
      scheduled.contains {
        $0.hasSuffix("scheduled daily (30 9 * * *): next 2026-06-01T09:30:00+00:00 UTC")
      })
    #expect(
      scheduled.contains {
        $0.hasSuffix("scheduled added (0 12 * * *): next 2026-06-01T12:00:00+00:00 UTC")
      })
  }

  @Test("after a reload the daemon fires at the new times")
  func reloadedScheduleFires() async throws {
    let fixture = try SchedulerFixture(start: "2026-06-01T06:00:00Z", stop: "2026-06-01T10:00:00Z")
    try fixture.write("moving.json", Self.workflow("moving", cron: "0 7 * * *"))
    let scheduler = fixture.scheduler()
    await fixture.run(
      scheduler,
      whenLoaded: {
        try fixture.write("moving.json", Self.workflow("moving", cron: "30 8 * * *"))
        await scheduler.reload()
      })
    let fired = try fixture.events(.fired).compactMap(\.scheduledFor)
    #expect(fixture.stamps(fired) == ["2026-06-01T08:30:00+00:00"])
  }

  @Test("a file written in a watched directory triggers a reload that updates the catalog")
  func watcherTriggersReload() async throws {
    let fixture = try SchedulerFixture(start: "2026-06-01T06:00:00Z", stop: "2026-06-02T00:00:00Z")
    let scheduler = fixture.scheduler()
    try await whileRunning(fixture, scheduler) {
      #expect(await scheduler.workflows.isEmpty)
      // The daemon's wiring: a change asks for a reload, from the watcher's own queue.
      let watcher = DirectoryWatcher(
        directories: [fixture.directory.path], debounce: .milliseconds(20),
        onChange: { scheduler.requestReload() })
      defer { watcher.stop() }
      try fixture.write("new.json", Self.workflow("new", cron: "0 7 * * *"))
      // The reload logs what it scheduled: wait for that line.
      #expect(
        await fixture.log.wait { lines in
          lines.contains {
            $0.hasSuffix("scheduled new (0 7 * * *): next 2026-06-01T07:00:00+00:00 UTC")
          }
        })
      #expect(await scheduler.workflows.map(\.name) == ["new"])
    }
  }

  @Test("a stop requested from any thread ends the daemon; one requested before it runs too")
  func requestedStop() async throws {
    let fixture = try SchedulerFixture(start: "2026-06-01T06:00:00Z", stop: "2026-06-02T00:00:00Z")
    try fixture.write("daily.json", Self.workflow("daily", cron: "0 7 * * *"))
    let scheduler = fixture.scheduler()
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await scheduler.run() }
      #expect(await fixture.clock.waitForSleep(number: 1))
      Thread { scheduler.requestStop() }.start()
      await group.waitForAll()
    }
    #expect(try fixture.events(.daemonStopped).count == 1)

    let early = fixture.scheduler()
    early.requestStop()
    await early.run()
    #expect(try fixture.events(.daemonStopped).count == 2)
    #expect(try fixture.events(.fired).isEmpty)
  }
}
