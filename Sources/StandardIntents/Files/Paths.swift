import IntentKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// Path arithmetic on text, without touching the disk (no link is resolved).
enum Paths {
  /// `text` as an absolute path: relative to `directory`, with a leading `~/` read as the home
  /// folder, and `.`, `..` and repeated slashes removed.
  static func absolute(_ text: String, in directory: String) -> String {
    var path = text
    if path == "~" || path.hasPrefix("~/") {
      let home =
        ProcessInfo.processInfo.environment["HOME"]
        ?? FileManager.default.homeDirectoryForCurrentUser.path
      path = home + path.dropFirst()
    }
    if !path.hasPrefix("/") { path = directory + "/" + path }
    return PathText.standardize(path)
  }

  /// The last part of an absolute path (`/` for the root).
  static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), path != "/" else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// The folder of an absolute path (`/` for a top-level entry and for the root).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }

  /// `name` inside `folder`.
  static func join(_ folder: String, _ name: String) -> String {
    folder == "/" ? "/" + name : folder + "/" + name
  }

  /// What a file that is not a regular file, a folder or a link is, for messages: `a named
  /// pipe (FIFO)`, `a character device`, `a block device`, `a socket`.
  static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: return "a regular file"
    case S_IFDIR: return "a folder"
    case S_IFLNK: return "a symbolic link"
    case S_IFIFO: return "a named pipe (FIFO)"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    default: return "not a regular file"
    }
  }

  /// The system's description of `errno`, lowercase: `no such file or directory`.
  static func reason(_ code: Int32 = errno) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
  }
}
