import Foundation
import Scheduling
import TestSupport
import Testing

/// A watcher on a fresh directory that counts the changes it reports and keeps its log.
private struct WatchedDirectory {
  let directory: TemporaryDirectory
  let changes = Observed(0)
  let log = Observed<[String]>([])
  let watcher: DirectoryWatcher

  init(debounce: Duration = .milliseconds(20)) throws {
    directory = try TemporaryDirectory(prefix: "intentflow-watcher-tests")
    let changes = self.changes
    let log = self.log
    watcher = DirectoryWatcher(
      directories: [directory.path], debounce: debounce,
      log: { line in log.update { $0.append(line) } },
      onChange: { changes.update { $0 += 1 } })
  }

  /// Waits for the watcher to report a change beyond the `seen` already counted; the wait
  /// ends on the report itself.
  func change(after seen: Int) async -> Bool {
    await changes.wait { $0 > seen }
  }
}

@Suite("Watching workflow directories for changes")
struct DirectoryWatcherTests {
  @Test("writing a new file is reported")
  func write() async throws {
    let watched = try WatchedDirectory()
    defer { watched.watcher.stop() }
    try watched.directory.write("new.json", "{}")
    #expect(await watched.change(after: 0))
    #expect(watched.log.value.isEmpty)
  }

  @Test("changing an existing file is reported")
  func modify() async throws {
    let watched = try WatchedDirectory()
    defer { watched.watcher.stop() }
    let path = try watched.directory.write("flow.json", "{}")
    #expect(await watched.change(after: 0))
    let seen = watched.changes.value
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(" ".utf8))
    try handle.close()
    #expect(await watched.change(after: seen))
  }

  @Test("renaming a file into the directory is reported")
  func rename() async throws {
    let outside = try TemporaryDirectory(prefix: "intentflow-watcher-outside")
    let source = try outside.write("moved.json", "{}")
    let watched = try WatchedDirectory()
    defer { watched.watcher.stop() }
    try FileManager.default.moveItem(atPath: source, toPath: watched.directory.path("moved.json"))
    #expect(await watched.change(after: 0))
  }

  @Test("removing a file is reported")
  func remove() async throws {
    let watched = try WatchedDirectory()
    defer { watched.watcher.stop() }
    let path = try watched.directory.write("gone.json", "{}")
    #expect(await watched.change(after: 0))
    let seen = watched.changes.value
    try FileManager.default.removeItem(atPath: path)
    #expect(await watched.change(after: seen))
  }

  @Test("a burst of writes is folded into one report")
  func debounce() async throws {
    // A quiet period far longer than the burst; the report comes after it.
    let watched = try WatchedDirectory(debounce: .seconds(1))
    defer { watched.watcher.stop() }
    for number in 1...5 { try watched.directory.write("flow\(number).json", "{}") }
    #expect(await watched.change(after: 0))
    #expect(watched.changes.value == 1)
  }

  @Test("a directory that cannot be watched is reported in the log, and the others still are")
  func unwatchable() async throws {
    let directory = try TemporaryDirectory(prefix: "intentflow-watcher-tests")
    let missing = directory.path("missing")
    let log = Observed<[String]>([])
    let changes = Observed(0)
    let watcher = DirectoryWatcher(
      directories: [missing, directory.path], debounce: .milliseconds(20),
      log: { line in log.update { $0.append(line) } },
      onChange: { changes.update { $0 += 1 } })
    defer { watcher.stop() }
    #expect(
      log.value == [
        "warning: cannot watch '\(missing)' for changes: No such file or directory; "
          + "send SIGHUP to reread it"
      ])
    try directory.write("flow.json", "{}")
    #expect(await changes.wait { $0 > 0 })
  }
}
