import IntentKit
import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// How workflow paths are joined and normalised, in one place, so that the planner's cycle
/// check, the scheduler's catalog and the run history agree on which file a path names.
public enum WorkflowPath {
  /// `path` made absolute against `directory`, with `.` and `..` removed, and with symbolic
  /// links resolved when `resolvingSymlinks` is set (the planner does, so that a link cannot
  /// hide a cycle of workflows).
  public static func absolute(
    _ path: String, in directory: String, resolvingSymlinks: Bool = false
  ) -> String {
    let joined: String
    if path.hasPrefix("/") {
      joined = path
    } else if directory.isEmpty {
      joined = currentDirectory() + "/" + path
    } else {
      joined = directory + "/" + path
    }
    let standardized = PathText.standardize(joined)
    guard resolvingSymlinks else { return standardized }
    // `realpath` fails for a path that does not exist; such a path is kept as written. The
    // path goes and comes back as bytes: a name need not be UTF-8 (see `FileSystemPath`).
    return FileSystemPath(standardized).resolved()?.text ?? standardized
  }

  /// The process's current directory, or `/` when it cannot be told.
  private static func currentDirectory() -> String {
    guard let directory = getcwd(nil, 0) else { return "/" }
    defer { free(directory) }
    return RawBytes.decode(UnsafeRawBufferPointer(start: directory, count: strlen(directory)))
  }

  /// The path of the file that `path`, written in the workflow file `file`, names: relative
  /// paths are relative to the directory of `file` (and stay relative when `file`'s is).
  public static func named(_ path: String, inFile file: String) -> String {
    let directory = PathText.deletingLastComponent(file)
    guard !path.hasPrefix("/"), !directory.isEmpty else { return path }
    return PathText.appending(path, to: directory)
  }
}
