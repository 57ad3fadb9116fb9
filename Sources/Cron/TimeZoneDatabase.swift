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

/// The system's time-zone database: the folder of TZif files the C library reads for `TZ`
/// and cron reads for `CRON_TZ` (`$TZDIR`, else `/usr/share/zoneinfo`).
///
/// A name is a zone of the database when it is a plain relative path (letters, digits,
/// `_`, `-`, `+` and `/` between non-empty parts, so no `..` and no absolute path) to a file
/// that starts with the TZif magic, following links as the C library does (`US/Eastern`,
/// `Asia/Calcutta`). The `posix/` and `right/` copies and the `localtime` and `posixrules`
/// files are not zones of their own.
public struct TimeZoneDatabase: Sendable, Hashable {
  /// The folder of TZif files.
  public var directory: String

  /// A database in `directory`.
  public init(directory: String) {
    self.directory = directory
  }

  /// The database the C library reads: `$TZDIR` when set and not empty, else
  /// `/usr/share/zoneinfo`.
  public static let system = TimeZoneDatabase(
    directory: ProcessInfo.processInfo.environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/usr/share/zoneinfo")

  /// The longest name a zone may have; tz names are far shorter (the longest is 32 bytes).
  static let maximumNameLength = 64

  /// Whether `name` is spelt as a tz database name may be: a relative path of plain parts.
  ///
  /// - Complexity: O(*n*) in the length of `name`, stopping at `maximumNameLength`.
  public static func isPlainName(_ name: String) -> Bool {
    let bytes = name.utf8
    guard !bytes.isEmpty, bytes.count <= maximumNameLength else { return false }
    var previous: UInt8 = UInt8(ascii: "/")
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
        UInt8(ascii: "+"):
        break
      case UInt8(ascii: "/"):
        if previous == UInt8(ascii: "/") { return false }  // leading or doubled
      default:
        return false
      }
      previous = byte
    }
    return previous != UInt8(ascii: "/")
  }

  /// Names that are files of the database but not zones of their own.
  private static func isExcluded(_ name: String) -> Bool {
    name == "localtime" || name == "posixrules" || name == "posix" || name == "right"
      || name.hasPrefix("posix/") || name.hasPrefix("right/")
  }

  /// Whether the database defines a zone named `name`.
  ///
  /// - Complexity: One `open` and a 4-byte read.
  public func defines(_ name: String) -> Bool {
    guard Self.isPlainName(name), !Self.isExcluded(name) else { return false }
    return Self.isTZif(atPath: directory + "/" + name)
  }

  /// Every zone the database defines, sorted: the files under ``directory`` that are TZif
  /// files, links included.
  ///
  /// - Complexity: One directory walk and one 4-byte read a file (about 1,300 on Debian);
  ///   a few milliseconds, so callers keep the result.
  public func names() -> [String] {
    var names: [String] = []
    var folders = [""]
    let manager = FileManager.default
    while let folder = folders.popLast() {
      let path = folder.isEmpty ? directory : directory + "/" + folder
      guard let entries = try? manager.contentsOfDirectory(atPath: path) else { continue }
      for entry in entries {
        let name = folder.isEmpty ? entry : folder + "/" + entry
        guard Self.isPlainName(name), !Self.isExcluded(name) else { continue }
        var isDirectory = false
        guard manager.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory)
        else { continue }
        if isDirectory {
          folders.append(name)
        } else if Self.isTZif(atPath: directory + "/" + name) {
          names.append(name)
        }
      }
    }
    return names.sorted()
  }

  /// Whether the file at `path` (links followed) begins with `TZif`.
  static func isTZif(atPath path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      return false
    }
    var magic: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    let count = withUnsafeMutableBytes(of: &magic) { read(descriptor, $0.baseAddress, 4) }
    return count == 4 && magic == (0x54, 0x5A, 0x69, 0x66)  // "TZif"
  }
}
