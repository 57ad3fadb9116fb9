import CivilTime
import StrictJSON

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Value {
  /// The value as text, the way a step's output reaches stdout and `${…}` inside longer text:
  /// a list one item a line, an entity its display title, a dictionary as JSON, a date in ISO 8601
  /// with the local offset, `null` as empty text.
  public var textDescription: String {
    switch self {
    case .null: return ""
    case .text(let text): return text
    case .integer(let value): return String(value)
    case .number(let value): return Value.format(value)
    case .boolean(let value): return value ? "true" : "false"
    case .date(let date): return Timestamp.format(date, in: .current)
    case .duration(let duration): return DurationText.format(duration)
    case .url(let url): return url.absoluteString
    case .list(let items): return items.map(\.textDescription).joined(separator: "\n")
    case .dictionary: return jsonValue.serialized()
    case .entity(let entity): return entity.displayRepresentation.title
    }
  }

  /// A number as people write it: no trailing `.0`, shortest digits that round-trip.
  static func format(_ number: Double) -> String {
    // Up to 2^53 every whole double is an exact Int, and `description` would add `.0`.
    if number.isFinite, number.rounded() == number, abs(number) <= 9_007_199_254_740_992 {
      return String(Int(number))
    }
    return number.description
  }
}

extension Value: CustomStringConvertible {
  /// The value as text (see ``textDescription``).
  public var description: String { textDescription }
}
