extension Unicode.Scalar {
  /// The number of terminal columns the scalar occupies: 0 for combining marks and other
  /// zero-width scalars, 2 for East Asian wide and emoji-presentation scalars, 1 otherwise,
  /// and 1 for a tab (callers that align under a tab copy the tab itself).
  ///
  /// An approximation of `wcwidth`: enough to line up carets and columns under ordinary
  /// text, names and CJK; ZWJ emoji sequences count each visible part.
  var displayWidth: Int {
    if self == "\t" { return 1 }
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if value == 0x200B || (0xFE00...0xFE0F).contains(value) { return 0 }
    if properties.isEmojiPresentation || isEastAsianWide { return 2 }
    return 1
  }

  private var isEastAsianWide: Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}

extension StringProtocol {
  /// The number of terminal columns the text occupies on one line (see
  /// `Unicode.Scalar.displayWidth`); a tab counts as one column.
  var displayWidth: Int {
    unicodeScalars.displayWidth
  }
}

extension Sequence<Unicode.Scalar> {
  /// The number of terminal columns the scalars occupy on one line.
  var displayWidth: Int {
    reduce(0) { $0 + $1.displayWidth }
  }
}
