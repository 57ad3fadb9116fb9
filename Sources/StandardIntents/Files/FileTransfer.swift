import IntentKit

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
enum FileTransfer {
  enum Operation {
    case move, copy

    var verb: String { self == .move ? "move" : "copy" }
  }

  /// Where `to` puts `source`: inside `to` when it is an existing folder, else at `to`.
  static func destination(of source: File, to: String, in directory: String) -> String {
    let target = Paths.absolute(to, in: directory)
    var info = stat()
    if stat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, target != source.path {
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
    if target.hasPrefix(source.path + "/") {
      throw IntentError(
        "cannot \(operation.verb) the folder '\(source.path)' into itself ('\(target)')")
    }
    let manager = FileManager.default
    var info = stat()
    if lstat(target, &info) == 0 {
      guard overwrite else {
        throw IntentError(
          "'\(target)' already exists; set \"overwrite\": true to replace it")
      }
      do {
        try manager.removeItem(atPath: target)
      } catch {
        throw IntentError("cannot replace '\(target)': \(FileErrors.reason(error))")
      }
    }
    do {
      switch operation {
      case .move:
        // rename(2) first: atomic within a file system; FileManager copies across them.
        if rename(source.path, target) != 0 {
          guard errno == EXDEV else { throw POSIXFailure(code: errno) }
          try manager.moveItem(atPath: source.path, toPath: target)
        }
      case .copy:
        try manager.copyItem(atPath: source.path, toPath: target)
      }
    } catch let failure as POSIXFailure {
      throw IntentError(
        "cannot \(operation.verb) '\(source.path)' to '\(target)': \(Paths.reason(failure.code))")
    } catch {
      throw IntentError(
        "cannot \(operation.verb) '\(source.path)' to '\(target)': \(FileErrors.reason(error))")
    }
    guard let file = File.at(target) else {
      throw IntentError("'\(target)' disappeared right after the \(operation.verb)")
    }
    return file
  }

  private struct POSIXFailure: Error {
    var code: Int32
  }
}
