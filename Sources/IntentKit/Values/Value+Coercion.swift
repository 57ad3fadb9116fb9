import CivilTime
import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Whether values of one type can be coerced to another, known before a run.
public enum Coercibility: Sendable, Hashable {
  /// Every value of the source type converts.
  case always
  /// Some values convert (text that parses as a number, text that names an entity); the run
  /// checks each value and reports the ones that do not as `unsupported`.
  case sometimes
  /// No value of the source type converts; the text says why and what to do instead.
  case never(String)
}

extension ValueType {
  /// Whether a value of this type can be coerced to `target`, following the Shortcuts
  /// content graph: anything becomes text, text becomes what it parses as, a single value
  /// becomes a one-item list, and an entity stays an entity of its own type.
  public func coercion(to target: ValueType) -> Coercibility {
    switch (self, target) {
    case (_, .any): return .always
    case (.nothing, _):
      return .never("it produces no value")
    case (.any, _): return .sometimes
    case let (source, target) where source == target: return .always
    case (_, .text):
      return .always
    case (.list(let element), .list(let targetElement)):
      return element.coercion(to: targetElement)
    case (.list(let element), _):
      let hint: String
      if case .entity(let type) = target {
        hint =
          "a list of \(element) cannot be used as one \(type.name); take one item with [0] "
          + "or run the step for each item with forEach"
      } else {
        hint = "a list cannot be used as \(target.article) \(target)"
      }
      return .never(hint)
    case (_, .list(let targetElement)):
      return coercion(to: targetElement)
    case (.text, .entity), (.integer, .entity):
      return .sometimes
    case (.entity(let source), .entity(let targetType)):
      return source == targetType || source.representationTypes.contains(target)
        ? .always : .never("\(source.name) is a different kind of entity from \(targetType.name)")
    case (.entity, .dictionary): return .always
    case (.text, .integer), (.text, .number), (.text, .boolean), (.text, .date),
      (.text, .duration), (.text, .url), (.number, .integer), (.integer, .boolean):
      return .sometimes
    case (.integer, .number), (.integer, .duration), (.number, .duration):
      return .always
    default:
      return .never("\(self.article) \(self) cannot be used as \(target.article) \(target)")
    }
  }

  /// "a" or "an", for messages.
  public var article: String {
    switch self {
    case .integer, .any: return "an"
    case .entity(let type): return "AEIOU".contains(type.name.first ?? "x") ? "an" : "a"
    default: return "a"
    }
  }
}

/// Why a value could not be coerced to a parameter's type; becomes an `unsupported` resolution.
public struct CoercionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, lowercase, quoting the value: `'soon' is not a date (use 2026-12-01…)`.
  public var message: String
  public var description: String { message }
}

extension Value {
  /// This value converted to `type`, following the content graph of ``ValueType/coercion(to:)``.
  ///
  /// Text meant for an entity parameter is returned unchanged: naming an entity needs its
  /// query, which the resolve phase runs (see ``EntityType``). `null` stays `null`.
  ///
  /// - Throws: ``CoercionError`` when the value cannot take that type.
  public func coerced(to type: ValueType) throws(CoercionError) -> Value {
    switch (self, type) {
    case (.null, _), (_, .any): return self
    case (.text, .text), (.integer, .integer), (.number, .number), (.boolean, .boolean),
      (.date, .date), (.duration, .duration), (.url, .url), (.dictionary, .dictionary):
      return self
    case (.entity(let entity), .text):
      return entity.represented(as: .text) ?? .text(textDescription)
    case (_, .text):
      return .text(textDescription)
    case (.list(let items), .list(let element)):
      if element == .any { return self }
      var result: [Value] = []
      result.reserveCapacity(items.count)
      for (index, item) in items.enumerated() {
        do {
          result.append(try item.coerced(to: element))
        } catch {
          throw CoercionError(message: "item \(index + 1) of the list: \(error.message)")
        }
      }
      return .list(result)
    case (.list(let items), _) where items.count == 1:
      return try items[0].coerced(to: type)
    case (.list(let items), _):
      throw CoercionError(
        message: "expected one \(type) but got a list of \(items.count) items; "
          + "take one item with [0] or use forEach")
    case (_, .list(let element)):
      return .list([try coerced(to: element)])
    case (.entity(let entity), .entity(let target)):
      // Entity types are equal by name; comparing names avoids describing the whole type.
      guard entity.typeName == target.name else {
        if let represented = entity.represented(as: type) { return represented }
        throw CoercionError(
          message: "'\(entity.displayRepresentation.title)' is \(valueType.article) "
            + "\(entity.typeName), not \(type.article) \(target.name)")
      }
      return self
    case (.text, .entity), (.integer, .entity):
      return self  // resolved through the entity's query in the resolve phase
    case (.entity(let entity), .dictionary):
      return .dictionary(entity.dictionaryRepresentation)
    case (.integer(let value), .number): return .number(Double(value))
    case (.integer(let value), .duration) where value >= 0:
      return .duration(try Self.duration(seconds: Double(value), from: "\(value) seconds"))
    case (.number(let value), .duration) where value.isFinite && value >= 0:
      return .duration(
        try Self.duration(seconds: value, from: "\(Value.number(value).textDescription) seconds"))
    case (.number(let value), .integer):
      guard value.isFinite, value.rounded() == value, let integer = Int(exactly: value) else {
        throw CoercionError(message: "\(Value.number(value).textDescription) is not a whole number")
      }
      return .integer(integer)
    case (.integer(let value), .boolean) where value == 0 || value == 1:
      return .boolean(value == 1)
    case (.text(let text), _):
      return try Value.parse(text, as: type)
    default:
      throw CoercionError(
        message: "\(valueType.article) \(valueType) cannot be used as \(type.article) \(type)")
    }
  }

  /// Parses text as a value of a scalar type.
  static func parse(_ text: String, as type: ValueType) throws(CoercionError) -> Value {
    let trimmed = text.trimming(.whitespacesAndNewlines)
    // Numbers are decimal: Swift's parser would also read hexadecimal ("0x10") and "nan".
    let isDecimal = !trimmed.isEmpty && trimmed.allSatisfy { "0123456789+-.eE".contains($0) }
    switch type {
    case .integer:
      if isDecimal, let value = Int(trimmed) { return .integer(value) }
      if isDecimal, let value = Double(trimmed), value.isFinite, value.rounded() == value,
        let integer = Int(exactly: value)
      {
        return .integer(integer)
      }
      throw CoercionError(message: "'\(text)' is not a whole number")
    case .number:
      if isDecimal, let value = Double(trimmed), value.isFinite { return .number(value) }
      throw CoercionError(message: "'\(text)' is not a number")
    case .boolean:
      switch trimmed.lowercased() {
      case "true", "yes", "on", "1": return .boolean(true)
      case "false", "no", "off", "0": return .boolean(false)
      default: throw CoercionError(message: "'\(text)' is not a boolean (use true or false)")
      }
    case .date:
      if let date = Timestamp.parse(trimmed, defaultTimeZone: .current) { return .date(date) }
      throw CoercionError(
        message: "'\(text)' is not a date (use 2026-12-01, 2026-12-01T09:00 "
          + "or 2026-12-01T09:00:00+01:00)")
    case .duration:
      if let duration = DurationText.parse(trimmed) { return .duration(duration) }
      throw CoercionError(
        message: "'\(text)' is not a duration (use 90s, 5m, 1h30m, 250ms or PT1H30M)")
    case .url:
      if let url = URL(string: trimmed), let scheme = url.scheme, !scheme.isEmpty {
        return .url(url)
      }
      throw CoercionError(message: "'\(text)' is not a URL (include the scheme, as in https://…)")
    case .dictionary:
      throw CoercionError(message: "text cannot be used as a dictionary")
    default:
      throw CoercionError(message: "text cannot be used as \(type.article) \(type)")
    }
  }
}

extension Value {
  /// A duration of `seconds`, within the range ``CheckedArithmetic`` allows.
  fileprivate static func duration(seconds: Double, from what: String) throws(CoercionError)
    -> Duration
  {
    do {
      return try CheckedArithmetic.duration(seconds: seconds, from: what)
    } catch {
      throw CoercionError(message: error.description)
    }
  }
}
