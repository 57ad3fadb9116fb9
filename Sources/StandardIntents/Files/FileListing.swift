import IntentKit
import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// The entries of a folder, read with `readdir` and `stat`: what `files.list` returns.
///
/// Hidden entries (names starting with `.`) are left out unless asked for, and not descended
/// into. A recursive listing never descends into a symbolic link to a folder: it lists the
/// link and stays inside the folder the user named.
struct FileListing {
  var folder: String
  var pattern: String
  var recursive: Bool
  var includeHidden: Bool
  /// Whether a folder below `folder` that cannot be read is passed over rather than failing
  /// the listing.
  var skipsUnreadableFolders = false

  init(
    folder: String, pattern: String, recursive: Bool, includeHidden: Bool,
    skipsUnreadableFolders: Bool = false
  ) throws {
    self.folder = folder
    self.pattern = pattern
    self.recursive = recursive
    self.includeHidden = includeHidden
    self.skipsUnreadableFolders = skipsUnreadableFolders
  }

  /// The matching entries, sorted by their path below the folder (for a flat listing, by
  /// name), ignoring case.
  ///
  /// - Complexity: One `readdir` per folder and one `stat` per matching entry.
  func files() throws -> [File] {
    var found: [(key: String, file: File)] = []
    try visit(folder, relative: "", into: &found)
    // Ignoring case, as people read names; a folder's content right after the folder.
    var keyed = found.map {
      (key: $0.key.lowercased().replacingEvery("/", with: "\u{0}"), $0)
    }
    keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.1.key < $1.1.key }
    return keyed.map(\.1.file)
  }

  private func visit(
    _ directory: String, relative: String, into found: inout [(key: String, file: File)]
  )
    throws
  {
    let location = FileSystemPath(directory)
    guard let handle = location.withCString({ opendir($0) }) else {
      if skipsUnreadableFolders && !relative.isEmpty { return }
      throw IntentError("cannot list '\(directory)': \(Paths.reason())")
    }
    defer { closedir(handle) }
    var folders: [(path: String, relative: String)] = []
    while let entry = readdir(handle) {
      // The name's bytes, kept in the text form that reaches the file again.
      let entryName = FileSystemPath.name(of: entry)
      let name = entryName.text
      if name == "." || name == ".." { continue }
      if !includeHidden && name.hasPrefix(".") { continue }
      let path = Paths.join(directory, name)
      let key = relative.isEmpty ? name : relative + "/" + name
      var kind = entry.pointee.d_type
      if recursive && kind == UInt8(DT_UNKNOWN) {
        if let info = FileSystemPath(path).entryStatus(), (info.st_mode & S_IFMT) == S_IFDIR {
          kind = UInt8(DT_DIR)
        }
      }
      if recursive && kind == UInt8(DT_DIR) { folders.append((path, key)) }
      let matches = entryName.withCString { fnmatch(pattern, $0, 0) } == 0
      guard matches, let file = File.at(path) else { continue }
      found.append((key, file))
    }
    for folder in folders {
      try visit(folder.path, relative: folder.relative, into: &found)
    }
  }
}
