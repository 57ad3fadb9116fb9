import Testing

@testable import IntentKit

@Suite("Source files of locations")
struct SourceFileTests {
  @Test("a location gives back the file it was made with, or none")
  func fileRoundTrip() {
    let located = SourceLocation(file: "plans/daily.json", line: 5, column: 17)
    #expect(located.file == "plans/daily.json")
    #expect(located.description == "plans/daily.json:5:17")
    let unfiled = SourceLocation(file: nil, line: 2, column: 3)
    #expect(unfiled.file == nil)
    #expect(unfiled.sourceFile == .noFile)
    #expect(unfiled.description == "2:3")
  }

  @Test("locations in the same file are equal however the file was named")
  func equality() {
    let file = SourceFile("a-long-directory-name/another-one/workflow.json")
    let first = SourceLocation(file, line: 3, column: 9)
    let second = SourceLocation(
      file: "a-long-directory-name/another-one/workflow.json", line: 3, column: 9)
    #expect(first == second)
    #expect(Set([first, second]).count == 1)
    #expect(first != SourceLocation(file: "other.json", line: 3, column: 9))
    #expect(first != SourceLocation(file: nil, line: 3, column: 9))
  }

  @Test("setting the file changes only the file")
  func settingTheFile() {
    var location = SourceLocation(file: "a.json", line: 4, column: 2)
    location.file = "b.json"
    #expect(location == SourceLocation(file: "b.json", line: 4, column: 2))
    location.file = nil
    #expect(location.description == "4:2")
  }

  @Test("no file orders as an empty path: by line and column")
  func orderWithoutAFile() {
    // `nil` and "" are different files that order alike: by line and column.
    #expect(
      SourceLocation(file: nil, line: 1, column: 1) < SourceLocation(file: "", line: 2, column: 1))
    #expect(
      SourceLocation(file: "", line: 1, column: 1) < SourceLocation(file: nil, line: 2, column: 1))
  }
}
