#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

extension Terminal {
  /// The real terminal: `isatty` on descriptors 0, 1 and 2, the window size of standard
  /// output (or error, or input) from `TIOCGWINSZ`, and the process environment.
  ///
  /// Computed afresh on each use, so a resized window is seen; a few system calls.
  public static var live: Terminal {
    let names = ["NO_COLOR", "TERM", "FORCE_COLOR", "CLICOLOR_FORCE", "COLUMNS"]
    var environment: [String: String] = [:]
    for name in names {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return Terminal(
      environment: environment, isInputTerminal: isatty(0) == 1,
      isOutputTerminal: isatty(1) == 1, isErrorTerminal: isatty(2) == 1,
      windowWidth: [1, 2, 0].lazy.compactMap(windowColumns).first)
  }

  /// The column count of the terminal on a descriptor, or `nil` if it is not a terminal
  /// or reports none.
  private static func windowColumns(_ descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
