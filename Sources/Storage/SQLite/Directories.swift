import CSQLite

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Creating a database file's directory, with errors a user can act on.
enum Directories {
  /// Creates the directory that will hold the file at `path`, and its parents, as needed,
  /// readable by the owner only (0700): the stores hold what runs did and with which inputs.
  ///
  /// POSIX calls rather than `FileManager`: the usual case, a directory that exists, costs one
  /// `stat`, and a failure names the directory and the system's reason in plain words.
  static func createParent(of path: String) throws(StorageError) {
    guard let slash = path.lastIndex(of: "/") else { return }  // relative to the current one
    let directory = String(path[..<slash])
    guard !directory.isEmpty, !isDirectory(directory) else { return }
    var prefix = directory.hasPrefix("/") ? "/" : ""
    for component in directory.split(separator: "/") {
      if !prefix.isEmpty, !prefix.hasSuffix("/") { prefix += "/" }
      prefix += component
      if component == "." || component == ".." { continue }
      if mkdir(prefix, 0o700) == 0 { continue }  // private: the stores hold run history
      let error = errno
      if error == EEXIST, isDirectory(prefix) { continue }
      let reason = describe(errno: error == EEXIST ? ENOTDIR : error)
      throw StorageError(
        code: SQLITE_CANTOPEN, message: "cannot create directory '\(prefix)': \(reason)",
        path: path, action: "cannot open database")
    }
  }

  private static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }

  /// The system's description of an error number, lowercased to read inside a sentence.
  static func describe(errno number: Int32) -> String {
    let text = strerror(number).map { String(cString: $0) } ?? "error \(number)"
    guard let first = text.first else { return text }
    return first.lowercased() + text.dropFirst()
  }
}
