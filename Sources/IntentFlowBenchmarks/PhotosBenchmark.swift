import DataIntents
import Foundation
import IntentKit
import StandardIntents

/// `photos.tag` on 100,000 photo ids, side by side: the ``EntityCollection`` parameter (ids
/// only, one transaction) against the same tagging through a `[Photo]` parameter, which
/// resolves every id through the query first, as the seed's "before".
func runPhotosBenchmark() async throws {
  let clock = ContinuousClock()
  let count = 100_000
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("intentflow-bench-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  let store = PhotoStore(path: folder + "/photos.sqlite", library: nil)
  // Real ids: SHA-256 digests, in no particular order.
  let hashes = (0..<count).map { index in
    Digest.sha256(Array("photo \(index)".utf8)).map { String(format: "%02x", $0) }.joined()
  }
  try store.index(
    hashes.enumerated().map { ("/photos/\($0.offset).jpg", $0.element) }, taken: Date())
  var context = IntentContext()
  context.dependencies.photoStore = store
  let registry = IntentRegistry([TagPhotos.self, TagResolvedPhotos.self])
  let ids = Value.list(hashes.map(Value.text))

  /// One tagging: its wall-clock time, and the CPU time of the process meanwhile (which a
  /// busy machine inflates far less; the wall time also holds the checkpoint's fsyncs).
  func tag(_ identifier: IntentIdentifier, _ tag: String) async throws -> (
    wall: Duration, cpu: Duration
  ) {
    guard let descriptor = registry.intent(identifier) else { return (.zero, .zero) }
    let cpuStart = processCPUTime()
    let start = clock.now
    let output = try await IntentInvocation(
      descriptor, arguments: ["photos": ids, "tag": .text(tag)], context: context
    ).run().output
    let elapsed = clock.now - start
    let cpu = processCPUTime() - cpuStart
    guard output == .integer(count) else {
      throw IntentError("\(identifier) tagged \(output.textDescription), not \(count)")
    }
    return (elapsed, cpu)
  }

  _ = try await tag("photos.tag", "warm-up")
  var collection: [(wall: Duration, cpu: Duration)] = []
  for round in 0..<5 { collection.append(try await tag("photos.tag", "Trip \(round)")) }
  let fastest = collection.map(\.wall).min() ?? .zero
  let slowest = collection.map(\.wall).max() ?? .zero
  let leastCPU = collection.map(\.cpu).min() ?? .zero
  let resolved = try await tag("bench.tagResolved", "Resolved")
  print(
    "photos.tag, 100,000 ids:  EntityCollection \(milliseconds(fastest)) ms (best of 5, "
      + "\(milliseconds(fastest))-\(milliseconds(slowest)) ms, including the write; CPU "
      + "\(milliseconds(leastCPU)) ms); resolved [Photo] \(milliseconds(resolved.wall)) ms "
      + "(CPU \(milliseconds(resolved.cpu)) ms); \(String(format: "%.0f", resolved.wall / fastest))x "
      + "faster (CPU: \(String(format: "%.0f", resolved.cpu / leastCPU))x)")
}

/// The CPU time this process has used, in all its threads.
private func processCPUTime() -> Duration {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  let user = Duration.seconds(usage.ru_utime.tv_sec) + .microseconds(usage.ru_utime.tv_usec)
  let system = Duration.seconds(usage.ru_stime.tv_sec) + .microseconds(usage.ru_stime.tv_usec)
  return user + system
}

private func milliseconds(_ duration: Duration) -> String {
  String(format: "%.1f", duration / .milliseconds(1))
}

/// The seed's "before": a `[Photo]` parameter, which the engine resolves item by item.
private struct TagResolvedPhotos: AppIntent {
  static let identifier: IntentIdentifier = "bench.tagResolved"
  static let title = "Tag Photos (resolved)"

  @Parameter(title: "Photos") var photos: [Photo]
  @Parameter(title: "Tag") var tag: String
  @Dependency({ $0.photoStore }) var store: PhotoStore

  func perform() async throws -> IntentResult<Int> {
    .result(value: try store.tag(ids: photos.map(\.id), with: tag))
  }
}
