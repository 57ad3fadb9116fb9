import Foundation
import Storage
import Testing

@Suite("Finding the IntentFlow home directory")
struct IntentFlowHomeTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var environment: [String: String]
    var expected: String
    var testDescription: String { "\(environment.sorted { $0.key < $1.key }) → \(expected)" }
  }

  static let cases: [Case] = [
    // INTENTFLOW_HOME wins when set and not empty.
    Case(
      environment: ["INTENTFLOW_HOME": "/srv/intentflow", "XDG_STATE_HOME": "/xdg", "HOME": "/h"],
      expected: "/srv/intentflow"),
    Case(environment: ["INTENTFLOW_HOME": "/srv/intentflow/"], expected: "/srv/intentflow"),
    Case(
      environment: ["INTENTFLOW_HOME": "state/if", "HOME": "/h"], expected: "/work/project/state/if"
    ),
    Case(
      environment: ["INTENTFLOW_HOME": "../shared//if/./x/..", "HOME": "/h"],
      expected: "/work/shared/if"),
    Case(environment: ["INTENTFLOW_HOME": "/../srv/./if/"], expected: "/srv/if"),
    Case(environment: ["INTENTFLOW_HOME": "~/if", "HOME": "/home/ann"], expected: "/home/ann/if"),
    Case(environment: ["INTENTFLOW_HOME": "~", "HOME": "/home/ann"], expected: "/home/ann"),
    Case(
      environment: ["INTENTFLOW_HOME": "", "XDG_STATE_HOME": "/xdg", "HOME": "/home/ann"],
      expected: "/xdg/intentflow"),
    // Then XDG_STATE_HOME, when absolute.
    Case(
      environment: ["XDG_STATE_HOME": "/xdg/", "HOME": "/home/ann"], expected: "/xdg/intentflow"),
    Case(
      environment: ["XDG_STATE_HOME": "relative/xdg", "HOME": "/home/ann"],
      expected: "/home/ann/.local/state/intentflow"),
    Case(
      environment: ["XDG_STATE_HOME": "", "HOME": "/home/ann"],
      expected: "/home/ann/.local/state/intentflow"),
    // Then HOME.
    Case(environment: ["HOME": "/home/ann"], expected: "/home/ann/.local/state/intentflow"),
    Case(environment: ["HOME": "/home/ann/"], expected: "/home/ann/.local/state/intentflow"),
  ]

  @Test("the environment decides the home directory", arguments: cases)
  func resolve(_ testCase: Case) {
    let home = IntentFlowHome.resolve(
      environment: testCase.environment, currentDirectory: "/work/project")
    #expect(home.path == testCase.expected)
    #expect(home.directory == URL(fileURLWithPath: testCase.expected, isDirectory: true))
  }

  @Test("without HOME, the account's home directory is used")
  func noHome() {
    let home = IntentFlowHome.resolve(environment: [:], currentDirectory: "/work/project")
    #expect(home.path.hasPrefix("/"))
    #expect(home.path.hasSuffix("/.local/state/intentflow"))
  }

  @Test("relative paths start from the process's current directory by default")
  func defaultCurrentDirectory() {
    let home = IntentFlowHome.resolve(environment: ["INTENTFLOW_HOME": "here"])
    let expected = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .appendingPathComponent("here").standardizedFileURL.path
    #expect(home.path == expected)
  }

  @Test("a database's file is named after it, in the home directory")
  func databasePath() {
    let home = IntentFlowHome.resolve(environment: ["INTENTFLOW_HOME": "/srv/if"])
    #expect(home.databasePath("runs") == "/srv/if/runs.sqlite")
    #expect(home.databasePath("todos") == "/srv/if/todos.sqlite")
    #expect(
      IntentFlowHome(directory: URL(fileURLWithPath: "/a b")).databasePath("x") == "/a b/x.sqlite")
  }
}
