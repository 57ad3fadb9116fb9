/// What a shell completes for the value of an option or a positional argument.
///
/// Declared beside the option or argument (``Option``, ``Positional``), so that the help and
/// the completion scripts (``CompletionScript``) come from the same declaration: a new option
/// appears in both at once.
public enum ValueCompletion: Sendable, Hashable {
  /// Free text: nothing is offered.
  case none
  /// File names, and directories to descend into; only the files whose names end in one of
  /// `extensions` (without the dot) when any are given.
  case file(extensions: [String])
  /// Directory names.
  case directory
  /// One of these words.
  case words([String])
  /// Words the program itself prints, one a line, for `PROGRAM completions --values NAME`:
  /// values known only at completion time, such as intent identifiers.
  case dynamic(String)

  /// Any file name.
  public static var file: ValueCompletion { .file(extensions: []) }
}
