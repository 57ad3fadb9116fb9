import IntentKit
public import StrictJSON
import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads workflow files with bounds: only regular files, only up to a size limit, and a file
/// that is not a workflow is reported without quoting its bytes.
///
/// A workflow names other files (a `workflow` step), and a scheduler reads every `*.json` in
/// a directory, so the path may lead anywhere: to a FIFO (an `open` that never returns), a
/// device (`/dev/zero`, an endless read), `/proc/self/environ` (the environment, which a
/// diagnostic would print), or a huge file. The file's type is checked with `stat` before it
/// is opened; it is opened non-blocking and checked again through the descriptor (the path
/// may have been swapped in between); its size is checked before the read, and the read
/// itself stops at the limit, since `/proc` files report a size of 0.
public enum WorkflowFileReader {
  /// The default size limit, 16 MiB: far above any hand-written workflow.
  public static let defaultLimit = 16 << 20

  /// The environment variable that raises (or lowers) the limit, in bytes.
  public static let limitVariable = "INTENTFLOW_MAX_WORKFLOW_BYTES"

  /// The limit in effect: ``limitVariable`` when it holds a positive whole number, else
  /// ``defaultLimit``.
  public static let limit: Int = limit(
    environment: ProcessEnvironment.variable(limitVariable).map { [limitVariable: $0] } ?? [:])

  /// The limit that `environment` sets.
  public static func limit(environment: [String: String]) -> Int {
    guard let text = environment[limitVariable], let value = Int(text), value > 0 else {
      return defaultLimit
    }
    return value
  }

  /// Parser options for workflow files. They bound nesting only, not the number of values:
  /// memory is bounded by the bytes, since a value costs a few dozen bytes at most once
  /// parsed and decoded (a list written out is one value of its items), so the size limit
  /// bounds what any file can take. Docs/Security.md gives the figures.
  public static var parserOptions: JSONParser.Options { JSONParser.Options() }

  /// Why a file could not be read as a workflow.
  public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong and what to do, lowercase, without the path (callers add it).
    public var description: String
  }

  /// Reads the workflow file at `path` (`-`: standard input) with the limit in effect.
  ///
  /// - Throws: ``Failure`` for a missing or unreadable file, one that is not a regular file,
  ///   or one larger than the limit.
  @Sendable public static func read(_ path: String) throws -> [UInt8] {
    try read(path, limit: limit)
  }

  /// Reads the workflow file at `path` (`-`: standard input), refusing more than `limit`
  /// bytes.
  ///
  /// - Complexity: O(*n*) in the file's size, at most `limit` bytes read.
  public static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
    if path == "-" { return try readAll(from: 0, limit: limit, size: 0) }
    // By the path's bytes: a workflow file's name need not be UTF-8 (see `FileSystemPath`).
    let location = FileSystemPath(path)
    guard let info = location.status() else { throw failure(errno) }
    try requireRegular(info)
    try requireSize(Int(info.st_size), limit: limit)
    let descriptor = location.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
    guard descriptor >= 0 else { throw failure(errno) }
    defer { close(descriptor) }
    var opened = stat()
    guard fstat(descriptor, &opened) == 0 else { throw failure(errno) }
    try requireRegular(opened)
    guard opened.st_dev == info.st_dev, opened.st_ino == info.st_ino else {
      throw Failure(description: "the file changed while it was opened; try again")
    }
    return try readAll(from: descriptor, limit: limit, size: Int(opened.st_size))
  }

  /// A diagnostic for a file that is not a workflow at all (empty, or not starting with
  /// `{`; a list or a string is named as such), or `nil` when it may be one. The diagnostic quotes nothing of the file and the
  /// failure carries no source, so no excerpt of, say, `/etc/passwd` is ever printed.
  public static func notAWorkflow(_ source: WorkflowSource) -> Diagnostic? {
    var index = 0
    let bytes = source.bytes
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    var line = 1
    var column = 1
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09: column += 1
      case 0x0A, 0x0D:
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        line += 1
        column = 1
      case UInt8(ascii: "{"): return nil
      case UInt8(ascii: "["), UInt8(ascii: "\""):
        let found = bytes[index] == UInt8(ascii: "[") ? "a list" : "text"
        return Diagnostic(
          .error, "a workflow file must hold a JSON object, not \(found)",
          at: location(source, line, column))
      default:
        return Diagnostic(
          .error,
          "not a workflow file: a workflow is a JSON object, starting with '{'; "
            + "check that this is the file you meant", at: location(source, line, column))
      }
      index += 1
    }
    return Diagnostic(
      .error, "not a workflow file: it is empty; a workflow is a JSON object, starting with '{'",
      at: location(source, 1, 1))
  }

  static func location(_ source: WorkflowSource, _ line: Int, _ column: Int) -> SourceLocation {
    SourceLocation(file: source.path, line: line, column: column)
  }

  static func requireRegular(_ info: stat) throws(Failure) {
    let kind: String
    switch info.st_mode & S_IFMT {
    case S_IFREG: return
    case S_IFDIR: kind = "a directory"
    case S_IFIFO: kind = "a named pipe (FIFO)"
    case S_IFCHR: kind = "a character device"
    case S_IFBLK: kind = "a block device"
    case S_IFSOCK: kind = "a socket"
    default: kind = "not a regular file"
    }
    throw Failure(description: "it is \(kind), not a workflow file")
  }

  static func requireSize(_ size: Int, limit: Int) throws(Failure) {
    guard size > limit else { return }
    throw Failure(
      description: "it is larger than the \(limit)-byte limit for a workflow file; "
        + "raise the limit with \(limitVariable)=BYTES if it really is one")
  }

  /// Reads to the end, or fails once more than `limit` bytes have come.
  static func readAll(from descriptor: Int32, limit: Int, size: Int) throws(Failure) -> [UInt8] {
    var bytes: [UInt8] = []
    if size > 0 { bytes.reserveCapacity(size + 1) }
    let chunk = 1 << 16
    var buffer = [UInt8](repeating: 0, count: chunk)
    while true {
      let wanted = min(chunk, limit + 1 - bytes.count)
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(errno)
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: buffer[0..<count])
      if bytes.count > limit { try requireSize(bytes.count, limit: limit) }
    }
  }

  static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
    -> Int
  {
    #if canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #else
      Darwin.read(descriptor, buffer, count)
    #endif
  }

  static func failure(_ code: Int32) -> Failure {
    switch code {
    case ENOENT: return Failure(description: "no such file; check the path")
    case EACCES: return Failure(description: "permission denied")
    case EISDIR: return Failure(description: "it is a directory, not a workflow file")
    case EAGAIN: return Failure(description: "it is not ready to be read; it is not a regular file")
    default: return Failure(description: String(cString: strerror(code)).lowercased())
    }
  }
}
