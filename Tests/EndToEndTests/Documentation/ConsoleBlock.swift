import Testing

/// One ```console block of a page: commands, each with the output the page shows for it.
struct ConsoleBlock: Sendable, CustomTestStringConvertible {
  /// One `$ COMMAND` and the lines after it.
  struct Command: Sendable {
    /// The command as bash reads it (continuation lines and here-documents included).
    var text: String
    /// The line of its `$` in the page.
    var line: Int
    /// The output the page shows, line by line, placeholders and all.
    var expected: [String]
    /// The line of the first of those in the page.
    var firstOutputLine: Int
  }

  /// The page's path from the repository's root.
  var page: String
  /// The line of the block's opening fence.
  var line: Int
  var commands: [Command]
  /// Why the block is not run (`<!-- not tested: REASON -->`), or `nil`.
  var skipReason: String?
  /// The files the page asked the reader to save before this block.
  var files: [DocumentationPage.SavedFile]
  /// The block's lines between its fences, without the fences' indentation.
  var content: [String]
  /// The fences' indentation (a block inside a list item is indented).
  var indent = 0

  var testDescription: String { "\(page):\(line)" }
}
