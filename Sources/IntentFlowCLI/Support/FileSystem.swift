#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What commands ask the file system, as closures, so that tests can answer without files.
/// Reading workflow files goes through ``WorkflowLoader``'s own reader.
public struct FileSystem: Sendable {
  /// Whether anything (a file or a directory) exists at a path.
  public var exists: @Sendable (String) -> Bool
  /// Whether a directory exists at a path.
  public var isDirectory: @Sendable (String) -> Bool

  /// A file system answered by the two closures.
  public init(
    exists: @escaping @Sendable (String) -> Bool,
    isDirectory: @escaping @Sendable (String) -> Bool
  ) {
    self.exists = exists
    self.isDirectory = isDirectory
  }

  /// The machine's file system.
  public static let live = FileSystem(
    exists: { FileManager.default.fileExists(atPath: $0) },
    isDirectory: { path in
      var isDirectory = false
      return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && isDirectory
    })
}
