import Foundation
import IntentKit
import StandardIntents
import TestSupport

@testable import DataIntents

/// Runs standard intents against a photo library in a temporary folder, indexed in memory.
struct PhotoHarness {
  let folder: TemporaryDirectory
  let store: PhotoStore
  /// Every progress report, in order.
  let reports = Observed<[ProgressReporter.Update]>([])

  init(
    chunkSize: Int = 64 * 1024,
    afterChunk: @escaping @Sendable (Int) async throws -> Void = { _ in }
  ) throws {
    folder = try TemporaryDirectory()
    let library = folder.url.appendingPathComponent("library", isDirectory: true)
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    store = try PhotoStore.inMemory(library: library, chunkSize: chunkSize, afterChunk: afterChunk)
  }

  var library: URL { folder.url.appendingPathComponent("library", isDirectory: true) }

  var context: IntentContext {
    var dependencies = DependencyValues()
    dependencies.photoStore = store
    let reports = self.reports
    return IntentContext(
      dependencies: dependencies,
      progress: ProgressReporter { update in reports.update { $0.append(update) } })
  }

  /// Writes a file into the library, in `album` if given; returns its path.
  @discardableResult
  func add(_ name: String, _ content: String, album: String? = nil) throws -> String {
    var folder = library
    if let album { folder = folder.appendingPathComponent(album, isDirectory: true) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(content.utf8).write(to: url)
    return url.standardizedFileURL.path
  }

  func run(
    _ identifier: IntentIdentifier, _ arguments: [String: Value] = [:],
    options: IntentInvocation.Options = IntentInvocation.Options()
  ) async throws(IntentFlowError) -> IntentInvocation.Result {
    try await context.runStandard(identifier, arguments, options: options)
  }

  /// Runs a query in this harness's context.
  func query<T: Sendable>(_ body: @Sendable (PhotoQuery) async throws -> T) async throws -> T {
    try await IntentContext.$current.withValue(context) { try await body(PhotoQuery()) }
  }
}

extension Value {
  /// The photo this value holds, if it holds one.
  var photo: Photo? { entity?.base as? Photo }

  /// The photos of a list value.
  var photos: [Photo] { listItems.compactMap(\.photo) }
}
