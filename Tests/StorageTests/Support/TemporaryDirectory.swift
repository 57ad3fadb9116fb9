import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in it
/// when the value goes away.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("intentflow-storage-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    // Restore write permission first, in case a test took it away.
    chmod(url.path, 0o755)
    try? FileManager.default.removeItem(at: url)
  }

  /// The path of `name` inside the directory.
  func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }
}

/// A date that survives the trip through Unix seconds exactly (a multiple of 1/4 second).
func testDate(_ secondsSince1970: Double) -> Date {
  Date(timeIntervalSince1970: secondsSince1970)
}
