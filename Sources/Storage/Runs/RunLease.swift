#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A run's claim to be alive: an exclusive `flock` on `<home>/runs/locks/RUNID.lock`, held
/// from the moment the run is recorded until it is finished or its process dies.
///
/// The kernel releases the lock when the process ends, however it ends (`SIGKILL`, a crash,
/// a power cut), so "abandoned" can be decided without process ids, which are reused and
/// mean nothing to another container sharing the home: an unfinished run whose lock is free
/// is dead. See ``RunStore/markAbandonedRuns(isAlive:)``.
public final class RunLease: Sendable {
  /// The run's id in the store.
  public let runID: Int64
  /// The lock file, or `nil` when no lock could be taken (the run is then judged by its
  /// process id, as runs recorded before locks were).
  public let path: String?
  private let descriptor: Int32
  /// How a lease that is not a lock file lets go (a PostgreSQL advisory lock).
  private let letGo: (@Sendable () -> Void)?

  init(runID: Int64, path: String?, descriptor: Int32) {
    self.runID = runID
    self.path = path
    self.descriptor = descriptor
    self.letGo = nil
  }

  /// A lease held somewhere else than a lock file, which `letGo` releases.
  init(runID: Int64, letGo: @escaping @Sendable () -> Void) {
    self.runID = runID
    self.path = nil
    self.descriptor = -1
    self.letGo = letGo
  }

  /// Removes the lock file and lets go of the lock. Call it after the run's end is recorded.
  public func release() {
    letGo?()
    guard let path, descriptor >= 0 else { return }
    unlink(path)
    close(descriptor)
  }

  /// Takes the lock for run `runID` in `directory`, creating both as needed (0700, 0600).
  /// Returns a descriptor holding the lock, or -1 when it cannot be taken.
  static func lock(runID: Int64, in directory: String) -> (path: String, descriptor: Int32)? {
    let path = directory + "/\(runID).lock"
    let flags = O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW
    var descriptor = open(path, flags, 0o600)
    // The directory exists but for the first run of a home: create it only then, rather than
    // calling `mkdir` on every component of its path at every run.
    if descriptor < 0, errno == ENOENT {
      makeDirectory(directory)
      descriptor = open(path, flags, 0o600)
    }
    guard descriptor >= 0 else { return nil }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return nil
    }
    return (path, descriptor)
  }

  /// Whether the lock file of a run exists and is free (its holder is gone), `false` when it
  /// is held, `nil` when there is no lock file. Never blocks, never creates the file.
  static func isFree(runID: Int64, in directory: String) -> Bool? {
    let path = directory + "/\(runID).lock"
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else { return errno == ENOENT ? nil : false }
    defer { close(descriptor) }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
    flock(descriptor, LOCK_UN)
    return true
  }

  /// `mkdir -p` with mode 0700.
  private static func makeDirectory(_ path: String) {
    var prefix = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      prefix += "/" + component
      mkdir(prefix, 0o700)
    }
  }
}
