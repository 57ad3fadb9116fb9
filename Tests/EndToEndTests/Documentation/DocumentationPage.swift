import Foundation

/// A Markdown page of the documentation, read for what the documentation tests run: its
/// ```console blocks, the files it tells the reader to save, and any mistake in its markers.
///
/// The conventions (markers, placeholders, the sandbox) are in `Docs/WritingDocs.md`:
///
/// - A ```console block is a transcript: `$ COMMAND` lines, each followed by the output it
///   prints, up to the next `$ ` line. A command whose line ends with `\` goes on on the next
///   line; a here-document (`<<'EOF'` … `EOF`) belongs to its command.
/// - `<!-- file: NAME -->` as the last line before a fenced block: the block is a file the
///   reader saves as NAME (relative to the working directory, or `~/…`); later blocks of the
///   page find it there.
/// - `<!-- not tested: REASON -->` before a ```console block: the block is not run, and
///   says why.
struct DocumentationPage: Sendable {
  /// A file the page tells the reader to save.
  struct SavedFile: Sendable {
    /// Where: relative to the working directory, or `~/…` in the home.
    var path: String
    var contents: String
    /// The line of its marker.
    var line: Int
  }

  /// A mistake in the page's markers or blocks, at a line.
  struct Problem: Sendable, CustomStringConvertible {
    var page: String
    var line: Int
    var message: String
    var description: String { "\(page):\(line): \(message)" }
  }

  /// A fenced block of any language, as the page has it.
  struct FencedBlock: Sendable {
    var language: String
    var content: String
    /// The line of its opening fence.
    var line: Int
  }

  /// The page's path from the repository's root: `README.md`, `Docs/CLI.md`.
  let path: String
  /// The page's text.
  let text: String
  let blocks: [ConsoleBlock]
  /// Every fenced block, console blocks included, in order.
  let fencedBlocks: [FencedBlock]
  /// Every file marker of the page, in order.
  let files: [SavedFile]
  let problems: [Problem]

  /// Reads the page at `path` (from the repository's root `root`).
  init(path: String, root: URL) throws {
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    self.init(path: path, text: text)
  }

  /// Reads a page from its text.
  init(path: String, text: String) {
    self.path = path
    self.text = text
    var parser = Parser(page: path, lines: text.components(separatedBy: "\n"))
    parser.parse()
    blocks = parser.blocks
    fencedBlocks = parser.fenced
    files = parser.files
    problems = parser.problems + parser.unusedFiles()
  }

  /// The pages the tests read: `README.md` and every `Docs/*.md`, sorted.
  static func all(root: URL) throws -> [DocumentationPage] {
    let docs = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("Docs").path
    ).filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
    return try (["README.md"] + docs).map { try DocumentationPage(path: $0, root: root) }
  }

  private struct Parser {
    enum Marker {
      case file(String)
      case notTested(String)
    }

    let page: String
    let lines: [String]
    var blocks: [ConsoleBlock] = []
    var fenced: [FencedBlock] = []
    var files: [SavedFile] = []
    var problems: [Problem] = []
    /// The marker waiting for its block, and its line.
    var marker: (Marker, line: Int)?
    /// The last line of prose before the current position (for "save this as").
    var lastProse = ""

    init(page: String, lines: [String]) {
      self.page = page
      self.lines = lines
    }

    mutating func problem(_ line: Int, _ message: String) {
      problems.append(Problem(page: page, line: line, message: message))
    }

    mutating func parse() {
      var index = 0
      while index < lines.count {
        let line = lines[index]
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        // As in CommonMark, a backtick fence's info string holds no backtick: a line that
        // starts with inline code (```` ```console ````) is prose.
        if trimmed.hasPrefix("```"), !trimmed.drop(while: { $0 == "`" }).contains("`") {
          index = fencedBlock(at: index)
          continue
        }
        if trimmed.hasPrefix("<!--") {
          index = comment(at: index)
          continue
        }
        if !trimmed.isEmpty {
          if let (_, line) = marker {
            problem(
              line,
              "this marker is not followed by a fenced block; put it on the line "
                + "just before the block's opening ```")
            marker = nil
          }
          lastProse = trimmed
        }
        index += 1
      }
      if let (_, line) = marker {
        problem(line, "this marker is not followed by a fenced block")
      }
    }

    /// Reads an HTML comment; returns the index after it.
    mutating func comment(at start: Int) -> Int {
      var end = start
      while end < lines.count, !lines[end].contains("-->") { end += 1 }
      let text = lines[start...min(end, lines.count - 1)].joined(separator: " ")
      guard let open = text.range(of: "<!--"), let close = text.range(of: "-->") else {
        problem(start + 1, "an HTML comment that does not end")
        return lines.count
      }
      let body = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
      let lineNumber = start + 1
      if body.hasPrefix("file:") {
        let name = body.dropFirst("file:".count).trimmingCharacters(in: .whitespaces)
        if name.isEmpty || name.contains(" ") || name.hasPrefix("/") || name.contains("..") {
          problem(
            lineNumber, "'<!-- file: NAME -->' needs one relative path (or ~/…), not '\(name)'")
        } else {
          setMarker(.file(name), line: lineNumber)
        }
      } else if body.hasPrefix("not tested") {
        let reason = body.dropFirst("not tested".count).drop { $0 == ":" || $0 == " " }
        if reason.isEmpty {
          problem(lineNumber, "say why the block is not tested: '<!-- not tested: REASON -->'")
        } else {
          setMarker(.notTested(String(reason)), line: lineNumber)
        }
      }
      return end + 1
    }

    mutating func setMarker(_ new: Marker, line: Int) {
      if let (_, old) = marker {
        problem(old, "this marker is not followed by a fenced block (another marker follows)")
      }
      marker = (new, line)
    }

    /// Reads a fenced block; returns the index after its closing fence.
    mutating func fencedBlock(at start: Int) -> Int {
      let opening = lines[start]
      let indent = opening.prefix { $0 == " " }.count
      let trimmed = opening.trimmingCharacters(in: .whitespaces)
      // A fence of four backticks holds blocks of three (a page about writing pages).
      let ticks = trimmed.prefix { $0 == "`" }.count
      let info = trimmed.dropFirst(ticks).trimmingCharacters(in: .whitespaces)
      func closes(_ line: String) -> Bool {
        let candidate = line.trimmingCharacters(in: .whitespaces)
        return candidate.count >= ticks && candidate.allSatisfy { $0 == "`" }
      }
      var end = start + 1
      while end < lines.count, !closes(lines[end]) { end += 1 }
      if end == lines.count { problem(start + 1, "this fenced block is never closed") }
      let content = lines[(start + 1)..<min(end, lines.count)].map { line in
        String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count)))
      }
      let pending = marker
      marker = nil
      let language = info.split(separator: " ").first.map(String.init) ?? ""
      fenced.append(
        FencedBlock(language: language, content: content.joined(separator: "\n"), line: start + 1))
      switch pending?.0 {
      case .file(let name)?:
        files.append(
          SavedFile(
            path: name, contents: content.joined(separator: "\n") + "\n",
            line: pending?.line ?? start + 1))
      case .notTested(let reason)?:
        if language != "console" {
          problem(pending?.line ?? start, "'not tested' marks ```console blocks only")
        }
        if language == "console" {
          console(content, at: start + 1, indent: indent, skipped: reason)
        }
      case nil:
        if language == "console" {
          console(content, at: start + 1, indent: indent, skipped: nil)
        } else if language != "sh", language != "bash",
          content.first(where: { !$0.isEmpty })?.hasPrefix("$ ") == true
        {
          problem(
            start + 1,
            "a transcript in a ```\(language) block escapes the tests; make it ```console "
              + "(or mark it '<!-- not tested: REASON -->')")
        } else if language == "json", Self.asksToSave(lastProse) {
          problem(
            start + 1,
            "the page asks the reader to save this block; put '<!-- file: NAME -->' before it")
        }
      }
      lastProse = ""
      return end + 1
    }

    /// Whether a sentence asks the reader to save the block that follows.
    static func asksToSave(_ prose: String) -> Bool {
      let lowered = prose.lowercased()
      return ["save this as", "save it as", "this file as", "saved as"].contains {
        lowered.contains($0)
      }
    }

    mutating func console(
      _ content: [String], at fenceLine: Int, indent: Int, skipped: String?
    ) {
      var commands: [ConsoleBlock.Command] = []
      var index = 0
      while index < content.count {
        let line = content[index]
        let lineNumber = fenceLine + 1 + index
        if line.hasPrefix("$ ") {
          var text = String(line.dropFirst(2))
          while text.hasSuffix("\\"), index + 1 < content.count {
            index += 1
            text += "\n" + content[index]
          }
          if let word = Self.hereDocumentWord(text) {
            while index + 1 < content.count {
              index += 1
              text += "\n" + content[index]
              if content[index] == word { break }
            }
          }
          commands.append(
            ConsoleBlock.Command(text: text, line: lineNumber, expected: [], firstOutputLine: 0))
          commands[commands.count - 1].firstOutputLine = fenceLine + 1 + index + 1
        } else if commands.isEmpty {
          problem(lineNumber, "a ```console block starts with a '$ COMMAND' line")
          return
        } else {
          commands[commands.count - 1].expected.append(line)
        }
        index += 1
      }
      if commands.isEmpty {
        problem(fenceLine, "this ```console block has no '$ COMMAND' line")
        return
      }
      blocks.append(
        ConsoleBlock(
          page: page, line: fenceLine, commands: commands, skipReason: skipped,
          files: files, content: content, indent: indent))
    }

    /// The word that ends a here-document the command starts (`<<'EOF'`, `<<EOF`, `<<-EOF`).
    static func hereDocumentWord(_ command: String) -> String? {
      guard let range = command.range(of: "<<") else { return nil }
      var rest = command[range.upperBound...].drop { $0 == "-" || $0 == " " }
      if rest.first == "'" || rest.first == "\"" { rest = rest.dropFirst() }
      let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      return word.isEmpty ? nil : String(word)
    }

    /// A saved file that no later tested block names: the page tells the reader to save a
    /// workflow and run it, so the tests run it too. Files in the home (`~/…`, such as an
    /// `extensions.json`) are read without being named.
    func unusedFiles() -> [Problem] {
      files.filter { !$0.path.hasPrefix("~/") }.compactMap { file in
        // Named by its name, or by its folder (`say --workflows flows/`).
        let name = (file.path as NSString).lastPathComponent
        let folder = (file.path as NSString).deletingLastPathComponent
        let used = blocks.contains { block in
          block.skipReason == nil && block.line > file.line
            && block.commands.contains {
              $0.text.contains(name) || (!folder.isEmpty && $0.text.contains(folder + "/"))
            }
        }
        return used
          ? nil
          : Problem(
            page: page, line: file.line,
            message: "no tested ```console block after it uses '\(file.path)'; run it in one")
      }
    }
  }
}
