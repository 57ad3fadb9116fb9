import IntentKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// Writes the POSIX tar format (ustar, with pax extended headers for long names and large
/// sizes) to a byte sink, walking files and folders without following symbolic links inside
/// them: a link is stored as a link.
struct TarWriter {
  /// Receives the archive's bytes in order.
  var sink: (UnsafeRawBufferPointer) throws -> Void
  /// Paths never archived (the archive being written).
  var excluded: Set<String> = []
  /// How many entries were written.
  private(set) var entries = 0

  init(sink: @escaping (UnsafeRawBufferPointer) throws -> Void, excluded: Set<String>) {
    self.sink = sink
    self.excluded = excluded
  }

  /// Adds the file or folder at `path` as `name`, a folder with everything in it. The path
  /// itself is followed if it is a link the user named; links inside folders are not.
  mutating func add(_ path: String, as name: String, followLink: Bool) throws {
    if excluded.contains(path) { return }
    var info = stat()
    let found =
      followLink ? stat(path, &info) == 0 || lstat(path, &info) == 0 : lstat(path, &info) == 0
    guard found else { throw IntentError("cannot archive '\(path)': \(Paths.reason())") }
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      try header(name: name + "/", info: info, type: "5", size: 0)
      guard let handle = opendir(path) else {
        throw IntentError("cannot archive the folder '\(path)': \(Paths.reason())")
      }
      var names: [String] = []
      while let entry = readdir(handle) {
        let child = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
          String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        if child != "." && child != ".." { names.append(child) }
      }
      closedir(handle)
      for child in names.sorted() {
        try add(Paths.join(path, child), as: name + "/" + child, followLink: false)
      }
    case S_IFLNK:
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(path, &buffer, buffer.count - 1)
      guard length >= 0 else {
        throw IntentError("cannot read the link '\(path)': \(Paths.reason())")
      }
      let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      try header(name: name, info: info, type: "2", size: 0, link: target)
    case S_IFREG:
      try header(name: name, info: info, type: "0", size: Int(info.st_size))
      try content(of: path, size: Int(info.st_size))
    default:
      return  // devices, sockets and pipes have no content to archive
    }
  }

  /// Ends the archive with two empty blocks.
  mutating func finish() throws {
    try emit([UInt8](repeating: 0, count: 1024))
  }

  // MARK: Headers

  private mutating func header(
    name: String, info: stat, type: Character, size: Int, link: String = ""
  ) throws {
    #if canImport(Darwin)
      let mtime = Int(info.st_mtimespec.tv_sec)
    #else
      let mtime = Int(info.st_mtim.tv_sec)
    #endif
    var extended: [(String, String)] = []
    let nameBytes = Array(name.utf8)
    let linkBytes = Array(link.utf8)
    if nameBytes.count > 100 { extended.append(("path", name)) }
    if linkBytes.count > 100 { extended.append(("linkpath", link)) }
    if size > 0o77777777777 { extended.append(("size", String(size))) }
    if !extended.isEmpty {
      var records: [UInt8] = []
      for (key, value) in extended { records += Self.paxRecord(key, value) }
      try emit(
        Self.block(
          name: Array("PaxHeader/\(Paths.name(of: name))".utf8.prefix(100)), mode: 0o644,
          uid: 0, gid: 0, size: records.count, mtime: mtime, type: "x", link: []))
      try emit(records)
      try pad(records.count)
    }
    try emit(
      Self.block(
        name: Array(nameBytes.prefix(100)), mode: Int(info.st_mode & 0o7777), uid: Int(info.st_uid),
        gid: Int(info.st_gid), size: size > 0o77777777777 ? 0 : size, mtime: mtime, type: type,
        link: Array(linkBytes.prefix(100))))
    entries += 1
  }

  /// A pax record: `LENGTH key=value\n`, where LENGTH counts the whole record, itself too.
  static func paxRecord(_ key: String, _ value: String) -> [UInt8] {
    let body = " \(key)=\(value)\n".utf8.count
    var length = body + String(body).count
    if String(length).count != String(body).count { length = body + String(length).count }
    return Array("\(length) \(key)=\(value)\n".utf8)
  }

  /// One 512-byte ustar header.
  static func block(
    name: [UInt8], mode: Int, uid: Int, gid: Int, size: Int, mtime: Int, type: Character,
    link: [UInt8]
  ) -> [UInt8] {
    var block = [UInt8](repeating: 0, count: 512)
    func put(_ bytes: [UInt8], at offset: Int) {
      for (index, byte) in bytes.enumerated() { block[offset + index] = byte }
    }
    func octal(_ value: Int, width: Int, at offset: Int) {
      // width - 1 digits and a NUL; values too large are clamped (pax carries the real ones).
      let limit = (1 << (3 * (width - 1))) - 1
      var digits = String(min(max(value, 0), limit), radix: 8)
      digits = String(repeating: "0", count: width - 1 - digits.count) + digits
      put(Array(digits.utf8), at: offset)
    }
    put(name, at: 0)
    octal(mode, width: 8, at: 100)
    octal(uid, width: 8, at: 108)
    octal(gid, width: 8, at: 116)
    octal(size, width: 12, at: 124)
    octal(mtime, width: 12, at: 136)
    block[156] = type.asciiValue ?? UInt8(ascii: "0")
    put(link, at: 157)
    put(Array("ustar\u{0}00".utf8), at: 257)
    put(Array(repeating: UInt8(ascii: " "), count: 8), at: 148)
    let checksum = block.reduce(0) { $0 + Int($1) }
    var digits = String(checksum, radix: 8)
    digits = String(repeating: "0", count: 6 - digits.count) + digits
    put(Array(digits.utf8) + [0, UInt8(ascii: " ")], at: 148)
    return block
  }

  // MARK: Content

  /// Streams a file's bytes: exactly `size` of them, padded with zeros if the file shrank
  /// while it was read, cut if it grew, so that the archive stays well-formed.
  private mutating func content(of path: String, size: Int) throws {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw IntentError("cannot read '\(path)': \(Paths.reason())") }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 256 * 1024)
    var remaining = size
    while remaining > 0 {
      let count = buffer.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress, min($0.count, remaining))
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw IntentError("cannot read '\(path)': \(Paths.reason())")
      }
      if count == 0 { break }
      try buffer.withUnsafeBytes { try sink(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
      remaining -= count
    }
    if remaining > 0 { try emit([UInt8](repeating: 0, count: remaining)) }
    try pad(size)
  }

  private func pad(_ size: Int) throws {
    let rest = size % 512
    if rest != 0 { try emit([UInt8](repeating: 0, count: 512 - rest)) }
  }

  private func emit(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try sink($0) }
  }
}
