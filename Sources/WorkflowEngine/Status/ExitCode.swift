/// The runner's exit codes (DESIGN section 5). ``RunStatus`` maps run statuses to them and
/// back.
public enum ExitCode {
  public static let success: Int32 = 0
  /// A step failed: an error in handle, `unsupported`, a confirm `failure`.
  public static let failure: Int32 = 1
  /// Bad usage or an invalid workflow; nothing ran.
  public static let usage: Int32 = 2
  /// A value or a choice was needed and could not be asked.
  public static let needsInput: Int32 = 3
  /// A confirmation was needed and not given.
  public static let needsConfirmation: Int32 = 4
  /// A step timed out.
  public static let timedOut: Int32 = 5
  /// SIGINT's number, for a run cancelled without a signal (as Ctrl-C would).
  static let interruptSignal: Int32 = 2

  /// 128 + N for a run cancelled by signal N.
  public static func signal(_ number: Int32) -> Int32 { 128 + number }
}
