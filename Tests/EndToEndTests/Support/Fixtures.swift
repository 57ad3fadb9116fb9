import Foundation

/// Fixture workflows in `Fixtures/` (a resource folder of the test target), the repository's
/// `Workflows/`, and golden files re-recorded into the source tree when
/// `INTENTFLOW_RECORD_GOLDEN=1` is set (review the diff before committing).
enum Fixtures {
  struct Missing: Error, CustomStringConvertible {
    var name: String
    var description: String { "fixture '\(name)' is not in the test bundle" }
  }

  /// The `Fixtures` folder in the test bundle.
  static var directory: URL {
    get throws {
      guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
        throw Missing(name: "Fixtures")
      }
      return url
    }
  }

  /// The contents of the fixture at `name`, a path under `Fixtures/`.
  static func data(_ name: String) throws -> Data {
    let url = try directory.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(name: name) }
    return try Data(contentsOf: url)
  }

  /// The names of the files in the fixture folder `folder`, sorted.
  static func names(in folder: String, withExtension fileExtension: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(
      atPath: directory.appendingPathComponent(folder).path
    )
    .filter { $0.hasSuffix("." + fileExtension) }.sorted()
  }

  /// The same names, read while building a test's arguments (an empty list if unreadable, so
  /// that the test then fails on its count check instead of the suite failing to load).
  static func namesOrEmpty(in folder: String, withExtension fileExtension: String) -> [String] {
    (try? names(in: folder, withExtension: fileExtension)) ?? []
  }

  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["INTENTFLOW_RECORD_GOLDEN"] == "1"
  }

  /// The golden text at `name` under `Fixtures/`; when recording, first writes `actual` (if
  /// given) there in the source tree and returns it.
  static func golden(_ name: String, actual: String?) throws -> String {
    if isRecording, let actual {
      let url = sourceDirectory.appendingPathComponent(name)
      try Data(actual.utf8).write(to: url)
      return actual
    }
    return String(decoding: try data(name), as: UTF8.self)
  }

  /// `Tests/EndToEndTests/Fixtures` in the source tree.
  static let sourceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// The repository's root, found from this file.
  static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The repository's example workflows, `Workflows/*.json`.
  static var exampleWorkflows: [String] {
    let directory = repositoryRoot.appendingPathComponent("Workflows")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }

  /// The path of the example workflow `name`.
  static func exampleWorkflow(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("Workflows").appendingPathComponent(name).path
  }
}

/// The JSON object a command printed, parsed by Foundation (an independent reader).
struct JSONObject {
  struct NotAnObject: Error, CustomStringConvertible {
    var text: String
    var description: String { "not one JSON object:\n\(text)" }
  }

  let members: [String: Any]

  init(parsing text: String) throws {
    guard
      let object = try JSONSerialization.jsonObject(
        with: Data(text.utf8), options: [.fragmentsAllowed]) as? [String: Any]
    else { throw NotAnObject(text: text) }
    members = object
  }

  init(_ members: [String: Any]) { self.members = members }

  subscript(key: String) -> Any? { members[key] }

  func string(_ key: String) -> String? { members[key] as? String }
  func object(_ key: String) -> JSONObject? {
    (members[key] as? [String: Any]).map(JSONObject.init)
  }
  func objects(_ key: String) -> [JSONObject]? {
    (members[key] as? [Any])?.compactMap { ($0 as? [String: Any]).map(JSONObject.init) }
  }
  func isNull(_ key: String) -> Bool { members[key] is NSNull }
  var keys: Set<String> { Set(members.keys) }
}

/// Parses a JSON array of objects.
func parseJSONArray(_ text: String) throws -> [JSONObject] {
  guard let array = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any] else {
    throw JSONObject.NotAnObject(text: text)
  }
  return array.compactMap { ($0 as? [String: Any]).map(JSONObject.init) }
}
