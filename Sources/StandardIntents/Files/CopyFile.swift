public import IntentKit

/// `files.copy`: copies a file or folder into a folder or to a new path.
public struct CopyFile: AppIntent {
  public static let identifier: IntentIdentifier = "files.copy"
  public static let title = "Copy File"
  public static let description =
    "Copies a file, or a folder with everything in it (links are copied as links), into a "
    + "folder or to a new path. Fails if the target exists, unless overwrite."
  public static let parameterSummary: String? = "Copy {file} to {to}"

  @Parameter(title: "File", requestValueDialog: "Which file?", isInput: true)
  public var file: File

  @Parameter(
    title: "To", description: "A folder to copy it into, or the new path.",
    requestValueDialog: "Where to?")
  public var to: String

  @Parameter(title: "Overwrite", description: "Whether to replace what is at the target.")
  public var overwrite: Bool = false

  @Dependency({ $0.currentDirectory }) var currentDirectory: String

  public init() {}

  public func perform() async throws -> IntentResult<File> {
    let target = FileTransfer.destination(of: file, to: to, in: currentDirectory)
    return .result(value: try FileTransfer.run(.copy, file, to: target, overwrite: overwrite))
  }
}
