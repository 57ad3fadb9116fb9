import Testing

@testable import IntentKit

@Suite("Errors")
struct IntentFlowErrorTests {
  @Test(
    "each code is named as JSON's kind",
    arguments: [
      (IntentFlowError.Code.invalidWorkflow, "invalidWorkflow"), (.usage, "usage"),
      (.needsValue, "needsValue"), (.disambiguation, "disambiguation"),
      (.unsupported, "unsupported"), (.confirmationRequired, "confirmationRequired"),
      (.confirmationFailed, "confirmationFailed"), (.failed, "failed"), (.timedOut, "timedOut"),
      (.cancelled, "cancelled"), (.io, "io"),
    ])
  func codeNames(code: IntentFlowError.Code, name: String) {
    #expect(code.description == name)
  }

  @Test("codes are distinct")
  func distinct() {
    let codes: [IntentFlowError.Code] = [
      .invalidWorkflow, .usage, .needsValue, .disambiguation, .unsupported,
      .confirmationRequired, .confirmationFailed, .failed, .timedOut, .cancelled, .io,
    ]
    #expect(Set(codes).count == codes.count)
  }

  @Test("an error prints like a compiler diagnostic when it has a location")
  func description() {
    let located = IntentFlowError(
      .invalidWorkflow, "unknown intent 'todos.complet'; did you mean 'todos.complete'?",
      location: SourceLocation(file: "plan.json", line: 5, column: 17))
    #expect(
      located.description
        == "plan.json:5:17: error: unknown intent 'todos.complet'; did you mean 'todos.complete'?")
    #expect(IntentFlowError(.failed, "it broke").description == "error: it broke")
  }

  @Test("the details default to none")
  func defaults() {
    let error = IntentFlowError(.failed, "it broke")
    #expect(error.code == .failed)
    #expect(error.message == "it broke")
    #expect(error.location == nil)
    #expect(error.step == nil)
    #expect(error.parameter == nil)
    #expect(error.candidates.isEmpty)
    #expect(error.underlying == nil)
  }

  @Test("an intent's error prints its message as is")
  func intentError() {
    #expect(IntentError("the todo is gone").description == "the todo is gone")
    #expect("\(IntentError("x"))" == "x")
  }
}

@Suite("Source locations")
struct SourceLocationTests {
  @Test("a location prints FILE:LINE:COL, or LINE:COL without a file")
  func description() {
    #expect(SourceLocation(file: "a.json", line: 3, column: 9).description == "a.json:3:9")
    #expect(SourceLocation(file: nil, line: 3, column: 9).description == "3:9")
  }

  @Test("locations sort by file, then line, then column")
  func ordering() {
    let locations = [
      SourceLocation(file: "b.json", line: 1, column: 1),
      SourceLocation(file: "a.json", line: 2, column: 1),
      SourceLocation(file: "a.json", line: 1, column: 5),
      SourceLocation(file: "a.json", line: 1, column: 2),
      SourceLocation(file: nil, line: 9, column: 9),
    ]
    #expect(
      locations.sorted().map(\.description)
        == ["9:9", "a.json:1:2", "a.json:1:5", "a.json:2:1", "b.json:1:1"])
  }
}

@Suite("Cancellation reasons")
struct CancellationReasonTests {
  @Test(
    "reasons read as the end of a sentence",
    arguments: [
      (CancellationReason.timeout(.seconds(30)), "the step ran longer than its 30s timeout"),
      (.timeout(.milliseconds(1_500)), "the step ran longer than its 1.5s timeout"),
      (.signal(2), "the run received SIGINT"), (.signal(15), "the run received SIGTERM"),
      (.signal(1), "the run received SIGHUP"), (.signal(3), "the run received SIGQUIT"),
      (.signal(9), "the run received SIGKILL"), (.signal(10), "the run received signal 10"),
      (.stopped("another step failed"), "another step failed"),
    ])
  func descriptions(reason: CancellationReason, text: String) {
    #expect(reason.description == text)
  }
}
