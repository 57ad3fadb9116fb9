public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh directory under the system's temporary directory, removed with everything in it
/// when the value goes away.
public final class TemporaryDirectory: Sendable {
  /// The directory.
  public let url: URL

  /// Creates the directory; `prefix` starts its name, to tell whose leftovers are whose.
  public init(prefix: String = "intentflow-tests") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    // Restore write permission first, in case a test took it away.
    chmod(url.path, 0o755)
    try? FileManager.default.removeItem(at: url)
  }

  /// The directory's path.
  public var path: String { url.path }

  /// The path of `name` inside the directory.
  public func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// Writes `text` to `name` (creating folders) and returns its path.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file, options: .atomic)
    return file.path
  }
}
