import Foundation
import IntentKit
import TestSupport

// Small intents for the engine's tests. Each records what it does in the run's ``Recorder``,
// so a test can tell exactly which steps performed (and which did not).

/// Something in a shop list: the entity the resolution tests look up.
struct Item: AppEntity, Hashable {
  static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Item")
  static var defaultQuery: ItemQuery { ItemQuery() }
  static var properties: EntityProperties<Item> {
    EntityProperties(
      .init("title") { $0.title }, .init("price") { $0.price }, .init("tags") { $0.tags })
  }

  var id: String
  var title: String
  var price: Int
  var tags: [String]

  var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: title) }

  /// The fixed list every query searches.
  static let all = [
    Item(id: "i1", title: "Buy milk", price: 2, tags: ["dairy"]),
    Item(id: "i2", title: "Buy milk powder", price: 9, tags: ["dairy", "baby"]),
    Item(id: "i3", title: "Call mom", price: 0, tags: []),
    Item(id: "i4", title: "Bread", price: 3, tags: ["bakery"]),
  ]

  static func named(_ title: String) -> Item? { all.first { $0.title == title } }
}

/// Looks items up in ``Item/all``; text matching is the protocol's default (title contains
/// the text, a single exact title wins).
struct ItemQuery: EntityQuery {
  @Dependency({ $0.recorder }) var recorder: Recorder

  func entities(for identifiers: [String]) async throws -> [Item] {
    recorder.record("lookup \(identifiers.joined(separator: ","))")
    return Item.all.filter { identifiers.contains($0.id) }
  }

  func suggestedEntities() async throws -> [Item] { Item.all }
}

/// A second kind of entity, for type mismatches between entities.
struct Gadget: AppEntity {
  static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Gadget")
  static var defaultQuery: GadgetQuery { GadgetQuery() }
  var id: String
  var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "gadget \(id)") }
}

struct GadgetQuery: EntityQuery {
  func entities(for identifiers: [String]) async throws -> [Gadget] {
    identifiers.map { Gadget(id: $0) }
  }
}

/// `test.echo`: returns its text.
struct Echo: AppIntent {
  static let identifier: IntentIdentifier = "test.echo"
  static let title = "Echo"
  @Parameter(title: "Text", isInput: true) var text: String
  @Dependency({ $0.recorder }) var recorder: Recorder

  func perform() async throws -> IntentResult<String> {
    recorder.record("echo \(text)")
    return .result(value: text, dialog: "Echoed '\(text)'.")
  }
}

/// `test.note`: an optional parameter and one with a default.
struct Note: AppIntent {
  static let identifier: IntentIdentifier = "test.note"
  static let title = "Note"
  @Parameter(title: "Text", isInput: true) var text: String
  @Parameter(title: "Comment") var comment: String?
  @Parameter(title: "Times", default: 1) var times: Int

  func perform() async throws -> IntentResult<String> {
    let line = Array(repeating: text, count: times).joined(separator: " ")
    return .result(value: comment.map { "\(line) (\($0))" } ?? line)
  }
}

/// `math.add`: adds two whole numbers.
struct AddNumbers: AppIntent {
  static let identifier: IntentIdentifier = "math.add"
  static let title = "Add Numbers"
  @Parameter(title: "First", isInput: true) var a: Int
  @Parameter(title: "Second", default: 1) var b: Int

  func perform() async throws -> IntentResult<Int> { .result(value: a + b) }
}

/// `test.words`: splits text into a list of words.
struct Words: AppIntent {
  static let identifier: IntentIdentifier = "test.words"
  static let title = "Split Words"
  @Parameter(title: "Text", isInput: true) var text: String

  func perform() async throws -> IntentResult<[String]> {
    .result(value: text.split(separator: " ").map(String.init))
  }
}

/// `test.when`: returns its date.
struct When: AppIntent {
  static let identifier: IntentIdentifier = "test.when"
  static let title = "When"
  @Parameter(title: "Date", isInput: true) var date: Date

  func perform() async throws -> IntentResult<Date> { .result(value: date) }
}

/// `test.clock`: the time, as intents read it from the run's environment.
struct ReadClock: AppIntent {
  static let identifier: IntentIdentifier = "test.clock"
  static let title = "Read the Clock"
  @Dependency({ $0.runEnvironment }) var environment: RunEnvironment

  func perform() async throws -> IntentResult<Date> { .result(value: environment.clock.now()) }
}

/// `test.nothing`: returns no value.
struct Nothing: AppIntent {
  static let identifier: IntentIdentifier = "test.nothing"
  static let title = "Do Nothing"
  @Dependency({ $0.recorder }) var recorder: Recorder

  func perform() async throws -> IntentResult<NoValue> {
    recorder.record("nothing")
    return .result(dialog: "Did nothing.")
  }
}

/// `test.fail`: always throws.
struct Fail: AppIntent {
  static let identifier: IntentIdentifier = "test.fail"
  static let title = "Fail"
  @Parameter(title: "Message", default: "the disk is full") var message: String
  @Dependency({ $0.recorder }) var recorder: Recorder

  func perform() async throws -> IntentResult<String> {
    recorder.record("fail")
    throw IntentError(message)
  }
}

extension Recorder {
  /// One attempt of ``Flaky`` or ``QuickFlaky``: records it, and fails the first `failures`.
  func flakyAttempt(failing failures: Int) throws -> IntentResult<String> {
    record("flaky attempt")
    let attempt = count(startingWith: "flaky attempt")
    if attempt <= failures { throw IntentError("attempt \(attempt) failed") }
    return .result(value: "succeeded on attempt \(attempt)")
  }
}

/// `test.flaky`: fails its first `failures` attempts in a run, then succeeds.
struct Flaky: AppIntent {
  static let identifier: IntentIdentifier = "test.flaky"
  static let title = "Flaky"
  @Parameter(title: "Failures") var failures: Int
  @Dependency({ $0.recorder }) var recorder: Recorder

  func perform() async throws -> IntentResult<String> {
    try recorder.flakyAttempt(failing: failures)
  }
}

/// `test.quickFlaky`: ``Flaky`` declared non-suspending, so the engine performs it inline.
struct QuickFlaky: NonSuspendingIntent {
  static let identifier: IntentIdentifier = "test.quickFlaky"
  static let title = "Quick Flaky"
  @Parameter(title: "Failures") var failures: Int
  @Dependency({ $0.recorder }) var recorder: Recorder

  func perform() async throws -> IntentResult<String> {
    try recorder.flakyAttempt(failing: failures)
  }
}

/// `test.nap`: sleeps for an hour unless cancelled, and records why it was cancelled.
struct Nap: CancellableIntent {
  static let identifier: IntentIdentifier = "test.nap"
  static let title = "Nap"
  @Dependency({ $0.recorder }) var recorder: Recorder

  func perform() async throws -> IntentResult<String> {
    recorder.record("nap started")
    try await untilCancelled()
    recorder.record("nap finished")
    return .result(value: "rested")
  }

  func onCancel(reason: CancellationReason) async {
    recorder.record("cancelled: \(reason)")
  }
}

/// Uploads `parts` parts, waiting at the run's ``Turnstile`` before each and reporting
/// progress after it.
private func upload(parts: Int, progress: ProgressReporter) async throws -> String {
  let dependencies = IntentContext.current.dependencies
  let (recorder, turnstile) = (dependencies.recorder, dependencies.turnstile)
  for part in 1...max(1, parts) {
    try await turnstile.pass()
    progress.update(completed: part, total: parts, message: "part \(part)")
    recorder.record("part \(part)")
  }
  return "uploaded \(parts) parts"
}

/// `test.upload`: a long-running intent: its timeout restarts with every progress report.
struct Upload: LongRunningIntent, CancellableIntent {
  static let identifier: IntentIdentifier = "test.upload"
  static let title = "Upload"
  @Parameter(title: "Parts", default: 3) var parts: Int
  @Dependency({ $0.recorder }) var recorder: Recorder

  func perform() async throws -> IntentResult<String> {
    .result(value: try await upload(parts: parts, progress: progress))
  }

  func onCancel(reason: CancellationReason) async {
    recorder.record("cancelled: \(reason)")
  }
}

/// `test.report`: reports progress like ``Upload`` but is not long-running, so progress does
/// not extend its timeout.
struct Report: CancellableIntent {
  static let identifier: IntentIdentifier = "test.report"
  static let title = "Report"
  @Parameter(title: "Parts", default: 3) var parts: Int
  @Dependency({ $0.recorder }) var recorder: Recorder

  func perform() async throws -> IntentResult<String> {
    .result(value: try await upload(parts: parts, progress: IntentContext.current.progress))
  }

  func onCancel(reason: CancellationReason) async {
    recorder.record("cancelled: \(reason)")
  }
}

/// `test.stubborn`: confirms only once the run is cancelled, ignoring the cancellation,
/// then performs; for cancellation that arrives between confirm and perform.
struct Stubborn: CancellableIntent {
  static let identifier: IntentIdentifier = "test.stubborn"
  static let title = "Stubborn"
  @Dependency({ $0.recorder }) var recorder: Recorder

  func confirm() async throws -> ConfirmationResult {
    recorder.record("confirming")
    // Waits for the cancellation, then carries on as if it had not come.
    try? await untilCancelled()
    return .ready
  }

  func perform() async throws -> IntentResult<String> {
    recorder.record("stubborn performed")
    return .result(value: "done")
  }

  func onCancel(reason: CancellationReason) async {
    recorder.record("cancelled: \(reason)")
  }
}

/// `items.find`: the items whose title contains the query (all without one).
struct FindItems: AppIntent {
  static let identifier: IntentIdentifier = "items.find"
  static let title = "Find Items"
  @Parameter(title: "Query") var query: String?

  func perform() async throws -> IntentResult<[Item]> {
    let needle = query?.lowercased() ?? ""
    return .result(
      value: Item.all.filter { needle.isEmpty || $0.title.lowercased().contains(needle) })
  }
}

/// `items.show`: returns the item it was given, recording which one.
struct ShowItem: AppIntent {
  static let identifier: IntentIdentifier = "items.show"
  static let title = "Show Item"
  @Parameter(title: "Item", requestValueDialog: "Which item?", isInput: true) var item: Item
  @Dependency({ $0.recorder }) var recorder: Recorder

  func perform() async throws -> IntentResult<Item> {
    recorder.record("show \(item.title)")
    return .result(value: item)
  }
}

/// `items.total`: adds up the prices of a list of items.
struct TotalPrice: AppIntent {
  static let identifier: IntentIdentifier = "items.total"
  static let title = "Total Price"
  @Parameter(title: "Items", isInput: true) var items: [Item]

  func perform() async throws -> IntentResult<Int> {
    .result(value: items.reduce(0) { $0 + $1.price })
  }
}

/// `items.delete`: asks the user to confirm before it deletes.
struct DeleteItem: AppIntent {
  static let identifier: IntentIdentifier = "items.delete"
  static let title = "Delete Item"
  @Parameter(title: "Item", isInput: true) var item: Item
  @Dependency({ $0.recorder }) var recorder: Recorder

  func confirm() async throws -> ConfirmationResult {
    .needsUserConfirmation(prompt: "Delete '\(item.title)'?")
  }

  func perform() async throws -> IntentResult<String> {
    recorder.record("delete \(item.title)")
    return .result(value: "deleted \(item.title)")
  }
}

/// `test.refuse`: its confirm phase always refuses.
struct Refuse: AppIntent {
  static let identifier: IntentIdentifier = "test.refuse"
  static let title = "Refuse"
  @Dependency({ $0.recorder }) var recorder: Recorder

  func confirm() async throws -> ConfirmationResult { .failure(reason: "the item is locked") }

  func perform() async throws -> IntentResult<String> {
    recorder.record("refuse performed")
    return .result(value: "unreachable")
  }
}

/// `test.title`: a `resolve:` rule rejects titles over 10 characters.
struct ShortTitle: AppIntent {
  static let identifier: IntentIdentifier = "test.title"
  static let title = "Short Title"
  @Parameter(
    title: "Title", isInput: true,
    resolve: { title in
      title.count > 10
        ? .unsupported(reason: "the title is too long (\(title.count) characters; at most 10)")
        : .success(title)
    })
  var title: String
  @Dependency({ $0.recorder }) var recorder: Recorder

  func perform() async throws -> IntentResult<String> {
    recorder.record("title \(title)")
    return .result(value: title)
  }
}

/// `test.spend`: a `resolve:` rule asks to confirm amounts over 100.
struct Spend: AppIntent {
  static let identifier: IntentIdentifier = "test.spend"
  static let title = "Spend"
  @Parameter(
    title: "Amount",
    resolve: { amount in
      amount > 100
        ? .confirmationRequired(amount, prompt: "Really spend \(amount)?") : .success(amount)
    })
  var amount: Int
  @Dependency({ $0.recorder }) var recorder: Recorder

  func perform() async throws -> IntentResult<Int> {
    recorder.record("spend \(amount)")
    return .result(value: amount)
  }
}

/// `gadgets.make`: returns a ``Gadget``.
struct MakeGadget: AppIntent {
  static let identifier: IntentIdentifier = "gadgets.make"
  static let title = "Make Gadget"

  func perform() async throws -> IntentResult<Gadget> { .result(value: Gadget(id: "g1")) }
}

/// `test.thread`: records which thread performed it, as `thread N` (`pthread_self()`).
struct WhichThread: AppIntent {
  static let identifier: IntentIdentifier = "test.thread"
  static let title = "Which Thread"
  @Dependency({ $0.recorder }) var recorder: Recorder

  func perform() async throws -> IntentResult<NoValue> {
    recorder.record("thread \(currentThreadID())")
    return .result()
  }
}

/// Every test intent.
enum TestIntents {
  static let all: [any AppIntent.Type] = [
    Echo.self, Note.self, AddNumbers.self, Words.self, When.self, Nothing.self, Fail.self,
    Flaky.self, Nap.self, Upload.self, Report.self, Stubborn.self, FindItems.self, ShowItem.self,
    TotalPrice.self, DeleteItem.self, Refuse.self, ShortTitle.self, Spend.self, MakeGadget.self,
    QuickFlaky.self, WhichThread.self, ReadClock.self,
  ]

  static let registry = IntentRegistry(all)
}
