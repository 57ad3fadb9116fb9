import Foundation
import IntentKit
import Testing

@Suite("Path arithmetic on text agrees with NSString's path methods")
struct PathTextTests {
  static let paths = [
    "", "/", "a", "/a", "/a/", "/a//", "a/b", "/a/b", "/a/b/", "//a//b//", "a//b",
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
  func components(path: String) {
    let ns = path as NSString
    #expect(PathText.deletingLastComponent(path) == ns.deletingLastPathComponent)
    #expect(PathText.lastComponent(path) == ns.lastPathComponent)
    #expect(PathText.pathExtension(path) == ns.pathExtension)
  }
}
