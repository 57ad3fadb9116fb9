import Foundation

/// Golden files in `Fixtures/`, read from the test bundle and re-recorded into the source tree
/// when `STRICTJSON_RECORD_FIXTURES=1` is set; review the diff before committing.
enum Fixture {
  struct Missing: Error, CustomStringConvertible {
    var name: String
    var description: String { "fixture '\(name)' is not in the test bundle" }
  }

  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["STRICTJSON_RECORD_FIXTURES"] == "1"
  }

  /// The text of a fixture.
  static func text(_ name: String) throws -> String {
    guard
      let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures")
    else {
      if isRecording { return "" }
      throw Missing(name: name)
    }
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// Writes a fixture into the source tree when recording is requested.
  static func recordIfRequested(_ text: String, as name: String) throws {
    guard isRecording else { return }
    let directory = URL(filePath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appending(path: "Fixtures")
    try text.write(to: directory.appending(path: name), atomically: true, encoding: .utf8)
  }
}
