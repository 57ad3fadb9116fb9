import Foundation
import TestSupport
import Testing
import WorkflowEngine

@Suite("Workflow paths are made absolute as Foundation's URL makes them")
struct WorkflowPathTests {
  /// What `WorkflowPath.absolute` gave when it went through `URL` (the oracle).
  static func throughURL(_ path: String, in directory: String, resolvingSymlinks: Bool) -> String {
    let url =
      path.hasPrefix("/")
      ? URL(fileURLWithPath: path)
      : URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent(path)
    let standardized = url.standardizedFileURL
    return (resolvingSymlinks ? standardized.resolvingSymlinksInPath() : standardized).path
  }

  static let cases: [(path: String, directory: String)] = [
    ("flow.json", "/home/ann"), ("./flow.json", "/home/ann"), ("../flow.json", "/home/ann"),
    ("../../../../flow.json", "/home/ann"), ("a//b/./c/../flow.json", "/home/ann/"),
    ("/etc/../etc/./hosts", "/anywhere"), ("/", "/x"), ("/..", "/x"), ("flows/", "/home/ann"),
    ("a b/ünïcödé.json", "/tmp/dir with space"), ("x", "/"), ("..", "/"), (".", "/a/b"),
    ("/a/b/../../..", "/"), ("...", "/a"), ("..hidden/.x", "/a//b//"),
    ("b../.c/..d/../é/./", "/a"), ("日本/../語/.", "/ü"), ("a/b/c/../../../../d", "/"),
  ]

  @Test("`.`, `..`, empty components and trailing slashes", arguments: cases)
  func standardized(path: String, directory: String) {
    #expect(
      WorkflowPath.absolute(path, in: directory)
        == Self.throughURL(path, in: directory, resolvingSymlinks: false))
  }

  @Test("symbolic links are resolved for the planner; a missing file is kept as written")
  func symlinks() throws {
    let temporary = try TemporaryDirectory()
    let real = temporary.path("real")
    try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
    try temporary.write("real/flow.json", "{}")
    try FileManager.default.createSymbolicLink(
      atPath: temporary.path("link"), withDestinationPath: real)
    let base = try #require(realpath(temporary.path("."), nil).map { String(cString: $0) })
    let directory = temporary.path(".")
    for path in ["link/flow.json", "link/../real/flow.json", "real/./flow.json", "link"] {
      #expect(
        WorkflowPath.absolute(path, in: directory, resolvingSymlinks: true)
          == Self.throughURL(path, in: directory, resolvingSymlinks: true))
    }
    #expect(
      WorkflowPath.absolute("link/flow.json", in: directory, resolvingSymlinks: true)
        == base + "/real/flow.json")
    #expect(
      WorkflowPath.absolute("link/missing.json", in: directory, resolvingSymlinks: true)
        == base + "/link/missing.json")
  }

  @Test("a relative path with no directory is taken from the current directory")
  func noDirectory() {
    let current = FileManager.default.currentDirectoryPath
    #expect(WorkflowPath.absolute("x.json", in: "") == WorkflowPath.absolute("x.json", in: current))
  }
}
