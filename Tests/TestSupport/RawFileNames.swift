#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File names as bytes, for tests of names that are not UTF-8 (`caf\xE9.txt`), which
/// `String` paths and Foundation cannot spell.
public enum RawFileNames {
  /// `folder` (UTF-8) joined with `name` (any bytes).
  public static func path(_ folder: String, _ name: [UInt8]) -> [UInt8] {
    Array(folder.utf8) + [UInt8(ascii: "/")] + name
  }

  /// Creates the file at the path `bytes` with `contents`; returns whether it worked.
  @discardableResult
  public static func create(_ bytes: [UInt8], _ contents: String) -> Bool {
    create(bytes, data: Array(contents.utf8))
  }

  /// Creates the file at the path `bytes` holding `data`; returns whether it worked.
  @discardableResult
  public static func create(_ bytes: [UInt8], data: [UInt8]) -> Bool {
    let descriptor = withCString(bytes) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == data.count
  }

  /// The file's contents at the path `bytes` as UTF-8 text, or `nil` when it cannot be read.
  public static func contents(_ bytes: [UInt8]) -> String? {
    data(bytes).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The file's bytes at the path `bytes`, or `nil` when it cannot be read.
  public static func data(_ bytes: [UInt8]) -> [UInt8]? {
    let descriptor = withCString(bytes) { open($0, O_RDONLY) }
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      result += chunk[0..<count]
    }
    return result
  }

  /// The names in the folder, as bytes, sorted, without `.` and `..`.
  public static func names(in folder: String) -> [[UInt8]] {
    guard let handle = opendir(folder) else { return [] }
    defer { closedir(handle) }
    var names: [[UInt8]] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
      if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
    }
    return names.sorted { $0.lexicographicallyPrecedes($1) }
  }

  private static func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
    body((bytes + [0]).map { CChar(bitPattern: $0) })
  }
}
