import Dispatch
import Foundation
import IntentKit
import Synchronization

/// A command started with `posix_spawn` in a process group of its own, its standard streams
/// piped to us.
///
/// One thread of its own per command (never the Swift concurrency pool, nor Dispatch's few
/// threads, which blocking calls would starve) feeds stdin and drains stdout and stderr at
/// once with `poll`, so neither pipe can fill and stall the command, then reaps it.
/// ``terminate(grace:)`` sends SIGTERM to the whole group (the command's children and their
/// children too), then SIGKILL once the grace period is over.
final class ChildProcess: Sendable {
  /// The process id, which is also the id of its process group.
  let pid: pid_t
  private let state = Mutex(State())

  private struct State {
    var outcome: Outcome?
    var waiters: [CheckedContinuation<Outcome, Never>] = []
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

  /// Starts `executable` with `arguments` (the first is the program's name as it sees it),
  /// feeding it `input` (or nothing: `/dev/null`).
  ///
  /// - Throws: ``IntentError`` when the system cannot start it (not found, not executable).
  init(
    executable: String, arguments: [String], environment: [String: String],
    directory: String?, input: [UInt8]?
  ) throws {
    var pipes: [Int32] = []
    func makePipe() throws -> (read: Int32, write: Int32) {
      var fds: [Int32] = [-1, -1]
      guard pipe(&fds) == 0 else { throw IntentError("cannot create a pipe: \(Paths.reason())") }
      for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
      pipes += fds
      return (fds[0], fds[1])
    }
    var childEnds: [Int32] = []
    defer { for fd in childEnds { close(fd) } }
    let streams: Streams
    do {
      let stdinRead: Int32
      var stdinWrite: Int32?
      if input != nil {
        let pipe = try makePipe()
        (stdinRead, stdinWrite) = (pipe.read, pipe.write)
      } else {
        stdinRead = open("/dev/null", O_RDONLY | O_CLOEXEC)
      }
      let output = try makePipe()
      let errors = try makePipe()
      childEnds = [stdinRead, output.write, errors.write]
      pid = try Self.spawn(
        executable, arguments, environment, directory,
        streams: (stdinRead, output.write, errors.write))
      streams = Streams(input: stdinWrite, output: output.read, errors: errors.read)
    } catch {
      for fd in pipes where !childEnds.contains(fd) { close(fd) }
      throw error
    }
    let pid = self.pid
    let thread = Thread { [self] in
      let (stdout, stderr) = streams.pump(input ?? [])
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      let signalled = status & 0x7f
      let outcome =
        signalled != 0 && signalled != 0x7f
        ? Outcome(stdout: stdout, stderr: stderr, exitCode: 128 + Int(signalled), signal: signalled)
        : Outcome(stdout: stdout, stderr: stderr, exitCode: Int((status >> 8) & 0xff), signal: nil)
      let waiters = state.withLock { state in
        state.outcome = outcome
        defer { state.waiters = [] }
        return state.waiters
      }
      for waiter in waiters { waiter.resume(returning: outcome) }
    }
    thread.start()
  }

  /// Waits for the command to end and returns what it left. When the task is cancelled, the
  /// process group is terminated, SIGKILL following SIGTERM after `grace`.
  func run(grace: Duration) async -> Outcome {
    await withTaskCancellationHandler {
      await finished()
    } onCancel: {
      startTerminating(grace: grace)
    }
  }

  /// The outcome, once the process has exited and its output is read.
  func finished() async -> Outcome {
    await withCheckedContinuation { continuation in
      let outcome = state.withLock { state -> Outcome? in
        if let outcome = state.outcome { return outcome }
        state.waiters.append(continuation)
        return nil
      }
      if let outcome { continuation.resume(returning: outcome) }
    }
  }

  /// Sends SIGTERM to the process group, waits for the command to end or for `grace` to
  /// pass, then sends SIGKILL to whatever of the group is left.
  func terminate(grace: Duration) async {
    startTerminating(grace: grace)
    await withTaskGroup(of: Void.self) { group in
      group.addTask { _ = await self.finished() }
      group.addTask { try? await Task.sleep(for: grace) }
      await group.next()
      group.cancelAll()
    }
    kill(-pid, SIGKILL)
  }

  /// SIGTERM to the group now, SIGKILL after `grace` (once per process).
  private func startTerminating(grace: Duration) {
    let first = state.withLock { state in
      defer { state.terminating = true }
      return !state.terminating && state.outcome == nil
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

/// The parent's ends of a command's pipes, pumped by one thread with `poll`.
private struct Streams: Sendable {
  var input: Int32?
  var output: Int32
  var errors: Int32

  /// Writes `bytes` to stdin (then closes it) while reading stdout and stderr to their end.
  ///
  /// SIGPIPE is blocked on this thread while it writes: a command that exits without reading
  /// its input makes the write fail with EPIPE instead of killing the runner, and the signal
  /// that is then pending is taken back before the mask is restored.
  func pump(_ bytes: [UInt8]) -> (stdout: [UInt8], stderr: [UInt8]) {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    defer {
      var none = timespec(tv_sec: 0, tv_nsec: 0)
      while sigtimedwait(&pipeSignal, nil, &none) == SIGPIPE {}
      pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
    var input = self.input
    if let descriptor = input {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      if bytes.isEmpty {
        close(descriptor)
        input = nil
      }
    }
    var written = 0
    var open = [output: true, errors: true]
    var collected: [Int32: [UInt8]] = [output: [], errors: []]
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while open.values.contains(true) {
      var polled = [output, errors].filter { open[$0] == true }.map {
        pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
      }
      if let input { polled.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
      if poll(&polled, nfds_t(polled.count), -1) < 0 {
        if errno == EINTR { continue }
        break
      }
      for entry in polled where entry.revents != 0 {
        if entry.fd == input {
          let count = bytes.withUnsafeBytes { raw -> Int in
            guard let base = raw.baseAddress else { return 0 }
            return Foundation.write(entry.fd, base + written, min(raw.count - written, 64 * 1024))
          }
          if count > 0 { written += count }
          if written == bytes.count || (count < 0 && errno != EAGAIN && errno != EINTR) {
            close(entry.fd)  // all written, or the command stopped reading (EPIPE)
            input = nil
          }
          continue
        }
        let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
        if count > 0 {
          collected[entry.fd, default: []].append(contentsOf: buffer[..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          close(entry.fd)
          open[entry.fd] = false
        }
      }
    }
    if let input { close(input) }
    return (collected[output] ?? [], collected[errors] ?? [])
  }
}
