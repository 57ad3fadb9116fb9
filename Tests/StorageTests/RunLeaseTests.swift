import Foundation
import TestSupport
import Testing

@testable import Storage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 7: a run is alive while it holds its lock, whatever its process id says.
@Suite("Runs hold a lock for their lifetime")
struct RunLeaseTests {
  let directory: TemporaryDirectory
  let store: RunStore

  init() throws {
    directory = try TemporaryDirectory()
    store = try RunStore(home: IntentFlowHome(directory: directory.url))
  }

  func begin(_ name: String = "a") throws -> RunLease {
    try store.beginLockedRun(
      workflowName: name, workflowPath: "/w/\(name).json", trigger: .manual,
      startedAt: testDate(1000))
  }

  @Test("a new run store has 1 KB pages, so a new process reads a short log to open it")
  func pageSize() throws {
    #expect(try store.database.query("PRAGMA page_size").first?[0] == .integer(1024))
    #expect(try store.database.query("PRAGMA journal_mode").first?[0] == .text("wal"))
  }

  @Test("a run store made with 4 KB pages keeps them")
  func existingPageSize() throws {
    let older = try TemporaryDirectory()
    let path = IntentFlowHome(directory: older.url).databasePath("runs")
    try FileManager.default.createDirectory(at: older.url, withIntermediateDirectories: true)
    _ = try Database(path: path, pageSize: 4096)
    let store = try RunStore(home: IntentFlowHome(directory: older.url))
    #expect(try store.database.query("PRAGMA page_size").first?[0] == .integer(4096))
    #expect(try store.runs().isEmpty)
  }

  @Test("a running run holds a lock file in runs/locks, and is alive")
  func leaseIsHeld() throws {
    let lease = try begin()
    #expect(lease.path == directory.path("runs/locks/\(lease.runID).lock"))
    let run = try #require(try store.run(id: lease.runID))
    #expect(store.isAlive(run))
    // Even when its process id reads as dead (reused, or in another container).
    #expect(try store.markAbandonedRuns { _ in false } == 0)
    #expect(try store.run(id: lease.runID)?.status == nil)
  }

  @Test("a finished run lets go of its lock and removes the file")
  func releaseRemovesLock() throws {
    let lease = try begin()
    try store.finishRun(
      id: lease.runID, finishedAt: testDate(1001), status: "succeeded", exitCode: 0)
    lease.release()
    let path = try #require(lease.path)
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try store.markAbandonedRuns() == 0)
  }

  @Test("a run whose lock is free is abandoned, even though its process id is alive")
  func freeLockMeansAbandoned() throws {
    // What a killed run leaves: its row, and a lock file nobody holds. Its process id is
    // this process's, which is alive: process ids are not consulted.
    let id = try store.beginRun(
      workflowName: "killed", workflowPath: "/w/killed.json", trigger: .schedule,
      startedAt: testDate(1000), processID: getpid())
    try FileManager.default.createDirectory(
      atPath: directory.path("runs/locks"), withIntermediateDirectories: true)
    #expect(
      FileManager.default.createFile(
        atPath: directory.path("runs/locks/\(id).lock"), contents: nil))
    let run = try #require(try store.run(id: id))
    #expect(!store.isAlive(run))
    #expect(try store.markAbandonedRuns() == 1)
    #expect(try store.run(id: id)?.status == RunRecord.abandonedStatus)
    #expect(!FileManager.default.fileExists(atPath: directory.path("runs/locks/\(id).lock")))
  }

  @Test("a run recorded without a lock is still judged by its process id")
  func legacyRuns() throws {
    let id = try store.beginRun(
      workflowName: "old", workflowPath: "/w/old.json", trigger: .manual,
      startedAt: testDate(1000), processID: 4242)
    #expect(try store.markAbandonedRuns { _ in true } == 0)
    #expect(try store.markAbandonedRuns { _ in false } == 1)
    #expect(try store.run(id: id)?.status == RunRecord.abandonedStatus)
  }

  @Test("the home is created 0700, the store and its lock files 0600")
  func permissions() throws {
    let home = IntentFlowHome(directory: directory.url.appendingPathComponent("new/home"))
    let store = try RunStore(home: home)
    let lease = try store.beginLockedRun(
      workflowName: "a", workflowPath: "/a.json", trigger: .manual, startedAt: testDate(1))
    func mode(_ path: String) throws -> Int {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }
    #expect(try mode(directory.path("new")) == 0o700)
    #expect(try mode(home.path) == 0o700)
    #expect(try mode(home.databasePath("runs")) == 0o600)
    #expect(try mode(home.databasePath("runs") + "-wal") == 0o600)
    #expect(try mode(home.path + "/runs/locks") == 0o700)
    #expect(try mode(try #require(lease.path)) == 0o600)
    lease.release()
  }

  @Test("the write-ahead log is checkpointed once it passes 200 pages")
  func shortLog() throws {
    let rows = try store.database.query("PRAGMA wal_autocheckpoint")
    #expect(try rows.first?.int("wal_autocheckpoint") == 200)
  }
}
