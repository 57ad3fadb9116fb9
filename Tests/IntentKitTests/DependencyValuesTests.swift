import Synchronization
import Testing

@testable import IntentKit

private enum GreetingKey: DependencyKey {
  static let defaultValue = "hello"
}

private enum CounterKey: DependencyKey {
  static let defaultValue = 0
}

/// A key whose live value must not be used by tests.
private enum HomeKey: DependencyKey {
  static let defaultValue = "the user's home"
  static let testValue = "a test value"
}

extension DependencyValues {
  fileprivate var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }

  fileprivate var counter: Int {
    get { self[CounterKey.self] }
    set { self[CounterKey.self] = newValue }
  }
}

private struct Reader {
  @Dependency({ $0.greeting }) var greeting: String
}

@Suite("Dependencies and the intent context")
struct DependencyValuesTests {
  @Test("an unset key gives its default; a set key its value")
  func defaults() {
    var values = DependencyValues()
    #expect(values.greeting == "hello")
    #expect(values.counter == 0)
    values.greeting = "ahoj"
    #expect(values.greeting == "ahoj")
    #expect(values.counter == 0)
  }

  @Test("in a test process an unset key gives its test value; live dependencies the live one")
  func testValues() {
    #expect(DependencyValues.Context.current == .test)
    #expect(DependencyValues()[HomeKey.self] == "a test value")
    #expect(DependencyValues(context: .live)[HomeKey.self] == "the user's home")
    // A key without a test value gives its live value in tests too.
    #expect(DependencyValues()[GreetingKey.self] == "hello")
    var values = DependencyValues()
    values[HomeKey.self] = "set"
    #expect(values[HomeKey.self] == "set")
  }

  @Test("dependency values are values: a copy changes on its own")
  func valueSemantics() {
    var original = DependencyValues()
    original.counter = 1
    var copy = original
    copy.counter = 2
    #expect(original.counter == 1)
    #expect(copy.counter == 2)
  }

  @Test("@Dependency reads the running intent's context each time it is read")
  func dependencyWrapper() {
    let reader = Reader()
    #expect(reader.greeting == "hello")
    var values = DependencyValues()
    values.greeting = "bonjour"
    IntentContext.$current.withValue(IntentContext(dependencies: values)) {
      #expect(reader.greeting == "bonjour")
    }
    #expect(reader.greeting == "hello")
  }

  @Test("a context has defaults: no dependencies set, progress ignored, no step")
  func contextDefaults() {
    let context = IntentContext()
    #expect(context.stepID == nil)
    #expect(context.dependencies.greeting == "hello")
    #expect(IntentContext.current.stepID == nil)
    IntentContext.$current.withValue(IntentContext(stepID: "add")) {
      #expect(IntentContext.current.stepID == "add")
    }
  }

  @Test("the context reaches child tasks")
  func childTasks() async {
    var values = DependencyValues()
    values.greeting = "hej"
    await IntentContext.$current.withValue(IntentContext(dependencies: values)) {
      async let child = Reader().greeting
      #expect(await child == "hej")
    }
  }
}

@Suite("Progress reports")
struct ProgressReporterTests {
  @Test("updates reach the sink with what the intent said")
  func sink() {
    let seen = Mutex<[ProgressReporter.Update]>([])
    let reporter = ProgressReporter { update in seen.withLock { $0.append(update) } }
    reporter.update(completed: 1)
    reporter.update(completed: 2, total: 5, message: "Uploading part 2")
    #expect(
      seen.withLock { $0 }
        == [
          ProgressReporter.Update(completed: 1),
          ProgressReporter.Update(completed: 2, total: 5, message: "Uploading part 2"),
        ])
  }

  @Test("a chained reporter tells this one first, then the other")
  func then() {
    let order = Mutex<[String]>([])
    let first = ProgressReporter { update in
      order.withLock { $0.append("first \(update.completed)") }
    }
    let second = ProgressReporter { update in
      order.withLock { $0.append("second \(update.completed)") }
    }
    first.then(second).update(completed: 3)
    #expect(order.withLock { $0 } == ["first 3", "second 3"])
  }
}
