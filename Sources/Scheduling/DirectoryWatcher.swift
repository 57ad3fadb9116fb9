import Dispatch
import IntentKit
import Suggestions
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Calls back when files in watched directories change, without polling: inotify on Linux,
/// a Dispatch file-system source on other systems. Bursts of changes (an editor saving a
/// file writes several times) are folded into one call after a short quiet period.
///
/// A directory that cannot be watched is reported through `log` (the daemon's log) and left
/// out; the others are still watched, and SIGHUP still rereads everything.
public final class DirectoryWatcher: Sendable {
  private struct State {
    var sources: [any DispatchSourceProtocol] = []
    /// A change is waiting for the quiet period to end.
    var pending = false
    var stopped = false
  }

  // `Mutex` is `Sendable` whatever it holds: the sources are only touched under its lock.
  private let state = Mutex(State())
  private let queue = DispatchQueue(label: "intentflow.directory-watcher")

  /// Watches the directories; `onChange` runs on a private queue.
  ///
  /// - Parameters:
  ///   - directories: Absolute paths of the directories to watch.
  ///   - debounce: The quiet period that folds a burst of changes into one call.
  ///   - log: Where failures to watch are reported, one line each (the daemon's log).
  ///   - onChange: What to do after a change.
  public init(
    directories: [String], debounce: Duration = .milliseconds(250),
    log: @escaping @Sendable (String) -> Void = DirectoryWatcher.logToStandardError,
    onChange: @escaping @Sendable () -> Void
  ) {
    let delay = debounce.inSeconds
    let fire: @Sendable () -> Void = { [weak self] in
      guard let self else { return }
      let first = self.state.withLock { state -> Bool in
        defer { state.pending = true }
        return !state.pending && !state.stopped
      }
      guard first else { return }
      self.queue.asyncAfter(deadline: .now() + delay) { [weak self] in
        guard let self else { return }
        let stopped = self.state.withLock { state -> Bool in
          state.pending = false
          return state.stopped
        }
        if !stopped { onChange() }
      }
    }
    let queue = self.queue
    state.withLock { state in
      state.sources = Self.makeSources(directories, queue: queue, log: log, fire: fire)
    }
  }

  deinit {
    stop()
  }

  /// Stops watching; no call to `onChange` starts after this returns.
  public func stop() {
    let sources = state.withLock { state in
      state.stopped = true
      defer { state.sources = [] }
      return state.sources
    }
    for source in sources { source.cancel() }
  }

  /// Writes a failure to standard error, for watchers made without a log.
  public static let logToStandardError: @Sendable (String) -> Void = { line in
    let bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return write(2, base + offset, buffer.count - offset)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }  // nowhere else to report it
      offset += count
    }
  }

  /// The Dispatch sources that call `fire` on changes; failures go to `log`.
  private static func makeSources(
    _ directories: [String], queue: DispatchQueue, log: @escaping @Sendable (String) -> Void,
    fire: @escaping @Sendable () -> Void
  ) -> [any DispatchSourceProtocol] {
    #if os(Linux)
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else {
        log(
          "warning: cannot watch \(quoted(directories)) for changes: inotify: "
            + "\(errorText()); send SIGHUP to reread the files")
        return []
      }
      let mask = UInt32(
        IN_CREATE | IN_DELETE | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_MODIFY)
      var watched = 0
      for directory in directories {
        // By the folder's bytes (see `FileSystemPath`).
        let added = FileSystemPath(directory).withCString {
          inotify_add_watch(descriptor, $0, mask)
        }
        if added >= 0 {
          watched += 1
        } else {
          log(
            "warning: cannot watch '\(directory)' for changes: \(errorText()); "
              + "send SIGHUP to reread it")
        }
      }
      guard watched > 0 else {
        close(descriptor)
        return []
      }
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      source.setEventHandler {
        // Drains the events; which file changed does not matter, the catalog is reread.
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
          let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 4096) }
          if count > 0 { continue }
          if count < 0, errno == EINTR { continue }
          if count < 0, errno != EAGAIN, errno != EWOULDBLOCK {
            log("warning: reading directory changes failed: \(errorText())")
          }
          break
        }
        fire()
      }
      source.setCancelHandler { close(descriptor) }
      source.resume()
      return [source]
    #else
      var sources: [any DispatchSourceProtocol] = []
      for directory in directories {
        let descriptor = open(directory, O_EVTONLY)
        guard descriptor >= 0 else {
          log(
            "warning: cannot watch '\(directory)' for changes: \(errorText()); "
              + "send SIGHUP to reread it")
          continue
        }
        let source = DispatchSource.makeFileSystemObjectSource(
          fileDescriptor: descriptor, eventMask: [.write, .rename, .delete], queue: queue)
        source.setEventHandler { fire() }
        source.setCancelHandler { close(descriptor) }
        source.resume()
        sources.append(source)
      }
      return sources
    #endif
  }

  private static func errorText() -> String {
    String(cString: strerror(errno))
  }

  private static func quoted(_ directories: [String]) -> String {
    directories.map { "'\($0)'" }.joined(separator: ", ")
  }
}
