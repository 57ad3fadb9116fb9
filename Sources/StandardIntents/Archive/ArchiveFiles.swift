public import IntentKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// `files.archive`: packs files and folders into a `.tar.gz`.
public struct ArchiveFiles: AppIntent {
  public static let identifier: IntentIdentifier = "files.archive"
  public static let title = "Make Archive"
  public static let description =
    "Packs files and folders (with everything in them) into a .tar.gz that tar -xzf extracts. "
    + "Each goes in under its own name; symbolic links inside folders are stored as links."
  public static let parameterSummary: String? = "Archive {files} to {to}"

  @Parameter(title: "Files", requestValueDialog: "Which files?", isInput: true)
  public var files: [File]

  @Parameter(
    title: "To", description: "The archive's path, such as backup.tar.gz.",
    requestValueDialog: "Where should the archive be saved?")
  public var to: String

  @Parameter(title: "Overwrite", description: "Whether to replace an existing archive.")
  public var overwrite: Bool = false

  @Dependency({ $0.currentDirectory }) var currentDirectory: String

  public init() {}

  public func perform() async throws -> IntentResult<File> {
    let target = Paths.absolute(to, in: currentDirectory)
    var info = stat()
    if !overwrite, lstat(target, &info) == 0 {
      throw IntentError("'\(target)' already exists; set \"overwrite\": true to replace it")
    }
    let names = files.map(\.name)
    if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
      throw IntentError(
        "two of the files are called '\(duplicate)'; an archive holds each name once")
    }
    var count = 0
    try FileWriting.replace(target) { descriptor, temporary in
      let gzip = try GzipWriter(descriptor: descriptor, path: target)
      var tar = TarWriter(sink: { try gzip.write($0) }, excluded: [target, temporary])
      for file in files {
        try Task.checkCancellation()
        try tar.add(file.path, as: file.name, followLink: true)
      }
      try tar.finish()
      try gzip.finish()
      count = tar.entries
    }
    guard let archive = File.at(target) else {
      throw IntentError("'\(target)' disappeared right after it was written")
    }
    let noun = count == 1 ? "entry" : "entries"
    return .result(value: archive, dialog: "Archived \(count) \(noun) in '\(archive.name)'.")
  }
}
