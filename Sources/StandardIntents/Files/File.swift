public import IntentKit
import Suggestions

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// A file or folder on this machine: the standard library's `File` entity.
///
/// Its id is the absolute path, in the text form of `FileSystemPath` (a name that is not
/// UTF-8 keeps its bytes). Text becomes a `File` through ``FileQuery``: a path, absolute
/// or relative to the current directory (`~/` is the home folder). Properties describe the
/// file as it was when the value was made; a symbolic link shows its target's size, date and
/// kind (see `Docs/StandardLibrary.md` for where links are followed).
public struct File: AppEntity, Hashable {
  public static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "File")
  public static var defaultQuery: FileQuery { FileQuery() }
  public static var properties: EntityProperties<File> {
    EntityProperties(
      .init("name") { $0.name }, .init("extension") { $0.fileExtension },
      .init("path") { $0.path }, .init("folder") { $0.folder }, .init("size") { $0.size },
      .init("modified") { $0.modified }, .init("isDirectory") { $0.isDirectory })
  }

  /// The absolute path, without `.` or `..` parts.
  public var path: String
  /// Bytes (for a folder, what the system reports for the folder itself).
  public var size: Int
  /// When the content last changed.
  public var modified: Date
  /// Whether it is a folder (or a link to one).
  public var isDirectory: Bool

  /// Describes the file at `path` as it is now.
  public init(path: String, size: Int, modified: Date, isDirectory: Bool) {
    self.path = path
    self.size = size
    self.modified = modified
    self.isDirectory = isDirectory
  }

  public var id: String { path }

  /// The last part of the path: `report.txt`.
  public var name: String { Paths.name(of: path) }

  /// The name's extension without the dot (`txt`), empty when there is none; a leading dot
  /// (`.profile`) is part of the name, not an extension.
  public var fileExtension: String {
    let name = self.name
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }

  /// The folder that holds it, as an absolute path.
  public var folder: String { Paths.folder(of: path) }

  /// The name, with the folder as the subtitle.
  public var displayRepresentation: DisplayRepresentation {
    DisplayRepresentation(title: name, subtitle: folder)
  }

  /// The file at an absolute path, as it is now; `nil` when nothing is there. A symbolic
  /// link is described by its target; a dangling one by the link itself.
  public static func at(_ path: String) -> File? {
    let location = FileSystemPath(path)
    guard let info = location.status() ?? location.entryStatus() else { return nil }
    return File(path: path, info: info)
  }

  init(path: String, info: stat) {
    #if canImport(Darwin)
      let time = info.st_mtimespec
    #else
      let time = info.st_mtim
    #endif
    self.init(
      path: path, size: Int(info.st_size),
      modified: Date(
        timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000),
      isDirectory: (info.st_mode & S_IFMT) == S_IFDIR)
  }
}

/// Finds files by path: an id is an absolute path, text a path relative to the current
/// directory; suggestions are the current directory's visible entries.
public struct FileQuery: EntityQuery {
  @Dependency({ $0.currentDirectory }) var currentDirectory: String

  public init() {}

  public func entities(for identifiers: [String]) async throws -> [File] {
    identifiers.compactMap { File.at(Paths.absolute($0, in: currentDirectory)) }
  }

  /// The file the text names as a path; a path names one file or none.
  public func entities(matching string: String) async throws -> [File] {
    try await entities(for: [string])
  }

  /// The visible entries of the current directory, by name (at most 100).
  public func suggestedEntities() async throws -> [File] {
    let listing = try FileListing(
      folder: currentDirectory, pattern: "*", recursive: false, includeHidden: false)
    return Array(try listing.files().prefix(100))
  }
}
