#if canImport(Glibc)
  public import Glibc
#elseif canImport(Darwin)
  public import Darwin
#endif

/// A path as the file system holds it: bytes, which need not be UTF-8.
///
/// Linux names files by bytes (`caf\xE9.txt` from a Latin-1 machine is a valid name), while
/// the runner's paths travel as `String`: workflow values, diagnostics, entity ids, command
/// lines. So a path has a lossless text form: every byte that is not part of valid UTF-8
/// becomes one *raw-byte scalar*, U+10FF00 plus the byte (U+10FF80…U+10FFFF, the end of
/// Plane 16's private use area; Swift's `String` cannot hold lone surrogates, which Python's
/// `surrogateescape` uses for the same purpose). A name that is valid UTF-8 and holds none of
/// those scalars has its ordinary text form, so UTF-8 names are unchanged byte for byte; the
/// rare name that does hold one has each of its bytes escaped, so that the form stays lossless.
///
/// The text form reaches the file (``withCString(_:)`` gives back the bytes); the ``shown``
/// form is for people (`caf\xE9.txt`) and never reaches a file.
public struct FileSystemPath: Hashable, Sendable, CustomStringConvertible {
  /// The path's bytes, without a terminating NUL.
  public var bytes: [UInt8]

  /// The path with these bytes.
  public init(bytes: some Sequence<UInt8>) {
    self.bytes = Array(bytes)
  }

  /// The path whose text form is `text`: raw-byte scalars are their bytes, everything else
  /// its UTF-8.
  public init(_ text: String) {
    bytes = RawBytes.encode(text)
  }

  /// The lossless text form (see the type's discussion).
  public var text: String { RawBytes.decode(bytes) }

  /// The path for people: bytes that are not UTF-8 written as `\xE9`, control characters
  /// and `\` escaped as ``UnsafeText/escaped(_:limit:)`` does.
  public var shown: String { UnsafeText.escaped(text) }

  public var description: String { shown }

  /// Calls `body` with the path as a NUL-terminated C string of its bytes.
  public func withCString<Result>(
    _ body: (UnsafePointer<CChar>) throws -> Result
  ) rethrows -> Result {
    var terminated = bytes.map { CChar(bitPattern: $0) }
    terminated.append(0)
    return try body(terminated)
  }

  /// `name` inside this folder.
  public func appending(_ name: FileSystemPath) -> FileSystemPath {
    var joined = bytes
    if joined.last != UInt8(ascii: "/") { joined.append(UInt8(ascii: "/")) }
    joined.append(contentsOf: name.bytes)
    return FileSystemPath(bytes: joined)
  }

  /// What `stat` says of the file the path names, following a final symbolic link, or `nil`
  /// when nothing is there (`errno` says why).
  public func status() -> stat? {
    var info = stat()
    return withCString({ stat($0, &info) }) == 0 ? info : nil
  }

  /// What `lstat` says of the entry itself (a symbolic link is its own entry), or `nil` when
  /// nothing is there (`errno` says why).
  public func entryStatus() -> stat? {
    var info = stat()
    return withCString({ lstat($0, &info) }) == 0 ? info : nil
  }

  /// The identity of what the path names, following a final symbolic link, or `nil` when
  /// nothing is there.
  public func identity() -> FileIdentity? { status().map(FileIdentity.init) }

  /// The identity of the entry itself, a symbolic link being its own entry, or `nil` when
  /// nothing is there.
  public func entryIdentity() -> FileIdentity? { entryStatus().map(FileIdentity.init) }

  /// The path with every symbolic link, `.` and `..` resolved (`realpath`), or `nil` when
  /// some part of it does not exist.
  public func resolved() -> FileSystemPath? {
    guard let resolved = withCString({ realpath($0, nil) }) else { return nil }
    defer { free(resolved) }
    return FileSystemPath(bytes: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
  }

  /// The folders that hold this path, from the root down, itself last: `/a/b` gives `/`,
  /// `/a`, `/a/b`. For an absolute path only.
  public var ancestry: [FileSystemPath] {
    var chain = [FileSystemPath(bytes: [UInt8(ascii: "/")])]
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "/") && index > 0 {
      chain.append(FileSystemPath(bytes: bytes[..<index]))
    }
    if bytes.count > 1 { chain.append(self) }
    return chain
  }

  /// The names in the folder at this path, as bytes, without `.` and `..`, in the order
  /// `readdir` gives them.
  ///
  /// - Returns: `nil` when the folder cannot be opened (`errno` says why).
  /// - Complexity: One `readdir` per entry.
  public func entries() -> [FileSystemPath]? {
    guard let handle = withCString({ opendir($0) }) else { return nil }
    defer { closedir(handle) }
    var names: [FileSystemPath] = []
    while let entry = readdir(handle) {
      let name = FileSystemPath.name(of: entry)
      let dots = name.bytes.allSatisfy { $0 == UInt8(ascii: ".") }
      if dots && (name.bytes.count == 1 || name.bytes.count == 2) { continue }
      names.append(name)
    }
    return names
  }

  /// The name of a directory entry, as bytes.
  public static func name(of entry: UnsafeMutablePointer<dirent>) -> FileSystemPath {
    withUnsafeBytes(of: entry.pointee.d_name) { raw in
      FileSystemPath(bytes: raw.prefix(while: { $0 != 0 }))
    }
  }
}

/// What makes two paths the same file: the device and the inode number, as `mv` and `cp`
/// compare them, whatever links or spellings lead there.
public struct FileIdentity: Hashable, Sendable {
  public var device: UInt64
  public var inode: UInt64

  /// The identity in a `stat` result.
  public init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}

/// The text form of bytes that need not be UTF-8 (see ``FileSystemPath``).
public enum RawBytes {
  /// The raw-byte scalars: U+10FF00 plus a byte from 0x80 to 0xFF.
  public static let scalars: ClosedRange<UInt32> = 0x10FF80...0x10FFFF

  /// `bytes` as text, losslessly.
  ///
  /// - Complexity: O(*n*); bytes that are valid UTF-8 without a 0xF4 lead byte are decoded
  ///   in one pass.
  public static func decode(_ bytes: some Collection<UInt8>) -> String {
    if !bytes.contains(0xF4), let text = String(validating: bytes, as: UTF8.self) { return text }
    let bytes = Array(bytes)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < bytes.count {
      let length = validSequenceLength(bytes, at: index)
      guard length > 0 else {
        result.append(rawScalar(bytes[index]))
        index += 1
        continue
      }
      var value = UInt32(bytes[index]) & (length == 1 ? 0x7F : 0xFF >> (length + 1))
      for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
      if scalars.contains(value) {
        for offset in 0..<length {
          result.append(rawScalar(bytes[index + offset]))
        }
      } else {
        // A well-formed sequence always decodes to a scalar.
        result.append(Unicode.Scalar(value) ?? "\u{FFFD}")
      }
      index += length
    }
    return String(result)
  }

  /// The raw-byte scalar of a byte from 0x80 to 0xFF.
  static func rawScalar(_ byte: UInt8) -> Unicode.Scalar {
    Unicode.Scalar(0x10FF00 + UInt32(byte)) ?? "\u{FFFD}"  // always a scalar: U+10FF80…
  }

  /// The length of the well-formed UTF-8 sequence at `index` (Unicode's table 3-7: no
  /// overlong forms, surrogates or values above U+10FFFF), or 0 when none starts there.
  static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    let lead = bytes[index]
    let length: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, second) = (3, 0xA0...0xBF)
    case 0xED: (length, second) = (3, 0x80...0x9F)
    case 0xE1...0xEF: length = 3
    case 0xF0: (length, second) = (4, 0x90...0xBF)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, second) = (4, 0x80...0x8F)
    default: return 0
    }
    guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return 0 }
    for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
    return length
  }

  /// The bytes whose text form is `text`.
  public static func encode(_ text: String) -> [UInt8] {
    guard text.utf8.contains(0xF4) else { return Array(text.utf8) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if scalars.contains(scalar.value) {
        bytes.append(UInt8(scalar.value - 0x10FF00))
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return bytes
  }

  /// Whether `text` holds a raw-byte scalar (bytes of a name that are not UTF-8).
  public static func contains(in text: String) -> Bool {
    text.utf8.contains(0xF4) && text.unicodeScalars.contains(where: \.isRawByte)
  }
}

extension Unicode.Scalar {
  /// Whether the scalar stands for a byte of a file name that is not UTF-8 (see
  /// ``FileSystemPath``).
  public var isRawByte: Bool { RawBytes.scalars.contains(value) }

  /// The byte a raw-byte scalar stands for.
  var rawByte: UInt8? { isRawByte ? UInt8(value - 0x10FF00) : nil }
}
