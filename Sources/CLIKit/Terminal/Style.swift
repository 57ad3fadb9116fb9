/// Text styling with ANSI escape codes, applied only when enabled.
///
/// Take the style from ``Terminal/outputStyle`` or ``Terminal/errorStyle`` so that colour
/// follows the user's `NO_COLOR`, `TERM` and `FORCE_COLOR` and whether the stream is a
/// terminal. Each attribute is switched off by its own code (bold by 22, a colour by 39), so
/// styles nest: `style.bold(style.red("error:"))`.
public struct Style: Sendable, Hashable {
  /// Whether escape codes are written; when `false` every method returns its text unchanged.
  public var isEnabled: Bool

  /// Creates a style.
  ///
  /// - Parameter isEnabled: Whether escape codes are written.
  public init(isEnabled: Bool) {
    self.isEnabled = isEnabled
  }

  /// A style that leaves text unchanged.
  public static let plain = Style(isEnabled: false)
  /// A style that always writes escape codes.
  public static let ansi = Style(isEnabled: true)

  /// Bold (bright) text.
  public func bold(_ text: String) -> String { apply(text, 1, 22) }
  /// Dim (faint) text.
  public func dim(_ text: String) -> String { apply(text, 2, 22) }
  /// Underlined text.
  public func underline(_ text: String) -> String { apply(text, 4, 24) }
  /// Red text, for errors.
  public func red(_ text: String) -> String { apply(text, 31, 39) }
  /// Green text, for success and carets.
  public func green(_ text: String) -> String { apply(text, 32, 39) }
  /// Yellow text, for warnings.
  public func yellow(_ text: String) -> String { apply(text, 33, 39) }
  /// Blue text.
  public func blue(_ text: String) -> String { apply(text, 34, 39) }
  /// Magenta text.
  public func magenta(_ text: String) -> String { apply(text, 35, 39) }
  /// Cyan text, for notes and progress.
  public func cyan(_ text: String) -> String { apply(text, 36, 39) }

  private func apply(_ text: String, _ on: Int, _ off: Int) -> String {
    guard isEnabled, !text.isEmpty else { return text }
    return "\u{1B}[\(on)m\(text)\u{1B}[\(off)m"
  }
}
