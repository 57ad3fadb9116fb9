import Testing

@testable import IntentKit

@Suite("Describing intents")
struct IntentDescriptorTests {
  let greet = IntentDescriptor(Greet.self)

  @Test("identifier, texts and output type come from the declaration")
  func texts() {
    #expect(greet.identifier == "test.greet")
    #expect(greet.title == "Greet Someone")
    #expect(greet.description == "Says hello.")
    #expect(greet.parameterSummary == "Greet {name} {times} times")
    #expect(greet.outputType == .text)
    #expect(!greet.isLongRunning)
  }

  @Test("parameters are found in declaration order, named after their properties")
  func parameters() {
    #expect(greet.parameters.map(\.name) == ["name", "times", "punctuation", "volume"])
    #expect(greet.parameters.map(\.title) == ["Name", "Times", "Punctuation", "Volume"])
    #expect(greet.parameters.map(\.type) == [.text, .integer, .text, .number])
    #expect(greet.parameters.map(\.isOptional) == [false, false, true, true])
    #expect(greet.parameters.map(\.defaultValue) == [nil, .integer(1), .text("!"), nil])
    #expect(greet.parameters.map(\.prompt) == ["Who should be greeted?", nil, nil, nil])
    #expect(greet.parameters.map(\.description) == ["Who to greet.", nil, nil, nil])
  }

  @Test("dependencies are not parameters")
  func dependenciesAreNotParameters() {
    #expect(IntentDescriptor(Bake.self).parameters.map(\.name) == ["mode"])
    #expect(IntentDescriptor(Wait.self).parameters.isEmpty)
  }

  @Test("only parameters without a value or a default are required")
  func required() {
    #expect(greet.parameters.map(\.isRequired) == [true, false, false, false])
  }

  @Test("the question is the declared prompt, or one made from the title")
  func question() {
    #expect(greet.parameter(named: "name")?.question == "Who should be greeted?")
    #expect(greet.parameter(named: "times")?.question == "Value for 'Times'?")
    #expect(IntentDescriptor(Order.self).parameter(named: "amount")?.question == "How many?")
  }

  @Test("the input parameter is the one marked as input; some intents have none")
  func inputParameter() {
    #expect(greet.inputParameter?.name == "name")
    #expect(IntentDescriptor(PackFruit.self).inputParameter == nil)
  }

  @Test("a parameter is found by name, and an unknown name finds none")
  func lookup() {
    #expect(greet.parameter(named: "volume")?.type == .number)
    #expect(greet.parameter(named: "Volume") == nil)
    #expect(greet.parameter(named: "_volume") == nil)
  }

  @Test("the summary names parameters by title, or by the values given")
  func summary() {
    #expect(greet.summary() == "Greet Name Times times")
    #expect(greet.summary(with: ["name": "Ada", "times": "3"]) == "Greet Ada 3 times")
    #expect(greet.summary(with: ["name": "Ada"]) == "Greet Ada Times times")
  }

  @Test("without a summary the title stands in; an unknown placeholder stays as written")
  func summaryFallbacks() {
    #expect(IntentDescriptor(Bare.self).summary() == "Bare")
    #expect(IntentDescriptor(Bare.self).description == "")
    #expect(IntentDescriptor(Bare.self).parameterSummary == nil)
    #expect(IntentDescriptor(Odd.self).summary() == "Say {what} to Name, then }{ {")
  }

  @Test("entity, list and no-value outputs have their types")
  func outputTypes() {
    #expect(IntentDescriptor(PickFruit.self).outputType == Fruit.valueType)
    #expect(IntentDescriptor(PackFruit.self).outputType == .list(Fruit.valueType))
    #expect(IntentDescriptor(Hum.self).outputType == .nothing)
    #expect(IntentDescriptor(Bare.self).outputType == .boolean)
  }

  @Test("long-running intents are recognised, cancellable ones are not taken for them")
  func longRunning() {
    #expect(IntentDescriptor(Upload.self).isLongRunning)
    #expect(!IntentDescriptor(Chatty.self).isLongRunning)
    #expect(!IntentDescriptor(Wait.self).isLongRunning)
  }

  @Test("every instance is fresh: values set on one do not reach the next")
  func freshInstances() throws {
    let first = greet.makeInstance()
    let second = greet.makeInstance()
    let slot = try #require(first.slots["times"])
    slot.value = .integer(9)
    #expect(second.slots["times"]?.value == nil)
    #expect(Set(first.slots.keys) == ["name", "times", "punctuation", "volume"])
  }

  @Test("instances made at once on many threads each get their own parameters, in order")
  func concurrentInstances() async {
    let greet = greet
    let instances = await withTaskGroup(of: [IntentInstance].self) { group in
      for _ in 0..<8 {
        group.addTask { (0..<200).map { _ in greet.makeInstance() } }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(instances.count == 1_600)
    #expect(
      instances.allSatisfy { $0.slotList.map(\.metadata.title) == greet.parameters.map(\.title) })
    let slots = instances.flatMap(\.slotList).map(ObjectIdentifier.init)
    #expect(Set(slots).count == 1_600 * greet.parameters.count)
  }

  @Test("an intent created outside the engine hands its parameters to no instance")
  func outsideTheEngine() {
    let made = greet.makeInstance()
    _ = Greet()
    #expect(made.slotList.count == greet.parameters.count)
    #expect(greet.makeInstance().slotList.count == greet.parameters.count)
  }

  @Test("only cancellable intents get a cancellation handler")
  func cancelHandlers() {
    #expect(IntentDescriptor(Wait.self).makeInstance().onCancel != nil)
    #expect(greet.makeInstance().onCancel == nil)
  }

  @Test("a parameter-like descriptor for workflow inputs is never an input parameter")
  func publicInit() {
    let input = ParameterDescriptor(
      name: "title", title: "Title", description: "The todo's title.", type: .text,
      isOptional: false, defaultValue: .text("Buy bread"), prompt: "Title?")
    #expect(!input.isInput)
    #expect(!input.isRequired)
    #expect(input.question == "Title?")
    #expect(input.description == "The todo's title.")
  }
}

/// A summary with a placeholder that is not a parameter and stray braces.
struct Odd: AppIntent {
  static let identifier: IntentIdentifier = "test.odd"
  static let title = "Odd"
  static let parameterSummary: String? = "Say {what} to {name}, then }{ {"

  @Parameter(title: "Name") var name: String = "you"

  func perform() async throws -> IntentResult<NoValue> { .result() }
}
