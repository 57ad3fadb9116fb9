/// What the program knows about its terminal: which standard streams are terminals, how
/// wide the terminal is, and whether to colour output.
///
/// ``live`` asks the system; tests build one with ``init(isInputTerminal:isOutputTerminal:isErrorTerminal:width:colorMode:)``
/// or from a fake environment with
/// ``init(environment:isInputTerminal:isOutputTerminal:isErrorTerminal:windowWidth:)``.
public struct Terminal: Sendable, Hashable {
  /// Whether standard input is a terminal (someone can answer prompts).
  public var isInputTerminal: Bool
  /// Whether standard output is a terminal.
  public var isOutputTerminal: Bool
  /// Whether standard error is a terminal (progress bars are drawn only then).
  public var isErrorTerminal: Bool
  /// The width in columns, for wrapping help and sizing progress bars.
  public var width: Int
  /// When to colour output.
  public var colorMode: ColorMode

  /// Creates a terminal description with the given facts, as tests need.
  ///
  /// - Parameters:
  ///   - isInputTerminal: Whether standard input is a terminal.
  ///   - isOutputTerminal: Whether standard output is a terminal.
  ///   - isErrorTerminal: Whether standard error is a terminal.
  ///   - width: The width in columns.
  ///   - colorMode: When to colour output.
  public init(
    isInputTerminal: Bool = false, isOutputTerminal: Bool = false, isErrorTerminal: Bool = false,
    width: Int = 80, colorMode: ColorMode = .never
  ) {
    self.isInputTerminal = isInputTerminal
    self.isOutputTerminal = isOutputTerminal
    self.isErrorTerminal = isErrorTerminal
    self.width = width
    self.colorMode = colorMode
  }

  /// Creates a terminal description by applying the usual rules to an environment.
  ///
  /// The width is `windowWidth` (the size the terminal reports), else `COLUMNS`, else 80.
  /// The colour mode follows ``ColorMode/init(environment:)``.
  ///
  /// - Parameters:
  ///   - environment: Environment variables (`NO_COLOR`, `TERM`, `FORCE_COLOR`,
  ///     `CLICOLOR_FORCE`, `COLUMNS` are read).
  ///   - isInputTerminal: Whether standard input is a terminal.
  ///   - isOutputTerminal: Whether standard output is a terminal.
  ///   - isErrorTerminal: Whether standard error is a terminal.
  ///   - windowWidth: The column count the terminal reports, if any.
  public init(
    environment: [String: String], isInputTerminal: Bool, isOutputTerminal: Bool,
    isErrorTerminal: Bool, windowWidth: Int?
  ) {
    let columns = environment["COLUMNS"].flatMap { Int($0) }
    let width = [windowWidth, columns].lazy.compactMap { $0 }.first { $0 > 0 } ?? 80
    self.init(
      isInputTerminal: isInputTerminal, isOutputTerminal: isOutputTerminal,
      isErrorTerminal: isErrorTerminal, width: width,
      colorMode: ColorMode(environment: environment))
  }

  /// Whether text written to standard output should be coloured.
  public var colorsOutput: Bool { colorMode.colors(terminal: isOutputTerminal) }
  /// Whether text written to standard error should be coloured.
  public var colorsErrors: Bool { colorMode.colors(terminal: isErrorTerminal) }
  /// The style for text written to standard output.
  public var outputStyle: Style { Style(isEnabled: colorsOutput) }
  /// The style for text written to standard error (diagnostics, prompts, usage errors).
  public var errorStyle: Style { Style(isEnabled: colorsErrors) }
}
