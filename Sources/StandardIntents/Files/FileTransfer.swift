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

/// Moving and copying with the rule `files.rename`, `files.move` and `files.copy` share: an
/// existing target is an error unless `overwrite`, and then it is removed first.
///
/// Whether the source and the target are one file, or the target lies inside the source
/// folder, is decided by identity (device and inode, as `mv` and `cp` decide it), not by how
/// the paths are spelt: a link can make `lnk/f.txt` and `d/f.txt` one file, and replacing the
/// target would then delete the source. Both checks come before anything is touched.
enum FileTransfer {
  enum Operation {
    case move, copy

    var verb: String { self == .move ? "move" : "copy" }
    var past: String { self == .move ? "moved" : "copied" }
  }

  /// Whether two paths name one file: the same entry (a hard link, or one reached through a
  /// linked folder), or the same file after following a final link.
  static func isSameFile(_ first: FileSystemPath, _ second: FileSystemPath) -> Bool {
    if let entry = first.entryIdentity(), entry == second.entryIdentity() { return true }
    guard let followed = first.identity() else { return false }
    return followed == second.identity()
  }

  /// Whether `path` would lie inside the folder `folder` (itself not a link): some folder of
  /// `path`'s parent chain, with its links resolved, is `folder`.
  static func isInside(_ path: FileSystemPath, folder: FileSystemPath) -> Bool {
    guard let info = folder.entryStatus(), (info.st_mode & S_IFMT) == S_IFDIR else {
      return false
    }
    let identity = FileIdentity(info)
    guard let parent = FileSystemPath(Paths.folder(of: path.text)).resolved() else {
      return false
    }
    return parent.ancestry.contains { $0.identity() == identity }
  }

  /// Where `to` puts `source`: inside `to` when it is an existing folder, else at `to`.
  static func destination(of source: File, to: String, in directory: String) -> String {
    let target = Paths.absolute(to, in: directory)
    if let info = FileSystemPath(target).status(), (info.st_mode & S_IFMT) == S_IFDIR,
      target != source.path
    {
      return Paths.join(target, source.name)
    }
    return target
  }

  /// Moves or copies `source` to the path `target`; returns the file there.
  static func run(_ operation: Operation, _ source: File, to target: String, overwrite: Bool)
    throws -> File
  {
    guard target != source.path else {
      throw IntentError("'\(source.path)' is already there; choose another name or folder")
    }
    let from = FileSystemPath(source.path)
    let to = FileSystemPath(target)
    let targetExists = to.entryStatus() != nil
    if targetExists, isSameFile(from, to) {
      throw IntentError(
        "'\(source.path)' and '\(target)' are the same file; nothing was \(operation.past)")
    }
    if target.hasPrefix(source.path + "/") || isInside(to, folder: from) {
      throw IntentError(
        "cannot \(operation.verb) the folder '\(source.path)' into itself ('\(target)')")
    }
    if targetExists {
      guard overwrite else {
        throw IntentError(
          "'\(target)' already exists; set \"overwrite\": true to replace it")
      }
      do {
        try FileRemoval.remove(to)
      } catch {
        throw IntentError("cannot replace '\(target)': \(error.reason(below: target))")
      }
    }
    do throws(FileFailure) {
      switch operation {
      case .move:
        // rename(2) first: atomic within a file system; across them, a copy, then removal.
        if from.withCString({ old in to.withCString { rename(old, $0) } }) != 0 {
          guard errno == EXDEV else {
            throw FileFailure(path: source.path, reason: Paths.reason())
          }
          try FileCopying.copy(from, to: to)
          try FileRemoval.remove(from)
        }
      case .copy:
        try FileCopying.copy(from, to: to)
      }
    } catch {
      throw IntentError(
        "cannot \(operation.verb) '\(source.path)' to '\(target)': "
          + error.reason(below: source.path))
    }
    guard let file = File.at(target) else {
      throw IntentError("'\(target)' disappeared right after the \(operation.verb)")
    }
    return file
  }
}
