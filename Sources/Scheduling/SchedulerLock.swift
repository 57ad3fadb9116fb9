#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lock that makes one `intentflow schedule` daemon per home the active one: an `flock`
/// on `<home>/scheduler.lock`, which the kernel lets go of the moment the process holding it
/// dies, however it dies (SIGKILL included), so a standby can take over at once.
///
/// The file holds the active daemon's process id, for the standby's log. Its descriptor is
/// close-on-exec, and runs are started with every other descriptor closed, so no run keeps
/// the lock after its daemon is gone.
public final class SchedulerLock: Sendable {
  /// The lock file's path.
  public let path: String
  private let descriptor: Int32

  /// Opens (creating, 0600) the lock file at `path`, without locking it.
  /// - Throws: ``Failure`` naming the file when it cannot be opened.
  public init(path: String) throws(Failure) {
    self.path = path
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else {
      throw Failure(
        description: "cannot open the scheduler lock '\(path)': \(String(cString: strerror(errno)))"
          + "; check that the home directory is writable")
    }
  }

  deinit { close(descriptor) }

  /// Takes the lock if no other process holds it, and then writes this process's id into the
  /// file.
  /// - Returns: Whether this process holds the lock now.
  public func tryAcquire() -> Bool {
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
    let text = Array("\(getpid())\n".utf8)
    _ = ftruncate(descriptor, 0)
    _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    return true
  }

  /// The process id the active daemon wrote into the file, if it reads as one.
  public var holder: Int32? {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 32, 0) }
    guard count > 0 else { return nil }
    let text = String(decoding: buffer.prefix(count), as: UTF8.self)
    return Int32(text.prefix { $0 != "\n" })
  }

  /// Why the lock file cannot be used.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    public var description: String
  }
}
