@_spi(Reflection) import Swift
import Testing

@testable import IntentKit

@Suite("Finding an intent's parameters and refinements without casts")
struct ParameterFieldsTests {
  @Test("parameters between other stored properties are named in declaration order")
  func mixedProperties() {
    let descriptor = IntentDescriptor(Mixed.self)
    #expect(descriptor.parameters.map(\.name) == ["first", "second", "third"])
    #expect(descriptor.parameters.map(\.title) == ["First", "Second", "Third"])
    #expect(descriptor.parameters.map(\.type) == [.boolean, .text, .integer])
    let instance = descriptor.makeInstance()
    #expect(instance.slotList.map(\.metadata.title) == ["First", "Second", "Third"])
  }

  @Test(
    "the field records name the same parameters, in the same order, as Mirror does",
    .enabled(if: ParameterFields.layoutIsKnown))
  func agreesWithMirror() {
    let (intent, slots) = SlotCollector.make(Greet.self)
    let mirrored = Mirror(reflecting: intent).children.compactMap { child -> String? in
      guard child.value is any ParameterProtocol, let label = child.label else { return nil }
      return String(label.dropFirst())
    }
    #expect(ParameterFields.names(of: intent, holding: slots) == mirrored)
    #expect(mirrored == ["name", "times", "punctuation", "volume"])
  }

  // The check that the layout read is this platform's: if a Swift release changes it, this
  // fails (and the descriptor would fall back to Mirror, slower but correct).
  @Test(
    "stored properties are named and placed as the standard library's reflection says",
    .enabled(if: ParameterFields.layoutIsKnown))
  func agreesWithTheStandardLibrary() throws {
    for type in [Mixed.self, Greet.self, Reversed.self, Careful.self] as [any AppIntent.Type] {
      var expected: [String] = []
      _ = _forEachField(of: type) { name, offset, _, _ in
        expected.append("\(String(cString: name))@\(offset)")
        return true
      }
      let read = try #require(ParameterFields.storedProperties(of: type))
      #expect(read.map { "\($0.name)@\($0.offset)" } == expected)
    }
    #expect(ParameterFields.storedProperties(of: ClassIntent.self) == nil)
    #expect(ParameterFields.storedProperties(of: Int?.self) == nil)
  }

  @Test(
    "where the layout is not known nothing is read",
    .enabled(if: !ParameterFields.layoutIsKnown))
  func unknownLayout() {
    #expect(ParameterFields.storedProperties(of: Mixed.self) == nil)
    let (intent, slots) = SlotCollector.make(Greet.self)
    #expect(ParameterFields.names(of: intent, holding: slots) == nil)
  }

  @Test(
    "named with Mirror, as where the layout is not known, an intent is described and run alike",
    arguments: [
      Mixed.self, Greet.self, Reversed.self, ClassIntent.self, Careful.self,
    ] as [any AppIntent.Type])
  func mirrorFallback(type: any AppIntent.Type) {
    let fast = IntentDescriptor(type)
    let mirrored = IntentDescriptor(type, readingFieldRecords: false)
    #expect(mirrored.parameters.map(\.name) == fast.parameters.map(\.name))
    #expect(mirrored.parameters.map(\.title) == fast.parameters.map(\.title))
    #expect(mirrored.parameters.map(\.type) == fast.parameters.map(\.type))
    #expect(mirrored.inputParameter?.name == fast.inputParameter?.name)
    let instance = mirrored.makeInstance()
    #expect(instance.slotList.map(\.metadata.title) == fast.parameters.map(\.title))
  }

  @Test("named with Mirror, each step's instance gets the step's own values")
  func mirrorFallbackRuns() async throws {
    let descriptor = IntentDescriptor(Greet.self, readingFieldRecords: false)
    #expect(descriptor.parameters.map(\.name) == ["name", "times", "punctuation", "volume"])
    let first = try await IntentInvocation(
      descriptor, arguments: ["name": .text("Ann"), "times": .integer(2)]
    ).run()
    let second = try await IntentInvocation(
      descriptor, arguments: ["name": .text("Bob"), "punctuation": .text("?")]
    ).run()
    #expect(first.output == .text("Hello, Ann! Hello, Ann!"))
    #expect(second.output == .text("Hello, Bob?"))
  }

  @Test(
    "parameters made out of declaration order, or by a class, are still found and filled",
    arguments: [IntentDescriptor(Reversed.self), IntentDescriptor(ClassIntent.self)])
  func unusualShapes(descriptor: IntentDescriptor) throws {
    #expect(descriptor.parameters.map(\.name) == ["first", "second"])
    #expect(descriptor.parameters.map(\.title) == ["First", "Second"])
    let instance = descriptor.makeInstance()
    #expect(instance.slotList.map(\.metadata.title) == ["First", "Second"])
    let (intent, slots) = SlotCollector.make(Reversed.self)
    #expect(ParameterFields.names(of: intent, holding: slots) == nil)
  }

  @Test("each refinement an intent adopts is told, alone or combined")
  func refinements() {
    let upload = IntentDescriptor(Upload.self)  // long-running and cancellable
    #expect(upload.isLongRunning && !upload.performsInline && !upload.asksForConfirmation)
    let careful = IntentDescriptor(Careful.self)
    #expect(careful.asksForConfirmation)
    #expect(careful.confirmationParameter == "ask")
    #expect(careful.literalParameters == ["command": "it runs as written"])
    #expect(careful.performsInline && !careful.isLongRunning)
    let greet = IntentDescriptor(Greet.self)
    #expect(!greet.asksForConfirmation && greet.confirmationParameter == nil)
    #expect(greet.literalParameters.isEmpty && !greet.performsInline)
  }
}

/// Parameters with other stored properties around them.
private struct Mixed: AppIntent {
  static let identifier: IntentIdentifier = "test.mixed"
  static let title = "Mixed"

  let flag = true
  @Parameter(title: "First") var first: Bool
  let count: Int8 = 3
  @Parameter(title: "Second") var second: String
  let label = "not a parameter"
  @Parameter(title: "Third") var third: Int

  func perform() async throws -> IntentResult<NoValue> { .result() }
}

/// Makes its parameters in the opposite order of their declaration.
private struct Reversed: AppIntent {
  static let identifier: IntentIdentifier = "test.reversed"
  static let title = "Reversed"

  @Parameter<String> var first: String
  @Parameter<String> var second: String

  init() {
    _second = Parameter(title: "Second")
    _first = Parameter(title: "First")
  }

  func perform() async throws -> IntentResult<String> { .result(value: first + second) }
}

/// An intent that is a class. `@unchecked Sendable`: a property wrapper's storage is a `var`,
/// but it is never reassigned after `init()`, and the slots it refers to have their own lock.
private final class ClassIntent: AppIntent, @unchecked Sendable {
  static let identifier: IntentIdentifier = "test.class"
  static let title = "Class"

  @Parameter(title: "First") var first: String
  @Parameter(title: "Second") var second: String

  init() {}

  func perform() async throws -> IntentResult<String> { .result(value: first + second) }
}

/// Confirms unless told not to, takes a literal parameter, and never suspends.
private struct Careful: ConfirmingIntent, LiteralParameters, NonSuspendingIntent {
  static let identifier: IntentIdentifier = "test.careful"
  static let title = "Careful"
  static let confirmationParameter: String? = "ask"
  static let literalParameters = ["command": "it runs as written"]

  @Parameter(title: "Command") var command: String
  @Parameter(title: "Ask") var ask: Bool = true

  func perform() async throws -> IntentResult<NoValue> { .result() }
}
