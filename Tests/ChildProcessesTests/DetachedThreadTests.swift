import ChildProcesses
import TestSupport
import Testing

@Suite("A detached thread runs its work off the caller's thread")
struct DetachedThreadTests {
  @Test("the work runs once, on another thread, and its result comes back")
  func runs() async {
    let caller = currentThreadID()
    let ran: (Bool, UInt) = await withCheckedContinuation { continuation in
      let started = DetachedThread.start {
        continuation.resume(returning: (true, currentThreadID()))
      }
      if !started { continuation.resume(returning: (false, caller)) }
    }
    #expect(ran.0)
    #expect(ran.1 != caller)
  }
}
