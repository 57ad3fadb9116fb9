import Extensions
import Foundation
import IntentKit
import Testing

@Suite("Restarting crashed extensions and remembering broken ones", .timeLimit(.minutes(2)))
struct ExtensionLifecycleTests {
  @Test("a process that died is started afresh at its next use; the step it died in fails")
  func restarts() async throws {
    let directory = try EntityFixture.temporaryDirectory()
    let host = try EntityFixture.host(
      mode: "crash-once", environment: ["FIXTURE_MARKER": directory + "/crashed"])
    do {
      _ = try await EntityFixture.run("ent.read", ["note": .text("n3")], host: host)
      Issue.record("the step during which the extension crashed succeeded")
    } catch {
      #expect(
        error.message
          == "step 'ent.read' (ent.read) failed: extension 'ent' exited with status 3: "
          + "fixture: crashing as asked")
    }
    #expect(
      try await EntityFixture.run("ent.read", ["note": .text("n3")], host: host)
        == .text("a boat"))
    await host.shutdown()
  }

  @Test("after the last restart allowed, the error names the extension and its last log line")
  func restartLimit() async throws {
    let host = try EntityFixture.host(mode: "crash-always", maximumRestarts: 1)
    let (registry, _) = await Fixture.registry(host)
    var messages: [String] = []
    for _ in 1...3 {
      do {
        _ = try await EntityFixture.run(
          "ent.read", ["note": .text("n3")], host: host, registry: registry)
      } catch {
        messages.append(error.message)
      }
    }
    let crash =
      "step 'ent.read' (ent.read) failed: extension 'ent' exited with status 3: "
      + "fixture: crashing as asked"
    // The third step needs the extension first to look its note up.
    #expect(
      messages == [
        crash, crash,
        "step 'ent.read' (ent.read) failed while looking up ent.Note 'n3': extension 'ent' exited "
          + "with status 3: fixture: crashing as asked; it was restarted 1 time in this run and "
          + "is not started again",
      ])
    await host.shutdown()
  }

  @Test("a failure to start is cached until refreshed; a cached failure starts nothing")
  func cachedFailure() async throws {
    let directory = try EntityFixture.temporaryDirectory()
    let starts = directory + "/starts"
    func states(refresh: Bool) async throws -> [String] {
      let host = try EntityFixture.host(
        mode: "exit-at-start", environment: ["FIXTURE_STARTS": starts],
        cacheDirectory: directory + "/cache")
      let states = await host.states(refresh: refresh)
      await host.shutdown()
      return states.map { _, state in
        if case .broken(let error) = state { return error.message }
        return "available"
      }
    }
    func startCount() throws -> Int {
      try String(contentsOfFile: starts, encoding: .utf8).split(separator: "\n").count
    }
    let fresh = try await states(refresh: false)
    #expect(fresh.count == 1)
    #expect(fresh[0].hasPrefix("extension 'ent' exited with status 4: fixture: cannot start"))
    #expect(try startCount() == 1)
    #expect(
      try await states(refresh: false) == [
        fresh[0]
          + " (remembered from an earlier try; 'intentflow extensions --refresh' tries again)"
      ])
    #expect(try startCount() == 1)
    #expect(try await states(refresh: true) == fresh)
    #expect(try startCount() == 2)
  }

  @Test("declarations with entity types come back from the cache without a start")
  func cachedEntities() async throws {
    let directory = try EntityFixture.temporaryDirectory()
    let starts = directory + "/starts"
    func host() throws -> ExtensionHost {
      try EntityFixture.host(
        environment: ["FIXTURE_STARTS": starts], cacheDirectory: directory + "/cache")
    }
    let first = try host()
    _ = await Fixture.registry(first)
    await first.shutdown()
    let second = try host()
    let (registry, problems) = await Fixture.registry(second)
    #expect(problems.isEmpty)
    #expect(registry.intent("ent.make")?.outputType.entityType?.name == "ent.Note")
    let lines = try String(contentsOfFile: starts, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 1)
    #expect(
      try await EntityFixture.run("ent.read", ["note": .text("Ideas")], host: second)
        == .text("a boat"))
    await second.shutdown()
  }
}
