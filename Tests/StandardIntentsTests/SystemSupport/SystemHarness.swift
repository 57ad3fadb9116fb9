import Dispatch
import Foundation
import IntentKit
import StandardIntents
import TestSupport

@testable import DataIntents

/// Runs the system intents in a temporary folder that serves as the current directory, with
/// a short SIGTERM-to-SIGKILL grace so that stopping a stubborn command is quick.
///
/// `@unchecked Sendable`: its only state is immutable (`TemporaryDirectory` holds one `let`).
final class SystemHarness: @unchecked Sendable {
  let directory: String
  private let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory()
    // The real path: macOS's /var is a link to /private/var.
    directory = folder.url.resolvingSymlinksInPath().path
  }

  var context: IntentContext {
    var dependencies = DependencyValues()
    dependencies.currentDirectory = directory
    dependencies.shell = ShellSettings(
      environment: [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8",
      ],
      terminationGrace: .milliseconds(100))
    return IntentContext(dependencies: dependencies)
  }

  func run(
    _ identifier: IntentIdentifier, _ arguments: [String: Value] = [:],
    interaction: any InteractionHandler = NonInteractiveHandler(),
    options: IntentInvocation.Options = IntentInvocation.Options()
  ) async throws(IntentFlowError) -> IntentInvocation.Result {
    try await context.runStandard(identifier, arguments, interaction: interaction, options: options)
  }

  /// The absolute path of `name` in the folder.
  func path(_ name: String) -> String { directory + "/" + name }

  /// Writes a file (creating its folders) and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let path = path(name)
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// A file's text, or `nil` when it does not exist.
  func read(_ name: String) -> String? {
    FileManager.default.contents(atPath: path(name)).map { String(decoding: $0, as: UTF8.self) }
  }

  func exists(_ name: String) -> Bool {
    var info = stat()
    return lstat(path(name), &info) == 0
  }

  /// The names in a folder of the harness, sorted.
  func names(in folder: String = ".") -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? []).sorted()
  }
}

/// Runs blocking work on a Dispatch thread, off the Swift concurrency pool.
func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(returning: work()) }
  }
}

extension Value {
  /// The entries of a dictionary value.
  var entries: [String: Value]? {
    if case .dictionary(let entries) = self { return entries }
    return nil
  }

  /// The file this value holds, if it holds one.
  var file: File? { entity?.base as? File }
  /// The files of a list value.
  var files: [File] { listItems.compactMap(\.file) }
  /// The shell result this value holds.
  var shellResult: ShellResult? { entity?.base as? ShellResult }
  /// The HTTP response this value holds.
  var httpResponse: HTTPResponse? { entity?.base as? HTTPResponse }
}
