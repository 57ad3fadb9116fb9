import ICUSupport
import IntentKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The order `list.sort` puts values in.
///
/// Values of one kind compare naturally: numbers by value (whole and decimal together), dates
/// by time, durations by length, text ignoring case (then by case, so the order is total),
/// booleans false first, entities by display title. Mixed kinds go numbers, dates,
/// durations, text, booleans, then anything else by its text; empty values (`null`) always
/// go last, in either direction.
enum ValueOrdering {
  static func compare(_ left: Value, _ right: Value, descending: Bool) -> ComparisonResult {
    switch (left, right) {
    case (.null, .null): return .orderedSame
    case (.null, _): return .orderedDescending
    case (_, .null): return .orderedAscending
    default:
      let result = compare(left, right)
      guard descending else { return result }
      switch result {
      case .orderedAscending: return .orderedDescending
      case .orderedDescending: return .orderedAscending
      case .orderedSame: return .orderedSame
      }
    }
  }

  private static func compare(_ left: Value, _ right: Value) -> ComparisonResult {
    let (leftRank, rightRank) = (rank(left), rank(right))
    if leftRank != rightRank {
      return leftRank < rightRank ? .orderedAscending : .orderedDescending
    }
    switch (left, right) {
    case (.date(let a), .date(let b)): return ordered(a, b)
    case (.duration(let a), .duration(let b)): return ordered(a, b)
    case (.boolean(let a), .boolean(let b)): return ordered(a ? 1 : 0, b ? 1 : 0)
    case (.integer(let a), .integer(let b)): return ordered(a, b)
    default:
      if let a = number(left), let b = number(right) { return ordered(a, b) }
      let (a, b) = (text(left), text(right))
      let folded = TextComparison.order(a, b, ignoringCase: true)
      let order = folded == 0 ? TextComparison.order(a, b, ignoringCase: false) : folded
      return order < 0 ? .orderedAscending : order > 0 ? .orderedDescending : .orderedSame
    }
  }

  private static func rank(_ value: Value) -> Int {
    switch value {
    case .integer, .number: return 0
    case .date: return 1
    case .duration: return 2
    case .text, .url, .entity: return 3
    case .boolean: return 4
    default: return 5
    }
  }

  private static func number(_ value: Value) -> Double? {
    switch value {
    case .integer(let value): return Double(value)
    case .number(let value): return value
    default: return nil
    }
  }

  private static func text(_ value: Value) -> String { value.textDescription }

  private static func ordered<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
    a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
  }
}
