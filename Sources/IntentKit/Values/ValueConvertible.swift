#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A Swift type that intents use for parameters, outputs and entity properties.
///
/// The engine moves ``Value``s; a conforming type says which ``ValueType`` it is and how to
/// convert in both directions. `init(intentValue:)` receives a value already coerced to
/// ``valueType``, so it only unwraps.
public protocol ValueConvertible: Sendable {
  /// The engine type of this Swift type.
  static var valueType: ValueType { get }
  /// Whether `nil` is a valid value (only `Optional` says yes).
  static var isOptionalType: Bool { get }
  /// How `describe`, the references and the schema name the type, when ``valueType`` says
  /// less than the Swift type does (`EntityCollection of Photo`, not `list`); `nil` for most.
  static var typeName: String? { get }
  /// This value as an engine value.
  var intentValue: Value { get }
  /// Unwraps an engine value of ``valueType``; `nil` if it has another shape.
  init?(intentValue: Value)
}

extension ValueConvertible {
  public static var isOptionalType: Bool { false }
  public static var typeName: String? { nil }
}

extension String: ValueConvertible {
  public static var valueType: ValueType { .text }
  public var intentValue: Value { .text(self) }
  public init?(intentValue: Value) {
    guard case .text(let text) = intentValue else { return nil }
    self = text
  }
}

extension Int: ValueConvertible {
  public static var valueType: ValueType { .integer }
  public var intentValue: Value { .integer(self) }
  public init?(intentValue: Value) {
    guard case .integer(let value) = intentValue else { return nil }
    self = value
  }
}

extension Double: ValueConvertible {
  public static var valueType: ValueType { .number }
  public var intentValue: Value { .number(self) }
  public init?(intentValue: Value) {
    switch intentValue {
    case .number(let value): self = value
    case .integer(let value): self = Double(value)
    default: return nil
    }
  }
}

extension Bool: ValueConvertible {
  public static var valueType: ValueType { .boolean }
  public var intentValue: Value { .boolean(self) }
  public init?(intentValue: Value) {
    guard case .boolean(let value) = intentValue else { return nil }
    self = value
  }
}

extension Date: ValueConvertible {
  public static var valueType: ValueType { .date }
  public var intentValue: Value { .date(self) }
  public init?(intentValue: Value) {
    guard case .date(let value) = intentValue else { return nil }
    self = value
  }
}

extension Duration: ValueConvertible {
  public static var valueType: ValueType { .duration }
  public var intentValue: Value { .duration(self) }
  public init?(intentValue: Value) {
    guard case .duration(let value) = intentValue else { return nil }
    self = value
  }
}

extension URL: ValueConvertible {
  public static var valueType: ValueType { .url }
  public var intentValue: Value { .url(self) }
  public init?(intentValue: Value) {
    guard case .url(let value) = intentValue else { return nil }
    self = value
  }
}

extension Value: ValueConvertible {
  public static var valueType: ValueType { .any }
  public var intentValue: Value { self }
  public init?(intentValue: Value) { self = intentValue }
}

extension Array: ValueConvertible where Element: ValueConvertible {
  public static var valueType: ValueType { .list(Element.valueType) }
  public var intentValue: Value {
    // A list of values is already a value list: share its storage instead of copying it.
    if Element.self == Value.self, let values = self as? [Value] { return .list(values) }
    return .list(map { $0.intentValue })
  }
  public init?(intentValue: Value) {
    let items = intentValue.listItems
    // `[Value]` parameters (lists of anything) take the list as it is, sharing its storage.
    if Element.self == Value.self, let same = items as? [Element] {
      self = same
      return
    }
    var result: [Element] = []
    result.reserveCapacity(items.count)
    for item in items {
      guard let element = Element(intentValue: item) else { return nil }
      result.append(element)
    }
    self = result
  }
}

extension Dictionary: ValueConvertible where Key == String, Value: ValueConvertible {
  public static var valueType: ValueType { .dictionary }
  public var intentValue: IntentKit.Value { .dictionary(mapValues { $0.intentValue }) }
  public init?(intentValue: IntentKit.Value) {
    guard case .dictionary(let entries) = intentValue else { return nil }
    var result: [String: Value] = [:]
    for (key, entry) in entries {
      guard let value = Value(intentValue: entry) else { return nil }
      result[key] = value
    }
    self = result
  }
}

extension Optional: ValueConvertible where Wrapped: ValueConvertible {
  public static var valueType: ValueType { Wrapped.valueType }
  public static var isOptionalType: Bool { true }
  public var intentValue: Value { self?.intentValue ?? .null }
  public init?(intentValue: Value) {
    if case .null = intentValue {
      self = .none
    } else if let wrapped = Wrapped(intentValue: intentValue) {
      self = .some(wrapped)
    } else {
      return nil
    }
  }
}

/// The output type of an intent that returns no value, only a dialog or a side effect.
public struct NoValue: ValueConvertible, Hashable {
  public static var valueType: ValueType { .nothing }
  public var intentValue: Value { .null }
  public init?(intentValue: Value) { return nil }
}
