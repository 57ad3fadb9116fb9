#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The directory that holds IntentFlow's state: its SQLite databases.
///
/// ```swift
/// let home = IntentFlowHome.resolve(environment: ProcessInfo.processInfo.environment)
/// let store = try RunStore(home: home)  // <home>/runs.sqlite
/// ```
public struct IntentFlowHome: Sendable, Hashable {
  /// The directory's path; absolute and standardized when the home was resolved.
  public private(set) var path: String

  /// The directory, as a file URL. It need not exist yet: opening a database in it creates it.
  public var directory: URL {
    get { URL(fileURLWithPath: path, isDirectory: true) }
    set { path = newValue.path }
  }

  /// Uses the given directory as the home.
  /// - Parameter directory: A file URL of the directory.
  public init(directory: URL) {
    self.path = directory.path
  }

  /// Finds the home directory from the environment, as the `intentflow` command does.
  ///
  /// In order:
  /// 1. `INTENTFLOW_HOME`, if set and not empty. A leading `~/` stands for `$HOME` (cron does
  ///    not expand it in a crontab's variables), and a relative path is taken from
  ///    `currentDirectory`.
  /// 2. `$XDG_STATE_HOME/intentflow`, if `XDG_STATE_HOME` is an absolute path (the XDG Base
  ///    Directory specification says to ignore a relative one).
  /// 3. `$HOME/.local/state/intentflow`, the specification's default; without `HOME`, the
  ///    home directory in the user's account entry.
  /// - Parameters:
  ///   - environment: The environment variables, usually
  ///     `ProcessInfo.processInfo.environment`.
  ///   - currentDirectory: The directory that relative paths start from.
  /// - Returns: The home directory; nothing is created or checked.
  public static func resolve(
    environment: [String: String],
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> IntentFlowHome {
    let userHome = nonEmpty(environment["HOME"]) ?? accountHomeDirectory() ?? "/"
    if let explicit = nonEmpty(environment["INTENTFLOW_HOME"]) {
      var path = explicit
      if path == "~" {
        path = userHome
      } else if path.hasPrefix("~/") {
        path = userHome + path.dropFirst(1)
      }
      return IntentFlowHome(path: path, relativeTo: currentDirectory)
    }
    if let state = nonEmpty(environment["XDG_STATE_HOME"]), state.hasPrefix("/") {
      return IntentFlowHome(path: state + "/intentflow", relativeTo: currentDirectory)
    }
    return IntentFlowHome(path: userHome + "/.local/state/intentflow", relativeTo: currentDirectory)
  }

  /// Creates the directory and its parents as needed, readable by its owner only (0700), as
  /// opening a store in it does: for what lives in the home when the history does not (the
  /// scheduler's lock, with a PostgreSQL store).
  /// - Throws: ``StorageError`` naming the directory that could not be made.
  public func create() throws(StorageError) {
    try Directories.createParent(of: databasePath("runs"))
  }

  /// The path of the database file with the given name in this directory.
  /// - Parameter name: The database's name, without extension: `"runs"`.
  /// - Returns: `"<directory>/<name>.sqlite"`.
  public func databasePath(_ name: String) -> String {
    (path.hasSuffix("/") ? path : path + "/") + name + ".sqlite"
  }

  /// `path` made absolute from `base` and standardized as `URL.standardizedFileURL` does it
  /// (no `.`, `..` or empty components, no trailing slash), with string operations: every run
  /// resolves its home, and the first `URL` a process makes costs more than the rest of this.
  private init(path: String, relativeTo base: String) {
    var full = path.hasPrefix("/") ? path : base + "/" + path
    if !full.hasPrefix("/") {  // a relative base: from the process's directory, as URL does
      full = FileManager.default.currentDirectoryPath + "/" + full
    }
    var components: [Substring] = []
    for component in full.split(separator: "/") {
      switch component {
      case ".": continue
      case "..": if !components.isEmpty { components.removeLast() }
      default: components.append(component)
      }
    }
    // Appended one by one: `joined(separator:)` on substrings is generic code whose first
    // use asks the runtime whether `[Substring]` is a `Collection` (a search of every
    // conformance record of the program).
    var joined = ""
    for component in components {
      joined += "/"
      joined += String(component)
    }
    self.path = joined.isEmpty ? "/" : joined
  }

  private static func nonEmpty(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value
  }

  /// The home directory in the user's entry of the account database.
  private static func accountHomeDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    return buffer.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return nil }
      var entry = passwd()
      var result: UnsafeMutablePointer<passwd>?
      let status = getpwuid_r(getuid(), &entry, base, buffer.count, &result)
      // The entry's strings point into `buffer`, so they are read before it goes away.
      guard status == 0, result != nil, let directory = entry.pw_dir else { return nil }
      return nonEmpty(String(cString: directory))
    }
  }
}
