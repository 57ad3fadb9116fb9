import ChildProcesses
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

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

  @Test(
    "the thread blocks the signals meant for the process and leaves the ones it raises itself")
  func signalMask() async {
    let mask: sigset_t = await withCheckedContinuation { continuation in
      let started = DetachedThread.start {
        var current = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &current)
        continuation.resume(returning: current)
      }
      if !started { continuation.resume(returning: sigset_t()) }
    }
    var blocked = mask
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGCHLD, SIGUSR1] {
      #expect(sigismember(&blocked, signal) == 1, "signal \(signal) should be blocked")
    }
    for signal in ThreadSignals.deliveredToEveryThread {
      #expect(sigismember(&blocked, signal) == 0, "signal \(signal) should be deliverable")
    }
    #expect(ThreadSignals.deliveredToEveryThread.contains(SIGSYS))
    #expect(ThreadSignals.deliveredToEveryThread.contains(SIGABRT))
  }
}
