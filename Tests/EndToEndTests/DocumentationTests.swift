import Foundation
import Synchronization
import Testing

/// The documentation, tested like code: every ```console block of `README.md` and `Docs/`
/// runs against the built binary on a reader's fresh machine (``DocumentationSandbox``), and
/// prints what the page shows, but for the placeholders of ``TranscriptPattern``. See
/// `Docs/WritingDocs.md` for the conventions.
///
/// `INTENTFLOW_RECORD_DOCS=1` rewrites the output of each command that differs in the page
/// itself, keeping the placeholders of the lines that still match; review the diff.
@Suite("The documentation's console blocks print what the pages show")
struct DocumentationTests {
  static let root = Fixtures.repositoryRoot

  /// The pages, read once; a page that cannot be read is a problem of the first test.
  static let pages: Result<[DocumentationPage], any Error> = Result {
    try DocumentationPage.all(root: root)
  }

  static var blocks: [ConsoleBlock] {
    ((try? pages.get()) ?? []).flatMap(\.blocks)
  }

  static var testedBlocks: [ConsoleBlock] { blocks.filter { $0.skipReason == nil } }

  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["INTENTFLOW_RECORD_DOCS"] == "1"
  }

  @Test("every page's markers and blocks follow the conventions")
  func conventions() throws {
    let pages = try Self.pages.get()
    #expect(pages.contains { $0.path == "README.md" })
    #expect(pages.contains { $0.path == "Docs/GettingStarted.md" })
    let problems = pages.flatMap(\.problems)
    #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    // A parser that finds nothing would make the other tests pass without running anything.
    #expect(Self.testedBlocks.count >= 40, "only \(Self.testedBlocks.count) blocks found")
  }

  @Test("blocks that are not run say why")
  func skipped() throws {
    let skipped = Self.blocks.filter { $0.skipReason != nil }
    var reasons: [String: [String]] = [:]
    for block in skipped {
      reasons[block.skipReason ?? "", default: []].append(block.testDescription)
    }
    let summary = reasons.keys.sorted().map { reason in
      "  \(reasons[reason]?.count ?? 0) \(reason): "
        + (reasons[reason] ?? []).joined(separator: ", ")
    }
    print(
      "documentation: \(Self.testedBlocks.count) console blocks run, \(skipped.count) not "
        + "tested:\n" + summary.joined(separator: "\n"))
    #expect(skipped.allSatisfy { !($0.skipReason ?? "").isEmpty })
    // Untested blocks are the exception: a page of them is a page nobody checks.
    #expect(skipped.count * 4 <= Self.blocks.count, "\(summary.joined(separator: "\n"))")
  }

  @Test("README and Getting started install alike: the packages, a folder made first, PATH")
  func installation() throws {
    let pages = try Self.pages.get()
    let readme = try #require(pages.first { $0.path == "README.md" })
    let guide = try #require(pages.first { $0.path == "Docs/GettingStarted.md" })
    func install(_ page: DocumentationPage) -> String? {
      page.fencedBlocks.first { $0.language == "sh" && $0.content.contains("cp .build/release/") }?
        .content
    }
    func packages(_ page: DocumentationPage) -> Set<String> {
      Set(
        page.text.components(separatedBy: "\n").compactMap { line in
          line.range(of: "apt-get install ").map { range in
            String(line[range.upperBound...].prefix { $0 != "`" })
          }
        })
    }
    let commands = try #require(install(readme))
    #expect(install(guide) == commands, "both pages install with the same commands")
    let lines = commands.components(separatedBy: "\n")
    let copy = try #require(lines.firstIndex { $0.hasPrefix("cp .build/release/intentflow") })
    #expect(lines[..<copy].contains("mkdir -p ~/.local/bin"), "\(commands)")
    #expect(
      packages(readme) == ["binutils libsqlite3-dev zlib1g-dev libstdc++-12-dev libpq-dev"])
    #expect(packages(guide) == packages(readme))
    for page in [readme, guide] {
      #expect(page.text.contains(#"export PATH="$HOME/.local/bin:$PATH""#), "\(page.path)")
      #expect(page.text.contains("$XDG_STATE_HOME"), "\(page.path)")
    }
  }

  @Test("the block prints what the page shows", arguments: testedBlocks)
  func block(_ block: ConsoleBlock) async throws {
    let outcomes = try await DocumentationGate.shared.run {
      let sandbox = try DocumentationSandbox(block: block, repositoryRoot: Self.root)
      return try await sandbox.run(block)
    }
    var rewritten: [(command: ConsoleBlock.Command, lines: [String])] = []
    for (command, outcome) in zip(block.commands, outcomes) {
      let pattern = TranscriptPattern(command.expected)
      guard !pattern.matches(outcome.output) else { continue }
      if Self.isRecording {
        rewritten.append((command, pattern.rerecorded(outcome.output)))
        continue
      }
      Issue.record(
        """
        `\(command.text)` (exit \(outcome.status)) printed what the page does not show \
        (- the page, + the output):
        \(pattern.diff(outcome.output))
        """,
        sourceLocation: SourceLocation(
          fileID: "IntentFlow/\(block.page)",
          filePath: Self.root.appendingPathComponent(block.page).path, line: command.line,
          column: 1))
    }
    if !rewritten.isEmpty { try DocumentationRecorder.rewrite(block, rewritten) }
  }
}

/// Rewrites blocks in their pages when recording, one at a time: several blocks of a page
/// finish at once, and each rewrite reads the page as the last one left it.
enum DocumentationRecorder {
  private static let lock = Mutex(())

  /// The block is no longer in its page as it was read (the page was edited meanwhile).
  struct Missing: Error, CustomStringConvertible {
    var block: String
    var description: String { "cannot find the block \(block) in its page to re-record it" }
  }

  static func rewrite(
    _ block: ConsoleBlock, _ commands: [(command: ConsoleBlock.Command, lines: [String])]
  ) throws {
    try lock.withLock { _ in
      let url = DocumentationTests.root.appendingPathComponent(block.page)
      var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
      // The block as it was read; its place may have moved by earlier rewrites.
      let indent = String(repeating: " ", count: block.indent)
      let original = block.content.map { $0.isEmpty ? $0 : indent + $0 }
      guard
        let start = lines.indices.filter({ index in
          index + original.count <= lines.count
            && Array(lines[index..<(index + original.count)]) == original
        }).min(by: { abs($0 - block.line) < abs($1 - block.line) })
      else { throw Missing(block: block.testDescription) }
      var content = block.content
      // From the last command back, so earlier ranges keep their places.
      for (command, new) in commands.reversed() {
        let first = command.firstOutputLine - block.line - 1
        content.replaceSubrange(first..<(first + command.expected.count), with: new)
      }
      lines.replaceSubrange(
        start..<(start + original.count), with: content.map { $0.isEmpty ? $0 : indent + $0 })
      try Data(lines.joined(separator: "\n").utf8).write(to: url)
    }
  }
}
