import IntentKit
import Testing
import WorkflowEngine

@Suite("Run statuses, step statuses and exit codes")
struct RunStatusTests {
  @Test(
    "each status has the exit code of DESIGN section 5",
    arguments: [
      (RunStatus.succeeded, Int32(0)), (.failed, 1), (.invalid, 2), (.needsValue, 3),
      (.disambiguation, 3), (.confirmationRequired, 4), (.timedOut, 5), (.cancelled, 143),
    ])
  func exitCodes(status: RunStatus, code: Int32) {
    #expect(status.exitCode(signal: 15) == code)
  }

  @Test("a run cancelled without a signal exits as Ctrl-C would")
  func cancelledWithoutSignal() {
    #expect(RunStatus.cancelled.exitCode() == 130)
  }

  @Test("an exit code reads back as its status; 3 as needsValue, unknown codes as failed")
  func fromExitCode() {
    for status in RunStatus.allCases {
      let expected = status == .disambiguation ? RunStatus.needsValue : status
      #expect(RunStatus(exitCode: status.exitCode(signal: 9)) == expected)
    }
    #expect(RunStatus(exitCode: 7) == .failed)
    #expect(RunStatus(exitCode: 128) == .failed)
    #expect(RunStatus(exitCode: -1) == .failed)
  }

  @Test(
    "a step stopped by an error has the run's status for that error",
    arguments: [
      (IntentFlowError.Code.needsValue, StepStatus.needsValue),
      (.disambiguation, .disambiguation), (.unsupported, .failed),
      (.confirmationRequired, .confirmationRequired), (.confirmationFailed, .failed),
      (.failed, .failed), (.timedOut, .timedOut), (.cancelled, .cancelled), (.usage, .failed),
    ])
  func stepStatus(code: IntentFlowError.Code, status: StepStatus) {
    #expect(StepStatus(code) == status)
    #expect(status.rawValue == RunStatus(code).rawValue)
  }
}
