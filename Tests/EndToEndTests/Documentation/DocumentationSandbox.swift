import Foundation
import Synchronization

/// A reader's machine for one ```console block: a fresh temporary directory holding a home,
/// `/home/me`, with the built `intentflow` on `PATH` as `~/.local/bin/intentflow` (where
/// Getting started installs it), an empty IntentFlow home `~/.local/state/intentflow`, and
/// the working directory `~/flows`, a copy of the checkout's `Workflows/` and `Examples/`
/// with the files the page saved before the block.
///
/// The block's commands run in order in one `bash`, standard error joined to standard
/// output as on a terminal, standard input `/dev/null`, `TZ=UTC`, no colour variables. In
/// what they print, the temporary directory's path is taken out (so the home reads
/// `/home/me`) and the binary's real path reads `/home/me/.local/bin/intentflow`.
final class DocumentationSandbox: Sendable {
  /// What one command printed, and how it ended.
  struct Outcome: Sendable {
    var output: [String]
    var status: Int32
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let root: URL
  var home: URL { root.appendingPathComponent("home/me") }
  var work: URL { home.appendingPathComponent("flows") }

  init(block: ConsoleBlock, repositoryRoot: URL) throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("intentflow-docs-\(UUID().uuidString)", isDirectory: true)
    let fileManager = FileManager.default
    let home = root.appendingPathComponent("home/me")
    let work = home.appendingPathComponent("flows")
    for folder in [".local/bin", ".local/state", "flows"] {
      try fileManager.createDirectory(
        at: home.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    try fileManager.createDirectory(
      at: root.appendingPathComponent("tmp"), withIntermediateDirectories: true)
    try fileManager.createSymbolicLink(
      at: home.appendingPathComponent(".local/bin/intentflow"),
      withDestinationURL: IntentFlowBinary.url())
    for folder in ["Workflows", "Examples"] {
      try fileManager.copyItem(
        at: repositoryRoot.appendingPathComponent(folder),
        to: work.appendingPathComponent(folder))
    }
    for file in block.files {
      let url =
        file.path.hasPrefix("~/")
        ? home.appendingPathComponent(String(file.path.dropFirst(2)))
        : work.appendingPathComponent(file.path)
      try fileManager.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(file.contents.utf8).write(to: url)
    }
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  var environment: [String: String] {
    [
      "HOME": home.path, "USER": "me", "LOGNAME": "me", "SHELL": "/bin/bash",
      "PATH": home.path + "/.local/bin:/usr/local/bin:/usr/bin:/bin",
      "INTENTFLOW_HOME": home.path + "/.local/state/intentflow",
      "TMPDIR": root.appendingPathComponent("tmp").path, "TZ": "UTC", "LANG": "C.UTF-8",
    ]
  }

  /// The marker printed after each command: its exit status between two U+001E.
  static let separator = "\u{1E}"

  /// Runs the block's commands in order and returns what each printed.
  ///
  /// - Throws: ``Failure`` when bash did not get through all of them (a command ran `exit`,
  ///   or the block ran past its last-resort time limit).
  func run(_ block: ConsoleBlock) async throws -> [Outcome] {
    var script = "exec 2>&1\n"
    for command in block.commands {
      script += command.text + "\n"
      script += "__status=$?; printf '\(Self.separator)%s\(Self.separator)\\n' \"$__status\"; "
      script += "(exit \"$__status\")\n"
    }
    let process = try IntentFlowProcess(
      executable: URL(fileURLWithPath: "/bin/bash"),
      arguments: ["--noprofile", "--norc", "-c", script],
      environment: environment, currentDirectory: work, standardInput: nil)
    let result = await process.finish(timeout: .seconds(120))
    if result.timedOut {
      throw Failure(description: "the block ran for more than two minutes:\n\(result.stdout)")
    }
    let text = normalized(result.stdout)
    var outcomes: [Outcome] = []
    var rest = Substring(text)
    while let open = rest.range(of: Self.separator) {
      guard let close = rest[open.upperBound...].range(of: Self.separator) else { break }
      var output = String(rest[..<open.lowerBound])
      if output.hasSuffix("\n") { output.removeLast() }
      let status = Int32(rest[open.upperBound..<close.lowerBound]) ?? -1
      outcomes.append(
        Outcome(
          output: output.isEmpty ? [] : output.components(separatedBy: "\n"), status: status))
      rest = rest[close.upperBound...].drop { $0 == "\n" }
    }
    guard outcomes.count == block.commands.count else {
      throw Failure(
        description: "bash stopped after \(outcomes.count) of \(block.commands.count) "
          + "commands:\n\(rest)")
    }
    return outcomes
  }

  /// The output as the reader would see it on their machine.
  func normalized(_ text: String) -> String {
    var text = text
    if let binary = try? IntentFlowBinary.url().resolvingSymlinksInPath().path {
      text = text.replacingOccurrences(of: binary, with: home.path + "/.local/bin/intentflow")
    }
    return text.replacingOccurrences(of: root.path, with: "")
  }
}

/// Lets at most a few documentation blocks run at once: each starts a shell and several
/// runners, and the suite shares two cores with everything else.
actor DocumentationGate {
  static let shared = DocumentationGate(limit: 3)

  private let limit: Int
  private var running = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(limit: Int) { self.limit = limit }

  /// Runs `work` when a place is free.
  func run<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T {
    if running < limit {
      running += 1
    } else {
      await withCheckedContinuation { waiting.append($0) }
    }
    defer {
      if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
    }
    return try await work()
  }
}
