extension Terminal {
  /// When output is coloured.
  public enum ColorMode: Sendable, Hashable {
    /// Never colour.
    case never
    /// Colour even when the stream is not a terminal.
    case always
    /// Colour only a stream that is a terminal.
    case whenTerminal

    /// Reads the user's wishes from the environment, the first rule that applies winning:
    /// `NO_COLOR` set and not empty → ``never``; `TERM=dumb` → ``never``; `FORCE_COLOR` or
    /// `CLICOLOR_FORCE` set and not empty, `0` or `false` → ``always``; else ``whenTerminal``.
    ///
    /// - Parameter environment: Environment variables.
    public init(environment: [String: String]) {
      func isSet(_ name: String) -> Bool {
        guard let value = environment[name] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
      }
      if environment["NO_COLOR", default: ""] != "" {
        self = .never
      } else if environment["TERM"] == "dumb" {
        self = .never
      } else if isSet("FORCE_COLOR") || isSet("CLICOLOR_FORCE") {
        self = .always
      } else {
        self = .whenTerminal
      }
    }

    /// Whether a stream is coloured under this mode.
    ///
    /// - Parameter terminal: Whether the stream is a terminal.
    /// - Returns: `true` if text written to it should carry colour.
    public func colors(terminal: Bool) -> Bool {
      switch self {
      case .never: false
      case .always: true
      case .whenTerminal: terminal
      }
    }
  }
}
