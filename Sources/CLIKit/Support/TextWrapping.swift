extension String {
  /// Breaks the text at spaces into lines no wider than `width` columns.
  ///
  /// Runs of spaces collapse; a word wider than the line gets a line of its own.
  ///
  /// - Parameters:
  ///   - width: The widest line, in terminal columns.
  ///   - hangingIndent: Spaces before every line but the first.
  /// - Returns: The lines, without newlines; empty for blank text.
  func wrapped(to width: Int, hangingIndent: Int = 0) -> [String] {
    let indent = String(repeating: " ", count: hangingIndent)
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in split(separator: " ") {
      let wordWidth = word.displayWidth
      if !line.isEmpty, lineWidth + 1 + wordWidth > width {
        lines.append(line)
        line = ""
      }
      if line.isEmpty {
        line = (lines.isEmpty ? "" : indent) + word
        lineWidth = (lines.isEmpty ? 0 : hangingIndent) + wordWidth
      } else {
        line += " " + word
        lineWidth += 1 + wordWidth
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// The text followed by spaces up to `width` columns (unchanged if already as wide).
  func padded(to width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - displayWidth))
  }
}
