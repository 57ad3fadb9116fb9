import Dispatch
import Synchronization

/// Runs one task, and the child tasks that inherit its preference, on the thread that calls
/// ``run(_:)``, which waits until the task ends.
///
/// `intentflow` runs each command this way on its main thread. The runner is started once per
/// cron firing, and a run whose steps never suspend does all its work in one task: on the
/// global executor that task took a thread of Dispatch's pool, which started Dispatch's
/// manager thread and a second worker, three threads (0.3–0.7 ms of CPU) to run one sequence
/// of calls while the main thread slept.
///
/// A task's preference (SE-0417) is inherited by its child tasks, not by unstructured tasks,
/// so an intent's `Task.immediate` in `Deadline` still continues on the global executor once
/// it suspends, and a command hands the executor on to the unstructured tasks it starts
/// (`CLIContext.taskExecutor`); a loop that wants its passes on several processors asks for
/// the global executor (`Executor+ForEach.swift`). Work here must not block the thread while
/// it waits for another job of this executor: the blocking waits of a run (child processes,
/// transfers, extensions, the terminal) are on threads of their own.
package final class CallingThreadExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked: `DispatchSemaphore` is thread-safe but not annotated `Sendable` on Linux; the
  // queue is behind a `Mutex`.
  private let queue = Mutex<Queue>(Queue())
  private let wakeUp = DispatchSemaphore(value: 0)

  private struct Queue {
    var jobs: [UnownedJob] = []
    var finished = false
  }

  private init() {}

  /// Runs `operation` in a task whose jobs run on the calling thread, and returns its result
  /// once it has ended and every job enqueued here by then has run. A job enqueued later is
  /// never run: whatever `operation` starts on the executor must end before it does.
  ///
  /// - Parameter operation: The work; it is given the executor, for the unstructured tasks it
  ///   starts (which do not inherit it).
  /// - Returns: What `operation` returns.
  package static func run<Result: Sendable>(
    _ operation: sending @escaping (any TaskExecutor) async -> Result
  ) -> Result {
    let executor = CallingThreadExecutor()
    let result = Mutex<Result?>(nil)
    // The task is not left behind: this function returns only after the task has ended.
    Task(executorPreference: executor) {
      let value = await operation(executor)
      result.withLock { $0 = value }
      executor.finish()
    }
    executor.runJobs()
    guard let value = result.withLock({ $0 }) else {
      preconditionFailure("the task finished without storing its result")
    }
    return value
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.withLock { $0.jobs.append(job) }
    wakeUp.signal()
  }

  private func finish() {
    queue.withLock { $0.finished = true }
    wakeUp.signal()
  }

  /// Runs jobs in the order they came until the task has finished and nothing is left.
  private func runJobs() {
    let executor = asUnownedTaskExecutor()
    var batch: [UnownedJob] = []
    while true {
      wakeUp.wait()
      batch.removeAll(keepingCapacity: true)
      let finished = queue.withLock { queue in
        swap(&batch, &queue.jobs)
        return queue.finished
      }
      for job in batch { job.runSynchronously(on: executor) }
      if finished && queue.withLock({ $0.jobs.isEmpty }) { return }
    }
  }
}
