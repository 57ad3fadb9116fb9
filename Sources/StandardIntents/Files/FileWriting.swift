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

/// Writing files with the system calls, so that each mode means exactly what it says.
enum FileWriting {
  /// Replaces the file at `path` atomically: writes a temporary file in the same folder, then
  /// renames it over the old one, so that a reader sees the old content or the new, never
  /// half. A symbolic link at `path` is replaced by the file, not written through. An existing
  /// file's permissions are kept.
  static func replace(_ path: String, with bytes: [UInt8]) throws {
    try replace(path) { descriptor, _ in try write(bytes, to: descriptor, path: path) }
  }

  /// Replaces `path` atomically with what `fill` writes to a temporary file's descriptor (it
  /// also gets the temporary file's path).
  static func replace(_ path: String, fill: (Int32, String) throws -> Void) throws {
    let folder = Paths.folder(of: path)
    try requireFolder(folder, for: path)
    let target = FileSystemPath(path)
    let existing = target.entryStatus()
    if let existing, (existing.st_mode & S_IFMT) == S_IFDIR {
      throw IntentError("'\(path)' is a folder; choose a file name inside it")
    }
    // open(O_EXCL) with 0666 lets the kernel apply the umask, as for any new file. The name is
    // short and of fixed length, not derived from the target's: a target name of 231 to 255
    // bytes (the limit) left no room for a longer temporary one.
    var temporary = ""
    var descriptor: Int32 = -1
    repeat {
      temporary = Paths.join(folder, temporaryName())
      descriptor = FileSystemPath(temporary).withCString {
        open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      }
    } while descriptor < 0 && errno == EEXIST
    guard descriptor >= 0 else {
      throw IntentError("cannot write in '\(folder)': \(Paths.reason())")
    }
    let written = FileSystemPath(temporary)
    do {
      defer { close(descriptor) }
      if let existing, (existing.st_mode & S_IFMT) == S_IFREG {
        fchmod(descriptor, existing.st_mode & 0o7777)
      }
      try fill(descriptor, temporary)
      guard fsync(descriptor) == 0 else {
        throw IntentError("cannot write '\(path)': \(Paths.reason())")
      }
    } catch {
      _ = written.withCString { unlink($0) }
      throw error
    }
    guard written.withCString({ old in target.withCString { rename(old, $0) } }) == 0 else {
      let reason = Paths.reason()
      _ = written.withCString { unlink($0) }
      throw IntentError("cannot write '\(path)': \(reason)")
    }
  }

  /// `.intentflow-` and 13 random base-36 digits: 25 bytes, whatever the target is called.
  static func temporaryName() -> String {
    let digits = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    return ".intentflow-" + String(repeating: "0", count: 13 - digits.count) + digits
  }

  /// Adds `bytes` to the end of `path`, creating it if needed.
  static func append(_ bytes: [UInt8], to path: String) throws {
    try requireFolder(Paths.folder(of: path), for: path)
    let descriptor = FileSystemPath(path).withCString {
      open($0, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
    }
    guard descriptor >= 0 else {
      throw IntentError("cannot append to '\(path)': \(Paths.reason())")
    }
    defer { close(descriptor) }
    try write(bytes, to: descriptor, path: path)
  }

  /// Creates `path` with `bytes`; fails if anything is already there.
  static func create(_ bytes: [UInt8], at path: String) throws {
    try requireFolder(Paths.folder(of: path), for: path)
    let descriptor = FileSystemPath(path).withCString {
      open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    }
    guard descriptor >= 0 else {
      if errno == EEXIST {
        throw IntentError(
          "'\(path)' already exists; use mode 'overwrite' to replace it or 'append' to add to it")
      }
      throw IntentError("cannot create '\(path)': \(Paths.reason())")
    }
    defer { close(descriptor) }
    try write(bytes, to: descriptor, path: path)
  }

  /// Writes every byte, going on after short writes and interruptions.
  static func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws {
    try bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let written = systemWrite(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw IntentError("cannot write '\(path)': \(Paths.reason())")
        }
        offset += written
      }
    }
  }

  private static func requireFolder(_ folder: String, for path: String) throws {
    guard let info = FileSystemPath(folder).status(), (info.st_mode & S_IFMT) == S_IFDIR else {
      throw IntentError(
        "cannot write '\(path)': the folder '\(folder)' does not exist; create it first with "
          + "files.makeFolder")
    }
  }
}

// The C library's `write`, named apart from the methods called `write` in scope.
#if canImport(Glibc)
  private let systemWrite = Glibc.write
#else
  private let systemWrite = Darwin.write
#endif
