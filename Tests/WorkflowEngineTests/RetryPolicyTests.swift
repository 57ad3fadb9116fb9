import IntentKit
import Testing
import WorkflowEngine

@Suite("What a retry policy retries")
struct RetryPolicyTests {
  static let allKinds: [IntentFlowError.Code] = [
    .invalidWorkflow, .usage, .needsValue, .disambiguation, .unsupported,
    .confirmationRequired, .confirmationFailed, .failed, .timedOut, .cancelled, .io,
  ]

  @Test("by default, errors thrown by perform and timeouts, and nothing else")
  func defaults() {
    let policy = RetryPolicy()
    #expect(Self.allKinds.filter(policy.retries) == [.failed, .timedOut])
    #expect(policy.on == RetryPolicy.defaultKinds)
  }

  @Test("`on` replaces the default kinds")
  func chosen() {
    var policy = RetryPolicy()
    policy.on = [.unsupported]
    #expect(Self.allKinds.filter(policy.retries) == [.unsupported])
    policy.on = []
    #expect(Self.allKinds.filter(policy.retries) == [])
  }

  @Test("a policy that names the default kinds equals one that leaves them out")
  func equality() {
    var spelled = RetryPolicy()
    spelled.on = [.timedOut, .failed]
    #expect(spelled == RetryPolicy())
    #expect(spelled.hashValue == RetryPolicy().hashValue)
    spelled.on = [.failed]
    #expect(spelled != RetryPolicy())
  }
}
