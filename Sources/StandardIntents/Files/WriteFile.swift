public import IntentKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `files.write`: writes text to a file, atomically when it replaces one.
public struct WriteFile: AppIntent {
  public static let identifier: IntentIdentifier = "files.write"
  public static let title = "Save File"
  public static let description =
    "Writes text to a file as UTF-8. mode 'overwrite' (the default) replaces the file "
    + "atomically, 'append' adds to its end, 'create' fails if it already exists."
  public static let parameterSummary: String? = "Write {text} to {path}"

  /// The modes `mode` accepts.
  public static let modes = ["overwrite", "append", "create"]

  @Parameter(title: "Text", description: "What to write.", isInput: true)
  public var text: String

  @Parameter(
    title: "Path", description: "Where to write, relative to the current directory.",
    requestValueDialog: "Where should the file be saved?")
  public var path: String

  @Parameter(
    title: "Mode", description: "overwrite, append or create.",
    resolve: { mode in
      WriteFile.modes.contains(mode)
        ? .success(mode)
        : .unsupported(reason: "'\(mode)' is not a mode; use overwrite, append or create")
    })
  public var mode: String = "overwrite"

  @Dependency({ $0.currentDirectory }) var currentDirectory: String

  public init() {}

  public func perform() async throws -> IntentResult<File> {
    let target = Paths.absolute(path, in: currentDirectory)
    let bytes = Array(text.utf8)
    switch mode {
    case "append":
      try FileWriting.append(bytes, to: target)
    case "create":
      try FileWriting.create(bytes, at: target)
    default:
      try FileWriting.replace(target, with: bytes)
    }
    guard let file = File.at(target) else {
      throw IntentError("'\(target)' disappeared right after it was written")
    }
    return .result(value: file)
  }
}
