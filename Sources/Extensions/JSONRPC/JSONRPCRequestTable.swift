import IntentKit
import Races
import StrictJSON

/// The connection's requests that wait for a reply, by id.
///
/// Each request gets the next id and a ``OneShot`` that its reply, its cancellation or the
/// connection's failure decides, whichever comes first. The table itself never blocks: it is
/// kept under the connection's lock, and the shots it hands out are resolved after the lock
/// is released.
struct JSONRPCRequestTable: Sendable {
  /// How a request ends: its reply's result, or why there is none.
  typealias Outcome = Result<JSONValue, any Error>

  struct Entry: Sendable {
    let reply: OneShot<Outcome>
    let progress: (@Sendable (JSONValue) -> Void)?
    /// The step's log, for what the extension logs while the request is outstanding.
    let log: StepLog?
  }

  /// What became of a reply that came in.
  enum Delivery {
    /// Its request was waiting: resolve this shot.
    case waiting(OneShot<Outcome>)
    /// Its request was cancelled before the reply came: drop it.
    case late
    /// No request has this id: the extension broke the protocol.
    case unknown
  }

  private var nextID = 1
  private var open: [Int: Entry] = [:]
  /// Ids of requests cancelled while outstanding, whose reply may still come; the oldest are
  /// forgotten past ``cancelledMemory`` (an extension should not answer a cancelled request).
  private var cancelled: Set<Int> = []
  private static let cancelledMemory = 4_096
  /// Why the connection broke, once it has: every request from then on fails with it.
  private(set) var failure: ExtensionError?

  /// How many requests wait for their reply.
  var outstanding: Int { open.count }

  /// Opens a request: its id and the shot its outcome will decide.
  ///
  /// - Throws: The connection's failure, when it has broken.
  mutating func open(
    progress: (@Sendable (JSONValue) -> Void)?, log: StepLog? = nil
  ) throws(ExtensionError) -> (id: Int, reply: OneShot<Outcome>) {
    if let failure { throw failure }
    let id = nextID
    nextID += 1
    let reply = OneShot<Outcome>()
    open[id] = Entry(reply: reply, progress: progress, log: log)
    return (id, reply)
  }

  /// Takes the request a reply is for out of the table.
  mutating func deliver(_ id: Int) -> Delivery {
    if let entry = open.removeValue(forKey: id) { return .waiting(entry.reply) }
    return cancelled.remove(id) != nil ? .late : .unknown
  }

  /// Withdraws a request whose caller stopped waiting, and returns whether it was still
  /// outstanding (the extension should then be told, by `notifications/cancelled`).
  mutating func withdraw(_ id: Int) -> Bool {
    guard open.removeValue(forKey: id) != nil else { return false }
    if cancelled.count >= Self.cancelledMemory, let oldest = cancelled.min() {
      cancelled.remove(oldest)
    }
    cancelled.insert(id)
    return true
  }

  /// The progress handler of request `id`, while it is outstanding.
  func progress(for id: Int) -> (@Sendable (JSONValue) -> Void)? { open[id]?.progress }

  /// The logs of the steps whose requests are outstanding: where the extension's log lines
  /// go (an extension's log is not tied to a request; with one outstanding, as usual, the
  /// lines are that step's).
  var logs: [StepLog] { open.values.compactMap(\.log) }

  /// Records the connection's failure (the first one counts) and empties the table: the
  /// shots returned are to be resolved with ``failure``.
  mutating func fail(_ error: ExtensionError) -> [OneShot<Outcome>] {
    if failure == nil { failure = error }
    defer { open = [:] }
    return open.values.map(\.reply)
  }
}
