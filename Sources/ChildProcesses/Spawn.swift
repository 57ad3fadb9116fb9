import Suggestions

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls that start a child: pipes that no other child inherits, and `posix_spawn`
/// with the signal state, process group, directory and descriptors of a ``ChildProcess/Command``.
enum Spawn {
  /// The parent's ends of a started child's pipes.
  struct Started {
    var pid: pid_t
    var input: Int32?
    var output: Int32?
    var errors: Int32?
  }

  /// Starts `command`; every descriptor opened here is closed again on failure, and the
  /// child's ends are closed in the parent once it has them.
  static func start(_ command: ChildProcess.Command) throws(ChildProcessError) -> Started {
    var parentEnds: [Int32] = []
    var childEnds: [Int32] = []
    defer { for descriptor in childEnds { close(descriptor) } }
    do {
      var started = Started(pid: 0)
      let stdin: Int32
      switch command.standardInput {
      case .null:
        stdin = try openNull(O_RDONLY)
      case .bytes, .pipe:
        let ends = try makePipe()
        (stdin, started.input) = (ends.read, ends.write)
        parentEnds.append(ends.write)
      }
      childEnds.append(stdin)
      func output(_ kind: ChildProcess.Command.Output) throws(ChildProcessError) -> (
        child: Int32?, parent: Int32?
      ) {
        switch kind {
        case .inherit: return (nil, nil)
        case .null:
          let descriptor = try openNull(O_WRONLY)
          childEnds.append(descriptor)
          return (descriptor, nil)
        case .pipe:
          let ends = try makePipe()
          childEnds.append(ends.write)
          parentEnds.append(ends.read)
          return (ends.write, ends.read)
        }
      }
      let stdout = try output(command.standardOutput)
      let stderr = try output(command.standardError)
      started.output = stdout.parent
      started.errors = stderr.parent
      started.pid = try spawn(command, streams: [stdin, stdout.child, stderr.child])
      return started
    } catch {
      for descriptor in parentEnds { close(descriptor) }
      throw error
    }
  }

  /// Starts the program with the child's ends of its streams as descriptors 0, 1 and 2
  /// (`nil`: inherited).
  private static func spawn(
    _ command: ChildProcess.Command, streams: [Int32?]
  ) throws(ChildProcessError) -> pid_t {
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

    // Every signal at its default (the runner ignores SIGPIPE, and a child inherits what is
    // ignored) and none blocked: `intentflow` blocks SIGINT, SIGTERM and SIGHUP in every
    // thread to take them with `sigwait`, and a child inherits the mask of the thread that
    // spawns it, where a blocked SIGTERM would never stop it.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in 1..<32 where number != SIGKILL && number != SIGSTOP {
      sigaddset(&defaults, Int32(number))
    }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &none)
    var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
    if command.newSession {
      // setsid(2) in the child makes it the leader of a new session and of a new group; a
      // group set as well would make the spawn fail (a session leader cannot change group).
      flags |= Spawn.setSessionFlag
    } else if command.newProcessGroup {
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= POSIX_SPAWN_SETPGROUP
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    for (target, source) in streams.enumerated() {
      guard let source else { continue }
      posix_spawn_file_actions_adddup2(&actions, source, Int32(target))
    }
    if let directory = command.directory {
      guard let addchdir = SpawnExtensions.addchdir else {
        throw ChildProcessError(
          "cannot run '\(command.executable)' in '\(directory)': this system cannot start a "
            + "program in another directory", reason: "not supported", code: ENOSYS)
      }
      _ = addchdir(&actions, directory)
    }
    // Nothing else of the parent's (databases, sockets, descriptors opened without
    // close-on-exec by other code) leaks into the child.
    _ = SpawnExtensions.addclosefrom?(&actions, 3)

    // Each argument as its bytes: a file name that is not UTF-8 reaches the child unchanged.
    let argv = ([command.programName ?? command.executable] + command.arguments).map {
      Self.duplicate(RawBytes.encode($0))
    }
    var envp: [UnsafeMutablePointer<CChar>?] = []
    if let environment = command.environment {
      envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
    }
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let result: Int32
    if command.environment != nil {
      result = posix_spawn(
        &pid, command.executable, &actions, &attributes, argv + [nil], envp + [nil])
    } else {
      #if canImport(Darwin)
        let inherited = _NSGetEnviron().pointee
      #else
        let inherited = environ
      #endif
      result = posix_spawn(&pid, command.executable, &actions, &attributes, argv + [nil], inherited)
    }
    guard result == 0 else {
      throw ChildProcessError.system("cannot run '\(command.executable)'", code: result)
    }
    return pid
  }

  /// A pipe whose two ends are closed on `exec`, so that no other child inherits them: made
  /// at once by `pipe2` where the system has it, else marked just after.
  /// `POSIX_SPAWN_SETSID`, which the C headers define only for GNU or Darwin sources, so
  /// Swift does not see it: glibc's value (since 2.26) and Darwin's.
  #if canImport(Darwin)
    static let setSessionFlag: Int32 = 0x0400
  #else
    static let setSessionFlag: Int32 = 0x80
  #endif

  static func makePipe() throws(ChildProcessError) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    if let pipe2 = SpawnExtensions.pipe2 {
      guard pipe2(&ends, O_CLOEXEC) == 0 else {
        throw ChildProcessError.system("cannot create a pipe", code: errno)
      }
    } else {
      guard pipe(&ends) == 0 else {
        throw ChildProcessError.system("cannot create a pipe", code: errno)
      }
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    }
    return (ends[0], ends[1])
  }

  /// A `malloc`ed NUL-terminated copy of `bytes`, for `argv` (freed with `free`).
  private static func duplicate(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
    guard let copy = malloc(bytes.count + 1)?.assumingMemoryBound(to: CChar.self) else {
      return nil
    }
    for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
    copy[bytes.count] = 0
    return copy
  }

  private static func openNull(_ mode: Int32) throws(ChildProcessError) -> Int32 {
    let descriptor = open("/dev/null", mode | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw ChildProcessError.system("cannot open '/dev/null'", code: errno)
    }
    return descriptor
  }
}

/// Functions of glibc 2.29+ and macOS 10.15+ that Swift's Glibc module hides behind
/// `_GNU_SOURCE`, found at run time.
private enum SpawnExtensions {
  #if canImport(Darwin)
    typealias Actions = UnsafeMutablePointer<posix_spawn_file_actions_t?>
  #else
    typealias Actions = UnsafeMutablePointer<posix_spawn_file_actions_t>
  #endif
  typealias AddChdir = @convention(c) (Actions, UnsafePointer<CChar>) -> Int32
  typealias AddClosefrom = @convention(c) (Actions, Int32) -> Int32
  typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

  static let addchdir: AddChdir? = symbol("posix_spawn_file_actions_addchdir_np")
  static let addclosefrom: AddClosefrom? = symbol("posix_spawn_file_actions_addclosefrom_np")
  static let pipe2: Pipe2? = symbol("pipe2")

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
