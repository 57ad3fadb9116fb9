import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Events another process sends through the file system, waited for without a poll: a line
/// written to a FIFO, and a run's lock file let go. Each wait ends on the event, or at a
/// last-resort limit after which it looks once more.
enum CrossProcessEvents {
  /// Makes a FIFO at `path` and opens its reading end without waiting for a writer.
  ///
  /// - Returns: The descriptor; close it when done.
  static func makeFIFO(at path: String) throws -> Int32 {
    guard mkfifo(path, 0o600) == 0 else { throw Failure("cannot make the FIFO '\(path)'") }
    let descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { throw Failure("cannot open the FIFO '\(path)'") }
    return descriptor
  }

  /// Reads what a writer puts in the FIFO open at `descriptor`, up to its end of file.
  ///
  /// Linux reports no hang-up on a FIFO that has never had a writer, so the first `poll`
  /// sleeps until a writer opens it and writes.
  ///
  /// - Returns: The text, or `nil` if nothing came within `limit`.
  static func readAll(
    _ descriptor: Int32, within limit: Duration = .seconds(20)
  ) async throws -> String? {
    try await offPool {
      let deadline = ContinuousClock.now + limit
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 256)
      while true {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let left = max(0, (deadline - ContinuousClock.now) / .milliseconds(1))
        guard poll(&poller, 1, Int32(min(left, Double(Int32.max)))) > 0 else { return nil }
        let count = read(descriptor, &buffer, buffer.count)
        if count > 0 {
          bytes += buffer[..<count]
        } else if count == 0 {
          return String(decoding: bytes, as: UTF8.self)
        } else if errno != EAGAIN && errno != EINTR {
          return nil
        }
      }
    }
  }

  /// Waits until no process holds the `flock` lock on `path` (the run that held it has
  /// ended, or let it go). Every close of the file wakes the wait through inotify, which then
  /// tries the lock again. A missing file counts as free: a run removes its lock file only
  /// when it lets go of it.
  ///
  /// - Returns: Whether the lock was free within `limit`.
  static func waitUntilFree(lock path: String, within limit: Duration = .seconds(20))
    async throws -> Bool
  {
    try await offPool {
      let watcher = inotify_init1(Int32(IN_CLOEXEC))
      guard watcher >= 0 else { throw Failure("inotify is not available") }
      defer { close(watcher) }
      guard inotify_add_watch(watcher, path, UInt32(IN_CLOSE_WRITE | IN_CLOSE_NOWRITE)) >= 0
      else {
        if errno == ENOENT { return true }
        throw Failure("cannot watch '\(path)'")
      }
      // One descriptor for the whole wait: closing one of ours would wake the watch itself.
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        if errno == ENOENT { return true }
        throw Failure("cannot open '\(path)'")
      }
      defer { close(descriptor) }
      func isFree() -> Bool {
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        flock(descriptor, LOCK_UN)
        return true
      }
      let deadline = ContinuousClock.now + limit
      var events = [UInt8](repeating: 0, count: 4096)
      while true {
        if isFree() { return true }
        var poller = pollfd(fd: watcher, events: Int16(POLLIN), revents: 0)
        let left = max(0, (deadline - ContinuousClock.now) / .milliseconds(1))
        guard poll(&poller, 1, Int32(min(left, Double(Int32.max)))) > 0 else { return isFree() }
        _ = read(watcher, &events, events.count)
      }
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}
