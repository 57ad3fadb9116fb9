public import IntentKit
import Suggestions

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `files.makeFolder`: creates a folder and its parents.
public struct MakeFolder: AppIntent {
  public static let identifier: IntentIdentifier = "files.makeFolder"
  public static let title = "Create Folder"
  public static let description =
    "Creates a folder, and the folders above it that are missing; fine if it exists."
  public static let parameterSummary: String? = "Create folder {path}"

  @Parameter(
    title: "Path", description: "The folder, relative to the current directory.",
    requestValueDialog: "Which folder should be created?", isInput: true)
  public var path: String

  @Dependency({ $0.currentDirectory }) var currentDirectory: String

  public init() {}

  public func perform() async throws -> IntentResult<File> {
    let target = Paths.absolute(path, in: currentDirectory)
    if let existing = File.at(target), !existing.isDirectory {
      throw IntentError("'\(target)' exists and is a file, not a folder")
    }
    // Each missing folder from the top down, by its bytes (see `FileSystemPath`); 0777 lets
    // the kernel apply the umask, as `mkdir -p` does.
    for folder in FileSystemPath(target).ancestry.dropFirst() {
      guard folder.withCString({ mkdir($0, 0o777) }) == 0 || errno == EEXIST else {
        throw IntentError("cannot create the folder '\(target)': \(Paths.reason())")
      }
    }
    guard let folder = File.at(target) else {
      throw IntentError("'\(target)' disappeared right after it was created")
    }
    return .result(value: folder)
  }
}
