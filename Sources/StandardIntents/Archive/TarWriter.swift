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
  ///
  /// Paths and names are in the text form of ``FileSystemPath``: a name that is not UTF-8 is
  /// reached, and stored in the archive, as its bytes.
  ///
  /// - Throws: For an entry that cannot be read, and for one that an archive cannot hold (a
  ///   named pipe, a device, a socket): leaving it out would make an incomplete archive that
  ///   looks complete.
  mutating func add(_ path: String, as name: String, followLink: Bool) throws {
    if excluded.contains(path) { return }
    let location = FileSystemPath(path)
    let found = followLink ? location.status() ?? location.entryStatus() : location.entryStatus()
    guard let info = found else { throw IntentError("cannot archive '\(path)': \(Paths.reason())") }
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      try header(name: name + "/", info: info, type: "5", size: 0)
      guard let children = location.entries() else {
        throw IntentError("cannot archive the folder '\(path)': \(Paths.reason())")
      }
      for child in children.map(\.text).sorted() {
        try add(Paths.join(path, child), as: name + "/" + child, followLink: false)
      }
    case S_IFLNK:
      var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = location.withCString { readlink($0, &buffer, buffer.count - 1) }
      guard length >= 0 else {
        throw IntentError("cannot read the link '\(path)': \(Paths.reason())")
      }
      let target = FileSystemPath(bytes: buffer[..<length]).text
      try header(name: name, info: info, type: "2", size: 0, link: target)
    case S_IFREG:
      try header(name: name, info: info, type: "0", size: Int(info.st_size))
      try content(of: location, size: Int(info.st_size))
    default:
      throw IntentError(
        "cannot archive '\(path)': it is \(Paths.kind(of: info.st_mode)), which an archive "
          + "does not hold; move it out of the folder, or archive the files around it")
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
    let nameBytes = RawBytes.encode(name)
    let linkBytes = RawBytes.encode(link)
    if nameBytes.count > 100 { extended.append(("path", name)) }
    if linkBytes.count > 100 { extended.append(("linkpath", link)) }
    if size > 0o77777777777 { extended.append(("size", String(size))) }
    // pax records are UTF-8 unless the header says otherwise; a name that is not UTF-8 is
    // stored as its bytes, and `hdrcharset` tells tar to take them as they are.
    if extended.contains(where: { RawBytes.contains(in: $0.1) }) {
      extended.insert(("hdrcharset", "BINARY"), at: 0)
    }
    if !extended.isEmpty {
      var records: [UInt8] = []
      for (key, value) in extended { records += Self.paxRecord(key, value) }
      try emit(
        Self.block(
          name: Array(RawBytes.encode("PaxHeader/\(Paths.name(of: name))").prefix(100)),
          mode: 0o644, uid: 0, gid: 0, size: records.count, mtime: mtime, type: "x", link: []))
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
    let record = RawBytes.encode(" \(key)=\(value)\n")
    let body = record.count
    var length = body + String(body).count
    if String(length).count != String(body).count { length = body + String(length).count }
    return Array(String(length).utf8) + record
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
  private mutating func content(of location: FileSystemPath, size: Int) throws {
    let path = location.text
    let descriptor = location.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
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
