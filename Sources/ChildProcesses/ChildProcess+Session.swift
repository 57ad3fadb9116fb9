#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ChildProcess {
  /// Sends SIGKILL to every process left in the session the child leads (its descendants
  /// that outlived it, in whatever process group they moved to), once the child has exited.
  ///
  /// A child killed by SIGKILL cannot stop what it started: its children are reparented to
  /// PID 1 and would run on. They stay in its session unless they started one of their own
  /// (as a daemon does on purpose), so the session is what this ends. The session's id is
  /// the child's process id, which the system does not give to another process while the
  /// session has members, so the signal reaches no stranger.
  ///
  /// On Linux the members are found in `/proc`; elsewhere only the child's process group is
  /// signalled.
  ///
  /// - Returns: The process ids signalled; empty when the child leads no session, has not
  ///   exited, or left nothing behind.
  @discardableResult
  public func endSession() -> [Int32] {
    guard leadsSession, termination != nil else { return [] }
    let session = processIdentifier
    #if os(Linux)
      var signalled: [Int32] = []
      // Members can start more members while this runs: sweep until none is left (bounded).
      for _ in 0..<8 {
        let members = Self.processes(inSession: session)
        guard !members.isEmpty else { break }
        for member in members where kill(member, SIGKILL) == 0 { signalled.append(member) }
      }
      return signalled
    #else
      return kill(-session, SIGKILL) == 0 ? [-session] : []
    #endif
  }

  #if os(Linux)
    /// The live processes whose session id is `session`, from `/proc/PID/stat` (its sixth
    /// field, after the command name in parentheses, which may itself hold spaces and
    /// parentheses). Zombies are left out: they are already dead.
    static func processes(inSession session: Int32) -> [Int32] {
      guard let directory = opendir("/proc") else { return [] }
      defer { closedir(directory) }
      var found: [Int32] = []
      let own = getpid()
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
          String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard let pid = Int32(name), pid != own,
          let fields = statFields(of: pid), fields.count >= 4,
          fields[0] != "Z", fields[0] != "X", Int32(fields[3]) == session
        else { continue }
        found.append(pid)
      }
      return found
    }

    /// The fields of `/proc/PID/stat` after the command name: state, parent, group, session…
    private static func statFields(of pid: Int32) -> [Substring]? {
      let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var buffer = [UInt8](repeating: 0, count: 1024)
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 1024) }
      guard count > 0 else { return nil }
      let text = String(decoding: buffer.prefix(count), as: UTF8.self)
      guard let end = text.lastIndex(of: ")") else { return nil }
      return text[text.index(after: end)...].split(separator: " ", maxSplits: 5)
    }
  #endif
}
