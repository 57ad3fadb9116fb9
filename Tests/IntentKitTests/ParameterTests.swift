import Foundation
import Testing

@testable import IntentKit

@Suite("Declaring parameters")
struct ParameterTests {
  @Test("the declaration's metadata is kept as written")
  func metadata() {
    let greet = Greet()
    let name = greet.$name.metadata
    #expect(name.title == "Name")
    #expect(name.description == "Who to greet.")
    #expect(name.type == .text)
    #expect(!name.isOptional)
    #expect(name.defaultValue == nil)
    #expect(name.prompt == "Who should be greeted?")
    #expect(name.isInput)
  }

  @Test("a default written as the initial value is the parameter's default")
  func initialValueIsDefault() {
    let times = Greet().$times.metadata
    #expect(times.defaultValue == .integer(1))
    #expect(!times.isOptional)
    #expect(times.prompt == nil)
    #expect(!times.isInput)
    #expect(times.description == nil)
  }

  @Test("an Optional type makes the parameter optional, with or without a default")
  func optionals() {
    let greet = Greet()
    #expect(greet.$punctuation.metadata.isOptional)
    #expect(greet.$punctuation.metadata.type == .text)
    #expect(greet.$punctuation.metadata.defaultValue == .text("!"))
    #expect(greet.$volume.metadata.isOptional)
    #expect(greet.$volume.metadata.type == .number)
    #expect(greet.$volume.metadata.defaultValue == nil)
  }

  @Test("entity and list parameters take their types from the Swift types")
  func entityTypes() {
    let pack = PackFruit()
    #expect(pack.$fruits.metadata.type == .list(Fruit.valueType))
    #expect(pack.$extra.metadata.type == Fruit.valueType)
    #expect(pack.$extra.metadata.isOptional)
  }

  @Test("reading a parameter gives its value, else its default, else none for an optional")
  func wrappedValue() {
    let greet = Greet()
    #expect(greet.times == 1)
    #expect(greet.punctuation == "!")
    #expect(greet.volume == nil)
    greet.times = 3
    greet.name = "Ada"
    greet.volume = 0.5
    #expect(greet.times == 3)
    #expect(greet.name == "Ada")
    #expect(greet.volume == 0.5)
  }

  @Test("a value set on an optional replaces its default, and nil clears it")
  func optionalWithDefault() {
    let greet = Greet()
    greet.punctuation = "?"
    #expect(greet.punctuation == "?")
    greet.punctuation = nil
    #expect(greet.punctuation == nil)
  }

  @Test("each instance has its own values; copies of one instance share them")
  func boxes() {
    let first = Greet()
    let second = Greet()
    first.times = 5
    #expect(second.times == 1)
    let copy = first
    copy.times = 7
    #expect(first.times == 7)
  }

  @Test("the resolve rule runs on the typed value and its outcome is kept")
  func resolveRule() async throws {
    let order = Order()
    let resolver = try #require(order.$amount.slot.resolver)
    guard case .success(let value) = try await resolver(.integer(5)) else {
      Issue.record("5 should resolve")
      return
    }
    #expect(value == .integer(5))
    guard case .unsupported(let reason) = try await resolver(.integer(-1)) else {
      Issue.record("-1 should be unsupported")
      return
    }
    #expect(reason == "the amount cannot be negative")
    guard case .disambiguation(let options, let prompt) = try await resolver(.integer(13)) else {
      Issue.record("13 should ask to choose")
      return
    }
    #expect(options == [.integer(12), .integer(14)])
    #expect(prompt == "12 or 14?")
    await #expect(throws: IntentError("the scale broke")) { try await resolver(.integer(666)) }
  }

  @Test("a value of another shape passes the rule untouched")
  func resolveRuleOtherShape() async throws {
    let resolver = try #require(Order().$amount.slot.resolver)
    guard case .success(let value) = try await resolver(.text("five")) else {
      Issue.record("text should pass through")
      return
    }
    #expect(value == .text("five"))
  }

  @Test("parameters without a rule have no resolver")
  func noRule() {
    #expect(Greet().$name.slot.resolver == nil)
  }

  @Test("mapping an outcome transforms its values and keeps its prompts")
  func mapResolution() {
    let doubled = ParameterResolution<Int>.confirmationRequired(2, prompt: "Sure?").map { $0 * 2 }
    guard case .confirmationRequired(4, "Sure?") = doubled else {
      Issue.record("got \(doubled)")
      return
    }
    guard
      case .disambiguation(["1", "2"], nil) = ParameterResolution.disambiguation([1, 2]).map(
        String.init)
    else {
      Issue.record("disambiguation lost its values")
      return
    }
    guard
      case .needsValue("Again?") = ParameterResolution<Int>.needsValue(prompt: "Again?").map(
        String.init)
    else {
      Issue.record("needsValue lost its prompt")
      return
    }
    guard
      case .unsupported("no") = ParameterResolution<Int>.unsupported(reason: "no").map(String.init)
    else {
      Issue.record("unsupported lost its reason")
      return
    }
  }
}
