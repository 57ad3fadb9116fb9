import IntentKit
import Suggestions

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes files and folders by their bytes (see `FileSystemPath`), so that a name that is
/// not UTF-8 is removed like any other; what `files.delete` and an `overwrite` use.
enum FileRemoval {
  /// Removes the entry at `path`: a folder with everything in it, a link (never what it
  /// points to), or any other file.
  ///
  /// - Throws: ``FileFailure`` for the first entry that cannot be removed.
  /// - Complexity: One `lstat` and one `unlink` or `rmdir` per entry below `path`.
  static func remove(_ path: FileSystemPath) throws(FileFailure) {
    guard let info = path.entryStatus() else {
      throw FileFailure(path: path.text, reason: Paths.reason())
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      guard let names = path.entries() else {
        throw FileFailure(path: path.text, reason: Paths.reason())
      }
      for name in names { try remove(path.appending(name)) }
      guard path.withCString({ rmdir($0) }) == 0 else {
        throw FileFailure(path: path.text, reason: Paths.reason())
      }
    } else if path.withCString({ unlink($0) }) != 0 {
      throw FileFailure(path: path.text, reason: Paths.reason())
    }
  }
}

/// An entry that a file operation (removing, copying) could not handle, and the reason.
struct FileFailure: Error {
  /// The entry, in the text form of `FileSystemPath`.
  var path: String
  var reason: String

  /// `reason`, naming the entry when it is not `top` (one inside the folder being handled).
  func reason(below top: String) -> String {
    path == top ? reason : "'\(path)': \(reason)"
  }
}
