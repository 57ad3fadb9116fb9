import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Calls back when files in watched directories change, without polling: inotify on Linux,
/// a Dispatch file-system source on other systems. Bursts of changes (an editor saving a
/// file writes several times) are folded into one call after a short quiet period.
///
/// `@unchecked Sendable`: the Dispatch sources are created in `init` and only cancelled in
/// ``stop()``; everything else is behind the `Mutex`.
public final class DirectoryWatcher: @unchecked Sendable {
  private var sources: [any DispatchSourceProtocol] = []
  private let pending = Mutex<Bool>(false)
  private let queue = DispatchQueue(label: "intentflow.directory-watcher")

  /// Watches the directories; `onChange` runs on a private queue.
  public init(
    directories: [String], debounce: Duration = .milliseconds(250),
    onChange: @escaping @Sendable () -> Void
  ) {
    let delay = Double(debounce.components.seconds) + Double(debounce.components.attoseconds) / 1e18
    let fire: @Sendable () -> Void = { [weak self] in
      guard let self else { return }
      let first = self.pending.withLock { pending -> Bool in
        defer { pending = true }
        return !pending
      }
      guard first else { return }
      self.queue.asyncAfter(deadline: .now() + delay) { [weak self] in
        self?.pending.withLock { $0 = false }
        onChange()
      }
    }
    #if os(Linux)
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return }
      let mask = UInt32(
        IN_CREATE | IN_DELETE | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_MODIFY)
      for directory in directories {
        _ = inotify_add_watch(descriptor, directory, mask)
      }
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      source.setEventHandler {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, 4096) }) > 0 {}
        fire()
      }
      source.setCancelHandler { close(descriptor) }
      source.resume()
      sources.append(source)
    #else
      for directory in directories {
        let descriptor = open(directory, O_EVTONLY)
        guard descriptor >= 0 else { continue }
        let source = DispatchSource.makeFileSystemObjectSource(
          fileDescriptor: descriptor, eventMask: [.write, .rename, .delete], queue: queue)
        source.setEventHandler { fire() }
        source.setCancelHandler { close(descriptor) }
        source.resume()
        sources.append(source)
      }
    #endif
  }

  /// Stops watching.
  public func stop() {
    for source in sources { source.cancel() }
    sources = []
  }
}
