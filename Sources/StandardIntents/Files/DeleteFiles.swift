public import IntentKit
import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// `files.delete`: deletes files and folders after the user confirms.
public struct DeleteFiles: AppIntent {
  public static let identifier: IntentIdentifier = "files.delete"
  public static let title = "Delete Files"
  public static let description =
    "Deletes files, and folders with everything in them; returns how many were deleted. Asks "
    + "for confirmation first unless confirmBeforeDeleting is false (or the run has --yes). "
    + "A symbolic link is removed, never what it points to."
  public static let parameterSummary: String? = "Delete {files}"

  @Parameter(title: "Files", requestValueDialog: "Which files should be deleted?", isInput: true)
  public var files: [File]

  @Parameter(
    title: "Confirm before deleting",
    description: "Whether to ask first, as Shortcuts does; false suits unattended jobs.")
  public var confirmBeforeDeleting: Bool = true

  public init() {}

  public func confirm() async throws -> ConfirmationResult {
    guard confirmBeforeDeleting, !files.isEmpty else { return .ready }
    let names = files.prefix(3).map { "'\($0.name)'" }.joined(separator: ", ")
    let more = files.count > 3 ? " and \(files.count - 3) more" : ""
    let folders = files.contains(where: \.isDirectory) ? " (folders with everything in them)" : ""
    let noun = files.count == 1 ? "file" : "files"
    return .needsUserConfirmation(
      prompt: "Delete \(files.count) \(noun)\(folders): \(names)\(more)?")
  }

  public func perform() async throws -> IntentResult<Int> {
    var deleted = 0
    for file in files {
      guard FileSystemPath(file.path).entryStatus() != nil else { continue }  // already gone
      do {
        try FileRemoval.remove(FileSystemPath(file.path))
        deleted += 1
      } catch {
        throw IntentError(
          "cannot delete '\(file.path)': \(error.reason(below: file.path)) "
            + "(\(deleted) deleted before)")
      }
    }
    let noun = deleted == 1 ? "file" : "files"
    return .result(value: deleted, dialog: "Deleted \(deleted) \(noun).")
  }
}
