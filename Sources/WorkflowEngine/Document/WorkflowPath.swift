import Foundation

/// How workflow paths are joined and normalised, in one place, so that the planner's cycle
/// check, the scheduler's catalog and the run history agree on which file a path names.
public enum WorkflowPath {
  /// `path` made absolute against `directory`, with `.` and `..` removed, and with symbolic
  /// links resolved when `resolvingSymlinks` is set (the planner does, so that a link cannot
  /// hide a cycle of workflows).
  public static func absolute(
    _ path: String, in directory: String, resolvingSymlinks: Bool = false
  ) -> String {
    let url =
      path.hasPrefix("/")
      ? URL(fileURLWithPath: path)
      : URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent(path)
    let standardized = url.standardizedFileURL
    return (resolvingSymlinks ? standardized.resolvingSymlinksInPath() : standardized).path
  }

  /// The path of the file that `path`, written in the workflow file `file`, names: relative
  /// paths are relative to the directory of `file` (and stay relative when `file`'s is).
  public static func named(_ path: String, inFile file: String) -> String {
    let directory = (file as NSString).deletingLastPathComponent
    guard !path.hasPrefix("/"), !directory.isEmpty else { return path }
    return (directory as NSString).appendingPathComponent(path)
  }
}
