import Foundation
import FoundationEssentials
import IntentKit
import Synchronization
import TestSupport
import Testing
import WorkflowEngine

/// Loads `name` from `directory`, returning the diagnostics with the directory written `DIR`.
private func diagnostics(_ name: String, in directory: WorkflowDirectory) -> [String] {
  do {
    _ = try Harness.loader.load(path: directory.path(name))
    return []
  } catch {
    return error.diagnostics.map {
      $0.description.replacingOccurrences(of: directory.url.path, with: "DIR")
    }
  }
}

private let child = """
  {
    "name": "child",
    "inputs": { "who": { "type": "text" }, "greeting": { "default": "hello" } },
    "steps": [
      {
        "id": "hi",
        "intent": "test.echo",
        "parameters": { "text": "${inputs.greeting} ${inputs.who}" }
      }
    ]
  }
  """

@Suite("Planning and running other workflows")
struct PlannerSubworkflowTests {
  @Test("a workflow path is relative to the file that names it, at every level")
  func relativePaths() async throws {
    let directory = try WorkflowDirectory()
    try directory.write(
      "parent.json",
      """
      {
        "name": "parent",
        "steps": [
          { "id": "sub", "workflow": "lib/child.json", "inputs": { "who": "Ada" } },
          { "intent": "test.echo", "parameters": { "text": "${sub}!" } }
        ]
      }
      """)
    try directory.write(
      "lib/child.json",
      """
      {
        "name": "child",
        "inputs": { "who": { "type": "text" } },
        "steps": [{ "workflow": "leaf.json", "inputs": { "text": "hello ${inputs.who}" } }]
      }
      """)
    try directory.write(
      "lib/leaf.json",
      """
      {
        "name": "leaf",
        "inputs": { "text": {} },
        "steps": [{ "intent": "test.echo", "parameters": { "text": "${inputs.text}" } }]
      }
      """)
    let plan = try Harness.loader.load(path: directory.path("parent.json"))
    #expect(plan.steps[0].outputType == .text)
    let run = await TestRun.run(plan)
    #expect(run.status == .succeeded)
    #expect(run.output == .text("hello Ada!"))
    #expect(run.log == ["echo hello Ada", "echo hello Ada!"])
    #expect(run.step("sub")?.kind == "workflow")
    // The other workflow's steps are not the caller's; their dialogs show as its progress.
    #expect(run.result.steps.map(\.label) == ["sub", "test.echo"])
    #expect(run.events.contains("progress sub 0 Echoed 'hello Ada'."))
  }

  @Test("the fixture workflows run: greet-twice runs greet, then uses its output")
  func fixturesRun() async throws {
    let plan = try Harness.loader.load(path: try fixturePath("greet-twice.json"))
    let run = await TestRun.run(plan)
    #expect(run.status == .succeeded)
    #expect(run.output == .text("hello Ada hello Ada!"))
    #expect(run.step("first")?.output == .text("hello Ada"))
    #expect(run.events.contains("progress first 0 Echoed 'hello Ada'."))
  }

  @Test("a missing workflow file is reported at its path")
  func missingFile() throws {
    let directory = try WorkflowDirectory()
    try directory.write(
      "parent.json", Harness.workflow(#"{ "workflow": "nope.json" }"#))
    #expect(
      diagnostics("parent.json", in: directory) == [
        "DIR/parent.json:4:19: error: cannot read workflow 'nope.json': no such file; check the "
          + "path"
      ])
  }

  @Test("a workflow that would run itself again is refused")
  func cycles() throws {
    let directory = try WorkflowDirectory()
    try directory.write("a.json", Harness.workflow(#"{ "workflow": "b.json" }"#))
    try directory.write("b.json", Harness.workflow(#"{ "workflow": "./a.json" }"#))
    #expect(
      diagnostics("a.json", in: directory) == [
        "DIR/b.json:4:19: error: workflow './a.json' would run itself again (a.json → b.json → "
          + "a.json); remove the cycle"
      ])
    try directory.write("self.json", Harness.workflow(#"{ "workflow": "self.json" }"#))
    #expect(
      diagnostics("self.json", in: directory) == [
        "DIR/self.json:4:19: error: workflow 'self.json' would run itself again (self.json → "
          + "self.json); remove the cycle"
      ])
  }

  @Test("the same workflow may run twice when neither runs the other")
  func diamond() throws {
    let directory = try WorkflowDirectory()
    try directory.write("child.json", child)
    try directory.write(
      "parent.json",
      Harness.workflow(
        #"{ "workflow": "child.json", "inputs": { "who": "a" } }"#,
        #"{ "workflow": "child.json", "inputs": { "who": "b" } }"#))
    #expect(diagnostics("parent.json", in: directory) == [])
  }

  @Test("each workflow file is read and planned once, however many steps run it")
  func fanOut() throws {
    let directory = try WorkflowDirectory()
    let depth = 24
    for level in 0..<depth {
      let next = "f\(level + 1).json"
      try directory.write(
        "f\(level).json",
        Harness.workflow(#"{ "workflow": "\#(next)" }"#, #"{ "workflow": "\#(next)" }"#))
    }
    try directory.write("f\(depth).json", Harness.workflow(#"{ "intent": "test.nothing" }"#))
    let reads = Mutex(0)
    let loader = WorkflowLoader(registry: TestIntents.registry) { path in
      reads.withLock { $0 += 1 }
      return try WorkflowLoader.readFile(path)
    }
    // Planned at every call site, this tree was 2²⁴ plans (it took minutes and gigabytes).
    let plan = try loader.load(path: directory.path("f0.json"))
    #expect(plan.steps.count == 2)
    #expect(reads.withLock { $0 } == depth + 1)
  }

  @Test("a chain of workflows deeper than 64 is refused, naming the chain")
  func nestingLimit() throws {
    let directory = try WorkflowDirectory()
    for level in 0..<70 {
      try directory.write(
        "w\(level).json", Harness.workflow(#"{ "workflow": "w\#(level + 1).json" }"#))
    }
    try directory.write("w70.json", Harness.workflow(#"{ "intent": "test.nothing" }"#))
    #expect(
      diagnostics("w0.json", in: directory) == [
        "DIR/w63.json:4:19: error: workflow 'w64.json' would be nested 65 workflows deep, more "
          + "than the limit of 64 (w0.json → w1.json → w2.json → … → w62.json → w63.json → "
          + "w64.json); run fewer workflows inside one another"
      ])
    #expect(diagnostics("w7.json", in: directory) == [])
  }

  @Test("a workflow's required inputs must be given, and only inputs it declares")
  func inputs() throws {
    let directory = try WorkflowDirectory()
    try directory.write("child.json", child)
    try directory.write(
      "parent.json", Harness.workflow(#"{ "workflow": "child.json", "inputs": { "woh": "x" } }"#))
    #expect(
      diagnostics("parent.json", in: directory) == [
        "DIR/parent.json:4:19: error: workflow 'child.json' needs its input 'who'; add it to the "
          + "step's 'inputs'",
        "DIR/parent.json:4:45: error: workflow 'child.json' has no input 'woh'; did you mean "
          + "'who'?",
      ])
  }

  @Test("a workflow's inputs are checked against their types")
  func inputTypes() throws {
    let directory = try WorkflowDirectory()
    try directory.write(
      "child.json",
      Harness.workflow(inputs: #"{ "n": { "type": "integer" } }"#, #"{ "intent": "test.nothing" }"#)
    )
    try directory.write(
      "parent.json", Harness.workflow(#"{ "workflow": "child.json", "inputs": { "n": "abc" } }"#))
    #expect(
      diagnostics("parent.json", in: directory) == [
        "DIR/parent.json:4:50: error: input 'n' of 'child.json': 'abc' is not a whole number"
      ])
  }

  @Test("problems in the other workflow are reported in its file, with the caller's")
  func childProblems() throws {
    let directory = try WorkflowDirectory()
    try directory.write("child.json", Harness.workflow(#"{ "intent": "test.ecko" }"#))
    try directory.write(
      "parent.json",
      Harness.workflow(#"{ "workflow": "child.json" }"#, #"{ "intent": "test.ehco" }"#))
    #expect(
      diagnostics("parent.json", in: directory) == [
        "DIR/child.json:4:17: error: unknown intent 'test.ecko'; did you mean 'test.echo'?",
        "DIR/parent.json:5:17: error: unknown intent 'test.ehco'; did you mean 'test.echo'?",
      ])
  }

  @Test("another workflow that is not valid JSON is reported, and its caller says so")
  func childSyntaxError() throws {
    let directory = try WorkflowDirectory()
    try directory.write("child.json", #"{"name": "child",}"#)
    try directory.write("parent.json", Harness.workflow(#"{ "workflow": "child.json" }"#))
    #expect(
      diagnostics("parent.json", in: directory) == [
        "DIR/child.json:1:17: error: trailing comma before '}'; remove it",
        "DIR/parent.json:4:19: error: workflow 'child.json' is invalid (see the errors above)",
      ])
  }

  @Test("the other workflow's output type is checked where it is used")
  func childOutputType() throws {
    let directory = try WorkflowDirectory()
    try directory.write(
      "child.json",
      Harness.workflow(output: #""${found[0]}""#, #"{ "id": "found", "intent": "items.find" }"#))
    try directory.write(
      "parent.json",
      Harness.workflow(
        #"{ "id": "sub", "workflow": "child.json" }"#,
        #"{ "intent": "test.echo", "parameters": { "text": "${sub.titel}" } }"#))
    #expect(
      diagnostics("parent.json", in: directory) == [
        "DIR/parent.json:5:57: error: Item has no property 'titel'; did you mean 'title'? (in "
          + "'sub.titel')"
      ])
  }

  @Test("a failure in the other workflow names it and stops the caller")
  func childFailure() async throws {
    let directory = try WorkflowDirectory()
    let childPath = try directory.write(
      "child.json", Harness.workflow(#"{ "id": "boom", "intent": "test.fail" }"#))
    try directory.write(
      "parent.json",
      Harness.workflow(
        #"{ "id": "sub", "workflow": "child.json" }"#,
        #"{ "intent": "test.echo", "parameters": { "text": "never" } }"#))
    let plan = try Harness.loader.load(path: directory.path("parent.json"))
    let run = await TestRun.run(plan)
    #expect(run.status == .failed)
    #expect(
      run.error?.message
        == "in workflow '\(childPath)': step 'boom' (test.fail) failed: the disk is full")
    #expect(run.error?.step == "boom")
    #expect(run.step("sub")?.status == .failed)
    #expect(run.log == ["fail"])
  }
}
