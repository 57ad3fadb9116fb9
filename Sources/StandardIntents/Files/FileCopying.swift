import IntentKit
import Suggestions

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Copies files and folders by their bytes (see `FileSystemPath`), so that a name that is
/// not UTF-8 is copied like any other: what `files.copy` does, and `files.move` across file
/// systems.
///
/// A folder is copied with everything in it, a symbolic link as a link (never what it points
/// to), a regular file with its content and permissions. A named pipe, a device or a socket
/// is refused, naming it, as `files.archive` refuses it.
enum FileCopying {
  /// Copies the entry at `source` to `target`, which must not exist.
  ///
  /// - Throws: ``FileRemoval/Failure`` for the first entry that cannot be copied (what was
  ///   copied before it stays).
  /// - Complexity: O(*n*) in the bytes copied, one `lstat` per entry.
  static func copy(_ source: FileSystemPath, to target: FileSystemPath) throws(FileFailure) {
    guard let info = source.entryStatus() else { throw failure(source) }
    let mode = info.st_mode & 0o7777
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      // Writable by us while it fills; its own permissions once it is full.
      guard target.withCString({ mkdir($0, 0o700) }) == 0 else { throw failure(target) }
      guard let names = source.entries() else { throw failure(source) }
      for name in names { try copy(source.appending(name), to: target.appending(name)) }
      guard target.withCString({ chmod($0, mode) }) == 0 else { throw failure(target) }
    case S_IFLNK:
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = source.withCString { readlink($0, &buffer, buffer.count - 1) }
      guard length >= 0 else { throw failure(source) }
      buffer[length] = 0
      guard target.withCString({ symlink(buffer, $0) }) == 0 else { throw failure(target) }
    case S_IFREG:
      try copyContent(source, to: target, mode: mode)
    default:
      throw FileFailure(
        path: source.text,
        reason: "it is \(Paths.kind(of: info.st_mode)), which is not copied")
    }
  }

  private static func copyContent(
    _ source: FileSystemPath, to target: FileSystemPath, mode: mode_t
  ) throws(FileFailure) {
    let input = source.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
    guard input >= 0 else { throw failure(source) }
    defer { close(input) }
    let output = target.withCString {
      open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode | 0o200)
    }
    guard output >= 0 else { throw failure(target) }
    defer { close(output) }
    var buffer = [UInt8](repeating: 0, count: 256 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw failure(source) }
      if count == 0 { break }
      var offset = 0
      while offset < count {
        let written = buffer.withUnsafeBytes {
          write(output, $0.baseAddress.map { $0 + offset }, count - offset)
        }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { throw failure(target) }
        offset += written
      }
    }
    // The umask applied at `open`; a copy keeps the source's permissions, as `cp -p` does.
    guard fchmod(output, mode) == 0 else { throw failure(target) }
  }

  private static func failure(_ path: FileSystemPath) -> FileFailure {
    FileFailure(path: path.text, reason: Paths.reason())
  }
}
