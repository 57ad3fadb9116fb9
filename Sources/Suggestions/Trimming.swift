/// The characters that `trimming(_:)` removes, as Foundation's `CharacterSet` of the same
/// name holds them (FoundationEssentials has no `CharacterSet`).
public enum TrimmedCharacters: Sendable {
  /// Space separators (Unicode's `Zs`: the space, no-break space, em space …), the tab and
  /// the zero-width space (U+200B), which Foundation's set has.
  case whitespaces
  /// The ``whitespaces``, line and paragraph separators (`Zl`, `Zp`), the line feed, vertical
  /// tab, form feed, carriage return and next line (U+0085).
  case whitespacesAndNewlines

  /// Whether `scalar` is one of these characters.
  public func contains(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .spaceSeparator: return true
    case .lineSeparator, .paragraphSeparator: return self == .whitespacesAndNewlines
    default:
      switch scalar.value {
      case 0x09, 0x200B: return true
      case 0x0A...0x0D, 0x85: return self == .whitespacesAndNewlines
      default: return false
      }
    }
  }
}

extension StringProtocol {
  /// The text without `characters` at either end, as Foundation's `trimmingCharacters(in:)`
  /// gives it: scalars are trimmed, not characters, so a combining mark after a trimmed
  /// space stays.
  public func trimming(_ characters: TrimmedCharacters) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !characters.contains($0) }),
      let last = scalars.lastIndex(where: { !characters.contains($0) })
    else { return "" }
    var trimmed = String.UnicodeScalarView()
    trimmed.append(contentsOf: scalars[first...last])
    return String(trimmed)
  }
}
