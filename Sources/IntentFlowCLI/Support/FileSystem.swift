import Suggestions

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
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

  /// The machine's file system, asked by the paths' bytes (see `FileSystemPath`).
  public static let live = FileSystem(
    exists: { FileSystemPath($0).status() != nil },
    isDirectory: { path in
      guard let info = FileSystemPath(path).status() else { return false }
      return (info.st_mode & S_IFMT) == S_IFDIR
    })
}
