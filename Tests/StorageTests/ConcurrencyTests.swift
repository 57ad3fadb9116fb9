import Foundation
import Storage
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Writing to one file from many connections")
struct ConcurrencyTests {
  static let schema = "CREATE TABLE IF NOT EXISTS log (writer TEXT NOT NULL, n INTEGER NOT NULL)"

  /// Inserts `count` rows for `writer`, alternating single statements and two-row transactions.
  ///
  /// SQLite's lock is not fair: a writer in a tight loop may take it again and again while
  /// the others sleep in their busy handlers. A short pause between writes makes the writers
  /// take turns, so that their writes really interleave.
  static func write(
    _ count: Int, as writer: String, to database: Database, pause: TimeInterval = 0
  ) throws {
    var n = 0
    while n < count {
      if pause > 0 { Thread.sleep(forTimeInterval: pause) }
      if n % 3 == 0 {
        try database.run("INSERT INTO log VALUES (?, ?)", [.text(writer), .integer(Int64(n))])
        n += 1
      } else {
        try database.transaction { transaction in
          for offset in 0..<min(2, count - n) {
            try transaction.run(
              "INSERT INTO log VALUES (?, ?)", [.text(writer), .integer(Int64(n + offset))])
          }
        }
        n += min(2, count - n)
      }
    }
  }

  /// Checks that each writer's rows are all there, once each.
  static func expectComplete(_ database: Database, writers: [String], count: Int) throws {
    let rows = try database.query(
      "SELECT writer, count(*) AS rows, count(DISTINCT n) AS distinct_rows, max(n) AS last "
        + "FROM log GROUP BY writer ORDER BY writer")
    #expect(try rows.compactMap { try $0.text("writer") } == writers.sorted())
    for row in rows {
      #expect(try row.int("rows") == Int64(count), "\(row)")
      #expect(try row.int("distinct_rows") == Int64(count), "\(row)")
      #expect(try row.int("last") == Int64(count - 1), "\(row)")
    }
  }

  @Test("two databases on one file take writes from many tasks at once")
  func twoDatabasesManyTasks() async throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("shared.sqlite")
    let databases = [try Database(path: path), try Database(path: path)]
    try databases[0].execute(Self.schema)
    let writers = (0..<8).map { "task \($0)" }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (number, writer) in writers.enumerated() {
        let database = databases[number % 2]
        group.addTask { try await offPool { try Self.write(150, as: writer, to: database) } }
      }
      // A reader alongside: WAL lets it read while others write.
      group.addTask {
        try await offPool {
          for _ in 0..<50 {
            _ = try databases[1].query("SELECT count(*) FROM log")
          }
        }
      }
      try await group.waitForAll()
    }
    try Self.expectComplete(databases[0], writers: writers, count: 150)
  }

  @Test("a writer waits for another connection's transaction instead of failing")
  func writerWaitsForLock() async throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("locked.sqlite")
    let holder = try Database(path: path)
    let waiter = try Database(path: path)
    try holder.execute(Self.schema)
    try await withThrowingTaskGroup(of: Void.self) { group in
      let (locked, lockedContinuation) = AsyncStream.makeStream(of: Void.self)
      group.addTask {
        try await offPool {
          try holder.transaction { transaction in
            try transaction.run("INSERT INTO log VALUES ('holder', 0)")
            lockedContinuation.yield()
            Thread.sleep(forTimeInterval: 0.3)
          }
        }
      }
      var iterator = locked.makeAsyncIterator()
      await iterator.next()
      _ = try await offPool { try waiter.run("INSERT INTO log VALUES ('waiter', 0)") }
      try await group.waitForAll()
    }
    #expect(
      try waiter.query("SELECT writer FROM log ORDER BY rowid").compactMap { try $0.text("writer") }
        == ["holder", "waiter"])
  }

  // MARK: Two processes

  static let childDatabaseVariable = "INTENTFLOW_STORAGE_TEST_CHILD_DATABASE"
  static let childWriterVariable = "INTENTFLOW_STORAGE_TEST_CHILD_WRITER"
  static let childRows = 300

  /// The test binary can be started again to run one test, as `swift test` starts it on Linux.
  static var canStartChildren: Bool {
    #if os(Linux)
      CommandLine.arguments.contains("--testing-library")
    #else
      false
    #endif
  }

  @Test(
    "two processes write to one file at once",
    .enabled(if: canStartChildren, "needs to start the test binary again"))
  func twoProcesses() async throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("processes/shared.sqlite")
    let writers = ["process 1", "process 2", "parent"]
    var children: [(Process, String)] = []
    for writer in writers.dropLast() {
      let log = temporary.path("\(writer).log")
      _ = FileManager.default.createFile(atPath: log, contents: nil)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
      process.arguments = [
        "--testing-library", "swift-testing", "--filter", "ConcurrencyTests/childWriter",
      ]
      var environment = ProcessInfo.processInfo.environment
      environment[Self.childDatabaseVariable] = path
      environment[Self.childWriterVariable] = writer
      process.environment = environment
      process.standardOutput = FileHandle(forWritingAtPath: log)
      process.standardError = process.standardOutput
      try process.run()
      children.append((process, log))
    }
    let database = try Database(path: path)
    try database.execute(Self.schema)
    // Start writing together, once every child has opened the file.
    for writer in writers.dropLast() {
      try await offPool { try Self.waitForFile(path + ".\(writer).ready") }
    }
    _ = FileManager.default.createFile(atPath: path + ".go", contents: nil)
    try await offPool { try Self.write(Self.childRows, as: "parent", to: database, pause: 0.0002) }
    for (process, log) in children {
      try await offPool { process.waitUntilExit() }
      let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      #expect(process.terminationStatus == 0, "\(output)")
      #expect(output.contains("passed"), "\(output)")
    }
    try Self.expectComplete(database, writers: writers, count: Self.childRows)
    // The writes interleaved: the log does not hold three runs of one writer each.
    let order = try database.query("SELECT writer FROM log ORDER BY rowid")
      .compactMap { try $0.text("writer") }
    #expect(zip(order, order.dropFirst()).filter { $0 != $1 }.count > 10)
  }

  @Test(
    "writes for the two-process test (runs only in its child processes)",
    .enabled(if: ProcessInfo.processInfo.environment[childDatabaseVariable] != nil))
  func childWriter() throws {
    let environment = ProcessInfo.processInfo.environment
    let path = try #require(environment[Self.childDatabaseVariable])
    let writer = try #require(environment[Self.childWriterVariable])
    let database = try Database(path: path)
    try database.execute(Self.schema)
    _ = FileManager.default.createFile(atPath: path + ".\(writer).ready", contents: nil)
    try Self.waitForFile(path + ".go")
    try Self.write(Self.childRows, as: writer, to: database, pause: 0.0002)
  }

  struct TimedOut: Error, CustomStringConvertible {
    var description: String
  }

  /// Waits for another process to create `path`. Processes share no event channel but the
  /// file system: the wait sleeps until inotify reports a file created in the directory; at
  /// the last-resort deadline it looks once more. Linux only, as are the tests that start
  /// children (``canStartChildren``).
  static func waitForFile(_ path: String) throws {
    #if os(Linux)
      let deadline = ContinuousClock.now + .seconds(60)
      let watcher = inotify_init1(Int32(IN_CLOEXEC))
      defer { if watcher >= 0 { close(watcher) } }
      let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
      guard watcher >= 0,
        inotify_add_watch(watcher, directory, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0
      else { throw TimedOut(description: "cannot watch '\(directory)'") }
      var events = [UInt8](repeating: 0, count: 4096)
      while !FileManager.default.fileExists(atPath: path) {
        var poller = pollfd(fd: watcher, events: Int16(POLLIN), revents: 0)
        let left = max(0, (deadline - ContinuousClock.now) / .milliseconds(1))
        guard poll(&poller, 1, Int32(min(left, Double(Int32.max)))) > 0 else { break }
        _ = read(watcher, &events, events.count)
      }
    #endif
    guard FileManager.default.fileExists(atPath: path) else {
      throw TimedOut(description: "no file '\(path)' after 60 s")
    }
  }
}
