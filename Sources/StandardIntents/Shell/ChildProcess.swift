import Dispatch
import Foundation
import IntentKit
import Synchronization

/// A command started with `posix_spawn` in a process group of its own, its standard streams
/// piped to us.
///
/// Blocking calls (`read`, `write`, `waitpid`) run on Dispatch threads, never on the Swift
/// concurrency pool, so that a long command cannot starve the timers that time it out.
/// stdout and stderr are drained at once, so neither pipe can fill and stall the command.
/// ``terminate(grace:)`` sends SIGTERM to the whole group (the command's children and their
/// children too), then SIGKILL once the grace period is over.
final class ChildProcess: Sendable {
  /// The process id, which is also the id of its process group.
  let pid: pid_t
  private let stdinFD: Int32?
  private let stdoutFD: Int32
  private let stderrFD: Int32
  private let state = Mutex(State())

  private struct State {
    var status: Int32?
    var waiters: [CheckedContinuation<Int32, Never>] = []
    var terminating = false
  }

  /// What a finished process left.
  struct Outcome: Sendable {
    var stdout: [UInt8]
    var stderr: [UInt8]
    /// The exit code, or 128 + N for signal N.
    var exitCode: Int
    /// The signal that ended it, if one did.
    var signal: Int32?
  }

  /// Starts `executable` with `arguments` (the first is the program's name as it sees it).
  ///
  /// - Throws: ``IntentError`` when the system cannot start it (not found, not executable).
  init(
    executable: String, arguments: [String], environment: [String: String],
    directory: String?, hasInput: Bool
  ) throws {
    Self.ignoreBrokenPipes
    var pipes: [Int32] = []
    func makePipe() throws -> (read: Int32, write: Int32) {
      var fds: [Int32] = [-1, -1]
      let result = pipe(&fds)
      if result == 0 { for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) } }
      guard result == 0 else { throw IntentError("cannot create a pipe: \(Paths.reason())") }
      pipes += fds
      return (fds[0], fds[1])
    }
    var childEnds: [Int32] = []
    defer { for fd in childEnds { close(fd) } }
    do {
      let input: Int32
      if hasInput {
        let pipe = try makePipe()
        input = pipe.read
        stdinFD = pipe.write
      } else {
        input = open("/dev/null", O_RDONLY | O_CLOEXEC)
        stdinFD = nil
      }
      let output = try makePipe()
      let errors = try makePipe()
      stdoutFD = output.read
      stderrFD = errors.read
      childEnds = [input, output.write, errors.write]
      pid = try Self.spawn(
        executable, arguments, environment, directory,
        streams: (input, output.write, errors.write))
    } catch {
      for fd in pipes where !childEnds.contains(fd) { close(fd) }
      throw error
    }
    let pid = self.pid
    DispatchQueue.global().async { [self] in
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      let waiters = state.withLock { state in
        state.status = status
        defer { state.waiters = [] }
        return state.waiters
      }
      for waiter in waiters { waiter.resume(returning: status) }
    }
  }

  /// Feeds `input` to the command, collects its output and waits for it to exit. When the
  /// task is cancelled, the process group is terminated.
  func run(input: [UInt8]?, grace: Duration) async -> Outcome {
    await withTaskCancellationHandler {
      async let written: Void = Self.write(input ?? [], to: stdinFD)
      async let stdout = Self.readAll(stdoutFD)
      async let stderr = Self.readAll(stderrFD)
      let status = await exitStatus()
      let (out, err, _) = await (stdout, stderr, written)
      let signalled = status & 0x7f
      if signalled != 0 && signalled != 0x7f {
        return Outcome(stdout: out, stderr: err, exitCode: 128 + Int(signalled), signal: signalled)
      }
      return Outcome(stdout: out, stderr: err, exitCode: Int((status >> 8) & 0xff), signal: nil)
    } onCancel: {
      startTerminating(grace: grace)
    }
  }

  /// The raw wait status, once the process has exited.
  func exitStatus() async -> Int32 {
    await withCheckedContinuation { continuation in
      let status = state.withLock { state -> Int32? in
        if let status = state.status { return status }
        state.waiters.append(continuation)
        return nil
      }
      if let status { continuation.resume(returning: status) }
    }
  }

  /// Whether the process has exited (and been reaped).
  var hasExited: Bool { state.withLock { $0.status != nil } }

  /// Sends SIGTERM to the process group, waits for the process to exit or for `grace` to
  /// pass, then sends SIGKILL to whatever of the group is left.
  func terminate(grace: Duration) async {
    startTerminating(grace: grace)
    await withTaskGroup(of: Void.self) { group in
      group.addTask { _ = await self.exitStatus() }
      group.addTask { await Self.sleep(grace) }
      await group.next()
      group.cancelAll()
    }
    kill(-pid, SIGKILL)
  }

  /// SIGTERM to the group now, SIGKILL after `grace` (once per process).
  private func startTerminating(grace: Duration) {
    let first = state.withLock { state in
      defer { state.terminating = true }
      return !state.terminating
    }
    guard first else { return }
    kill(-pid, SIGTERM)
    let pid = self.pid
    let (seconds, attoseconds) = grace.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
      kill(-pid, SIGKILL)
    }
  }

  /// A sleep that ends early, without error, when its task is cancelled.
  private static func sleep(_ duration: Duration) async {
    try? await Task.sleep(for: duration)
  }

  // MARK: Spawning

  private static func spawn(
    _ executable: String, _ arguments: [String], _ environment: [String: String],
    _ directory: String?, streams: (Int32, Int32, Int32)
  ) throws -> pid_t {
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t? = nil
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var attributes = posix_spawnattr_t()
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }

    // A group of its own (so that one signal reaches its children too), every signal at its
    // default (the runner ignores SIGTERM and SIGPIPE, which children would inherit), none
    // blocked.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in 1..<32 where number != SIGKILL && number != SIGSTOP {
      sigaddset(&defaults, Int32(number))
    }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    posix_spawn_file_actions_adddup2(&actions, streams.0, 0)
    posix_spawn_file_actions_adddup2(&actions, streams.1, 1)
    posix_spawn_file_actions_adddup2(&actions, streams.2, 2)
    if let directory {
      guard let addchdir = SpawnExtensions.addchdir else {
        throw IntentError("this system cannot start a command in another directory")
      }
      _ = addchdir(&actions, directory)
    }
    // Nothing else of the runner's (databases, sockets) leaks into the command.
    _ = SpawnExtensions.addclosefrom?(&actions, 3)

    let argv = arguments.map { strdup($0) } + [nil]
    let envp =
      environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw IntentError("cannot run '\(executable)': \(Paths.reason(result))")
    }
    return pid
  }

  /// Set once: a command that exits without reading its input must not kill the runner with
  /// SIGPIPE; the write fails with EPIPE instead.
  private static let ignoreBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
  }()

  // MARK: Streams

  private static func readAll(_ descriptor: Int32) async -> [UInt8] {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
          let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
          if count > 0 {
            result.append(contentsOf: buffer[..<count])
          } else if count < 0 && errno == EINTR {
            continue
          } else {
            break
          }
        }
        close(descriptor)
        continuation.resume(returning: result)
      }
    }
  }

  private static func write(_ bytes: [UInt8], to descriptor: Int32?) async {
    guard let descriptor else { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        bytes.withUnsafeBytes { buffer in
          var offset = 0
          while offset < buffer.count, let base = buffer.baseAddress {
            let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
              if errno == EINTR { continue }
              break  // EPIPE: the command stopped reading
            }
            offset += written
          }
        }
        close(descriptor)
        continuation.resume()
      }
    }
  }
}

/// The `_np` file actions of glibc 2.29+ and macOS 10.15+, found at run time: Swift's Glibc
/// module hides them behind `_GNU_SOURCE`.
private enum SpawnExtensions {
  #if canImport(Darwin)
    typealias Actions = UnsafeMutablePointer<posix_spawn_file_actions_t?>
  #else
    typealias Actions = UnsafeMutablePointer<posix_spawn_file_actions_t>
  #endif
  typealias AddChdir = @convention(c) (Actions, UnsafePointer<CChar>) -> Int32
  typealias AddClosefrom = @convention(c) (Actions, Int32) -> Int32

  static let addchdir: AddChdir? = symbol("posix_spawn_file_actions_addchdir_np")
  static let addclosefrom: AddClosefrom? = symbol("posix_spawn_file_actions_addclosefrom_np")

  private static func symbol<T>(_ name: String) -> T? {
    #if canImport(Darwin)
      let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let handle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    guard let address = dlsym(handle, name) else { return nil }
    return unsafeBitCast(address, to: T.self)
  }
}
