import Suggestions

/// What reaches a terminal: the one place where text from data (a todo's title, a dialog, an
/// extension's description, a file name) is kept from acting as a terminal command.
///
/// Everything written to standard error, and to standard output when it is a terminal,
/// passes through ``TextOutput/showingControls(keepingStyles:)``: each control character is
/// shown as a visible symbol (`␛` for ESC, `␇` for BEL; `UnsafeText.shown`, as error
/// messages always did), so `\e]0;PWNED\a` in a title prints as `␛]0;PWNED␇` and cannot set
/// the window's title, clear the screen or move the cursor. What passes unchanged: line
/// breaks and tabs, the colour codes ``Style`` writes (only when the stream is coloured),
/// and a carriage return that begins or ends one write (how ``ProgressBar`` redraws its line;
/// at the start of a line it moves nothing).
///
/// A file name's bytes that are not UTF-8 (see `FileSystemPath`) are shown as `\xE9`.
///
/// Standard output that is not a terminal is data (a pipe, a file, `$(…)`): it stays byte for
/// byte what the workflow produced, as `jq` and scripts expect; a file name that is not UTF-8
/// is written as its own bytes (a crontab line names the file cron must open). JSON escapes the C0 controls
/// itself, so `--json` is the same on a terminal but for DEL and the C1 controls.
extension TextOutput {
  /// This output, with the control characters of what is written shown as visible symbols.
  ///
  /// - Parameter keepingStyles: Whether ``Style``'s escape codes pass (the stream is coloured).
  /// - Returns: The filtering output; it flushes as this one does.
  /// - Complexity: O(*n*) in the length of each write; text without control characters is
  ///   written as it is after one scan.
  public func showingControls(keepingStyles: Bool) -> TextOutput {
    let base = self
    return TextOutput(
      write: { text in base.write(Self.shown(text, keepingStyles: keepingStyles)) },
      flush: base.flush)
  }

  /// Standard output as the runner writes it: shown safely when it is a terminal, else as is.
  ///
  /// - Parameter terminal: What the streams are.
  public static func standardOutput(for terminal: Terminal) -> TextOutput {
    terminal.isOutputTerminal
      ? .standardOutput.showingControls(keepingStyles: terminal.colorsOutput) : .standardOutput
  }

  /// Standard error as the runner writes it: for people (dialogs, progress, prompts, errors),
  /// so shown safely whether a terminal or a log file gets it.
  ///
  /// - Parameter terminal: What the streams are.
  public static func standardError(for terminal: Terminal) -> TextOutput {
    .standardError.showingControls(keepingStyles: terminal.colorsErrors)
  }

  /// `text` with its control characters shown, but for what ``showingControls(keepingStyles:)``
  /// lets pass.
  static func shown(_ text: String, keepingStyles: Bool) -> String {
    guard text.unicodeScalars.contains(where: { $0.isUnsafeInOneLine || $0.isRawByte }) else {
      return text
    }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      switch scalar {
      case _ where scalar.isRawByte:
        result.append(contentsOf: UnsafeText.shown(String(scalar)).unicodeScalars)
      case _ where !scalar.isUnsafeInOneLine, "\n", "\t":
        result.append(scalar)
      case "\r" where index == 0 || index == scalars.count - 1:
        result.append(scalar)
      case "\u{1B}" where keepingStyles:
        if let length = Style.escapeLength(scalars, at: index) {
          result.append(contentsOf: scalars[index..<(index + length)])
          index += length
          continue
        }
        result.append(contentsOf: UnsafeText.shown(String(scalar)).unicodeScalars)
      default:
        result.append(contentsOf: UnsafeText.shown(String(scalar)).unicodeScalars)
      }
      index += 1
    }
    return String(result)
  }
}

extension Style {
  /// The SGR codes the styles write: each attribute's on and off code.
  static let escapeCodes: Set<Int> = [1, 2, 4, 22, 24, 31, 32, 33, 34, 35, 36, 39]

  /// The length of the escape sequence of one of the styles at `index` (`ESC [ CODE m`), or
  /// `nil` when something else starts there.
  static func escapeLength(_ scalars: [Unicode.Scalar], at index: Int) -> Int? {
    guard index + 3 < scalars.count, scalars[index + 1] == "[" else { return nil }
    var end = index + 2
    var code = 0
    while end < scalars.count, end < index + 5, let digit = Int(String(scalars[end])) {
      code = code * 10 + digit
      end += 1
    }
    guard end > index + 2, end < scalars.count, scalars[end] == "m", escapeCodes.contains(code)
    else { return nil }
    return end + 1 - index
  }
}
