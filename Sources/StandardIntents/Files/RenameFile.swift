public import IntentKit

/// `files.rename`: gives a file a new name in the same folder.
public struct RenameFile: AppIntent {
  public static let identifier: IntentIdentifier = "files.rename"
  public static let title = "Rename File"
  public static let description =
    "Renames a file or folder in its folder. Fails if the new name is taken, unless overwrite."
  public static let parameterSummary: String? = "Rename {file} to {name}"

  @Parameter(title: "File", requestValueDialog: "Which file?", isInput: true)
  public var file: File

  @Parameter(
    title: "New name", description: "The new name, without a folder.",
    requestValueDialog: "What should it be called?",
    resolve: { name in
      if name.contains("/") || name == "." || name == ".." {
        return .unsupported(
          reason: "'\(name)' is not a file name; to put the file elsewhere use files.move")
      }
      return .success(name)
    })
  public var name: String

  @Parameter(title: "Overwrite", description: "Whether to replace a file that has the new name.")
  public var overwrite: Bool = false

  public init() {}

  public func perform() async throws -> IntentResult<File> {
    let target = Paths.join(file.folder, name)
    let renamed = try FileTransfer.run(.move, file, to: target, overwrite: overwrite)
    return .result(value: renamed)
  }
}
