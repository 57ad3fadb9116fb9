#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A value that flows between workflow steps: a step's output, a parameter, an input.
///
/// Values are the engine's common currency. Intents see typed Swift values (through
/// ``ValueConvertible``); the engine moves `Value`s between steps, coerces them to the
/// type each parameter wants (see ``Value/coerced(to:)``), and renders them as text or JSON.
public enum Value: Sendable, Hashable {
  /// No value: an unset optional parameter, a skipped step, an intent that returns nothing.
  case null
  /// Text.
  case text(String)
  /// A whole number.
  case integer(Int)
  /// A floating-point number.
  case number(Double)
  /// A truth value.
  case boolean(Bool)
  /// An instant in time.
  case date(Date)
  /// A length of time.
  case duration(Duration)
  /// A URL.
  case url(URL)
  /// An ordered list of values.
  case list([Value])
  /// A dictionary from text keys to values.
  case dictionary([String: Value])
  /// App content: a todo, a note, a file.
  case entity(AnyEntity)
}

extension Value {
  /// Whether this value counts as missing for a parameter of type `type`: null; empty or
  /// whitespace-only text for anything but a list; an empty list for anything but a list.
  public func isMissing(for type: ValueType) -> Bool {
    switch (self, type) {
    case (.null, _): return true
    case (_, .list), (_, .any): return false
    case (.text(let text), _): return Self.isBlank(text)
    case (.list(let items), _): return items.isEmpty
    default: return false
    }
  }

  /// Whether text is empty or only whitespace. ASCII text, nearly all text, is judged byte by
  /// byte and usually by its first byte; other text is judged by its characters.
  static func isBlank(_ text: String) -> Bool {
    for byte in text.utf8 {
      switch byte {
      case 0x09...0x0D, 0x20: continue
      case ..<0x80: return false
      default: return text.allSatisfy(\.isWhitespace)
      }
    }
    return true
  }

  /// The entity this value holds, if it is one.
  public var entity: AnyEntity? {
    if case .entity(let entity) = self { return entity }
    return nil
  }

  /// The items of a list, or the value itself as a one-item list (`null` gives no items).
  ///
  /// This is how a `forEach` over a single value behaves, as in Shortcuts.
  public var listItems: [Value] {
    switch self {
    case .list(let items): return items
    case .null: return []
    default: return [self]
    }
  }

  /// The dynamic type of this value, as precisely as the value itself tells.
  public var valueType: ValueType {
    switch self {
    case .null: return .nothing
    case .text: return .text
    case .integer: return .integer
    case .number: return .number
    case .boolean: return .boolean
    case .date: return .date
    case .duration: return .duration
    case .url: return .url
    case .dictionary: return .dictionary
    case .entity(let entity): return .entity(entity.type)
    case .list(let items):
      guard let first = items.first?.valueType else { return .list(.any) }
      return items.dropFirst().allSatisfy { $0.valueType == first } ? .list(first) : .list(.any)
    }
  }
}
