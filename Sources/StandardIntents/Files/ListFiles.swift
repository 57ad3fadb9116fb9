public import IntentKit

/// `files.list`: the files in a folder, by name.
public struct ListFiles: AppIntent {
  public static let identifier: IntentIdentifier = "files.list"
  public static let title = "Get Contents of Folder"
  public static let description =
    "Lists the files and folders in a folder, sorted by name; with recursive, everything below "
    + "it (symbolic links to folders are listed, not entered)."
  public static let parameterSummary: String? = "List {pattern} in {folder}"

  @Parameter(
    title: "Folder", description: "The folder to list; the current directory if unset.",
    isInput: true, resolve: { folder in ListFiles.requireFolder(folder) })
  public var folder: File?

  @Parameter(
    title: "Pattern",
    description: "A glob on names: * any text, ? one character, [abc] one of these.")
  public var pattern: String = "*"

  @Parameter(title: "Recursive", description: "Whether to list the folders inside too.")
  public var recursive: Bool = false

  @Parameter(
    title: "Include hidden", description: "Whether names starting with a dot are listed.")
  public var includeHidden: Bool = false

  @Dependency({ $0.currentDirectory }) var currentDirectory: String

  public init() {}

  public func perform() async throws -> IntentResult<[File]> {
    let listing = try FileListing(
      folder: folder?.path ?? Paths.absolute(".", in: currentDirectory), pattern: pattern,
      recursive: recursive, includeHidden: includeHidden)
    let files = try listing.files()
    return .result(value: files)
  }

  static func requireFolder(_ file: File?) -> ParameterResolution<File?> {
    guard let file, !file.isDirectory else { return .success(file) }
    return .unsupported(reason: "'\(file.path)' is a file, not a folder")
  }
}
