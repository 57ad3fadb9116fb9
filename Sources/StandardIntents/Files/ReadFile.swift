public import IntentKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `files.read`: a text file's contents.
public struct ReadFile: AppIntent {
  public static let identifier: IntentIdentifier = "files.read"
  public static let title = "Read File"
  public static let description =
    "Reads a file as UTF-8 text; a file that is not UTF-8 text fails with a clear message."
  public static let parameterSummary: String? = "Read {file}"

  @Parameter(
    title: "File", requestValueDialog: "Which file?", isInput: true,
    resolve: { file in
      file.isDirectory
        ? .unsupported(reason: "'\(file.path)' is a folder; list it with files.list")
        : .success(file)
    })
  public var file: File

  public init() {}

  public func perform() async throws -> IntentResult<String> {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: file.path))
    } catch {
      throw IntentError("cannot read '\(file.path)': \(FileErrors.reason(error))")
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw IntentError(
        "'\(file.path)' is not UTF-8 text (it may be binary or in another encoding); "
          + "convert it first, for example with iconv")
    }
    return .result(value: text)
  }
}
