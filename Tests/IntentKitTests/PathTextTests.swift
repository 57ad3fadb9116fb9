import Foundation
import IntentKit
import Testing

@Suite("Path arithmetic on text agrees with NSString's path methods")
struct PathTextTests {
  static let paths = [
    "", "/", "/a", "/a/", "/a//", "a/b", "/a/b", "/a/b/", "//a//b//", "a//b",
    "/a/./b", "/a/../b", "~/x", "a b/ü é.json", "/日本/語", ".profile", "/x/.profile",
    "a.tar.gz", "/a.b/c", "/a/b.", "/a/.b.c", "..", "/..", "a/..", "x.JPG",
  ]

  @Test("appending a component", arguments: paths)
  func appending(path: String) {
    for component in ["b", "b/c", "/b", "b/", "", "..", "ü.json"] {
      #expect(
        PathText.appending(component, to: path)
          == (path as NSString).appendingPathComponent(component),
        "'\(path)' + '\(component)'")
    }
  }

  @Test("the last component, the rest and the extension", arguments: paths)
  func components(path: String) throws {
    // swift-corelibs-foundation traps on a one-character relative path here.
    try #require(path.utf8.count != 1 || path == "/")
    let ns = path as NSString
    #expect(PathText.deletingLastComponent(path) == ns.deletingLastPathComponent)
    #expect(PathText.lastComponent(path) == ns.lastPathComponent)
    #expect(PathText.pathExtension(path) == ns.pathExtension)
  }

  @Test("a one-character relative path is its own last component, in no folder")
  func oneCharacter() {
    #expect(PathText.deletingLastComponent("a") == "")
    #expect(PathText.lastComponent("a") == "a")
    #expect(PathText.pathExtension("a") == "")
  }
}
