#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ChildProcess {
  /// The first executable regular file called `name` in `directories`, as a shell searches
  /// `PATH`; `nil` when there is none.
  ///
  /// - Parameters:
  ///   - name: A program's name, without a `/`.
  ///   - directories: Where to look, in order (`PATH` split at its colons).
  /// - Complexity: Two system calls per directory, at most.
  public static func executable(named name: String, searching directories: [String])
    -> String?
  {
    for directory in directories {
      let candidate = directory.hasSuffix("/") ? directory + name : directory + "/" + name
      var info = stat()
      if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
        access(candidate, X_OK) == 0
      {
        return candidate
      }
    }
    return nil
  }

  /// A pipe whose two ends are closed on `exec`, so that no child inherits them (for a
  /// descriptor a parent polls beside a child's pipes, such as a wake-up pipe).
  ///
  /// - Returns: The read end and the write end, which the caller closes.
  /// - Throws: ``ChildProcessError`` when the system has no descriptor left.
  public static func makePipe() throws(ChildProcessError) -> (read: Int32, write: Int32) {
    try Spawn.makePipe()
  }
}
