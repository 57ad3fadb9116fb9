import Testing

@testable import CLIKit

@Suite("Sharing positionals among arguments")
struct PositionalAssignmentTests {
  static let copy = [
    ArgumentSpec("FROM", help: "", isRepeating: true), ArgumentSpec("TO", help: ""),
  ]

  @Test(
    "a repeating argument leaves words for the required ones after it",
    arguments: [
      (["a", "b"], ["a"], ["b"]),
      (["a", "b", "c"], ["a", "b"], ["c"]),
    ])
  func repeatingFirst(words: [String], from: [String], to: [String]) {
    let assignment = PositionalAssignment(words, to: Self.copy)
    #expect(assignment.values["FROM"] == from)
    #expect(assignment.values["TO"] == to)
    #expect(assignment.missing.isEmpty)
    #expect(assignment.extra.isEmpty)
  }

  @Test("required arguments fill from the left")
  func missingRightmost() {
    let assignment = PositionalAssignment(["a"], to: Self.copy)
    #expect(assignment.values["FROM"] == ["a"])
    #expect(assignment.missing.map(\.name) == ["TO"])
  }

  @Test("an optional argument before a required one yields to it")
  func optionalYields() {
    let arguments = [
      ArgumentSpec("NAME", help: "", isOptional: true), ArgumentSpec("FILE", help: ""),
    ]
    #expect(PositionalAssignment(["f"], to: arguments).values == ["FILE": ["f"]])
    #expect(
      PositionalAssignment(["n", "f"], to: arguments).values == ["NAME": ["n"], "FILE": ["f"]])
  }

  @Test("words past the last argument are extra")
  func extra() {
    let assignment = PositionalAssignment(["a", "b", "c"], to: [ArgumentSpec("A", help: "")])
    #expect(assignment.extra == ["b", "c"])
  }
}
