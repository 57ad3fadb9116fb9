import Extensions
import Foundation
import IntentKit
import TestSupport
import Testing

@Suite("MCP extensions over stdio, with the fixture server", .timeLimit(.minutes(2)))
struct ExtensionHostTests {
  private func run(
    _ intent: String, _ arguments: [String: Value] = [:], host: ExtensionHost,
    options: IntentInvocation.Options = IntentInvocation.Options(),
    progress: ProgressReporter = .ignored
  ) async throws(IntentFlowError) -> Value {
    let (registry, problems) = await Fixture.registry(host)
    guard let descriptor = registry.intent(IntentIdentifier(intent)) else {
      // The problems say why the fixture's tools are missing (seen once under a loaded suite).
      throw IntentFlowError(.failed, "no intent '\(intent)'; problems: \(problems)")
    }
    return try await IntentInvocation(
      descriptor, arguments: arguments, context: IntentContext(progress: progress),
      options: options
    ).run().output
  }

  @Test("every page of tools/list becomes an intent, and a call returns the tool's text")
  func callsATool() async throws {
    let host = try Fixture.host()
    let (registry, problems) = await Fixture.registry(host)
    #expect(problems.isEmpty)
    #expect(
      registry.intents.map(\.identifier.rawValue) == [
        "fx.add", "fx.delete_all", "fx.echo", "fx.fail", "fx.slow",
      ])
    #expect(try await run("fx.echo", ["text": .text("hi")], host: host) == .text("hi"))
    await host.shutdown()
  }

  @Test("callers that ask for a starting extension at once share one start and one process")
  func sharedStart() async throws {
    let host = try Fixture.host()
    let sessions = try await withThrowingTaskGroup(of: Int32.self) { group in
      for _ in 0..<8 { group.addTask { try await host.session("fx").connection.processIdentifier } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(sessions.count == 8)
    #expect(Set(sessions).count == 1, "\(sessions)")
    await host.shutdown()
  }

  @Test("structuredContent becomes a dictionary; a default fills an unset parameter")
  func structured() async throws {
    let host = try Fixture.host()
    let output = try await run("fx.add", ["a": .integer(2)], host: host)
    #expect(output == .dictionary(["sum": .integer(3)]))
    await host.shutdown()
  }

  @Test("isError fails the step with the tool's text")
  func isError() async throws {
    let host = try Fixture.host()
    await #expect(throws: IntentFlowError.self) { try await run("fx.fail", host: host) }
    do {
      _ = try await run("fx.fail", host: host)
    } catch {
      #expect(error.message == "step 'fx.fail' (fx.fail) failed: the fixture failed on purpose")
    }
    await host.shutdown()
  }

  @Test("a destructive tool needs confirmation, and runs with --yes")
  func destructive() async throws {
    let host = try Fixture.host()
    do {
      _ = try await run("fx.delete_all", ["scope": .text("mine")], host: host)
      Issue.record("the destructive tool ran without confirmation")
    } catch {
      #expect(error.code == .confirmationRequired)
    }
    var options = IntentInvocation.Options()
    options.assumeYes = true
    let output = try await run(
      "fx.delete_all", ["scope": .text("mine")], host: host, options: options)
    #expect(output == .text("deleted mine"))
    await host.shutdown()
  }

  @Test("a value outside the enum is unsupported, listing the choices")
  func enumValue() async throws {
    let host = try Fixture.host()
    var options = IntentInvocation.Options()
    options.assumeYes = true
    do {
      _ = try await run("fx.delete_all", ["scope": .text("all")], host: host, options: options)
      Issue.record("an unknown enum value was accepted")
    } catch {
      #expect(
        error.message == "step 'fx.delete_all': 'scope' is unsupported: 'all' is not one of "
          + "'mine', 'everyone'")
    }
    await host.shutdown()
  }

  @Test("progress notifications reach the progress reporter")
  func progress() async throws {
    let host = try Fixture.host()
    let updates = Observed<[ProgressReporter.Update]>([])
    let reporter = ProgressReporter { update in updates.update { $0.append(update) } }
    let output = try await run("fx.slow", ["steps": .integer(2)], host: host, progress: reporter)
    #expect(output == .text("done"))
    #expect(updates.value.map(\.completed) == [1, 2])
    #expect(updates.value.map(\.total) == [2, 2])
    await host.shutdown()
  }

  @Test("an older protocol version the server offers is accepted; an unknown one is refused")
  func versions() async throws {
    let old = try Fixture.host(mode: "old-version")
    let session = try await old.startedSession("fx")
    #expect(session.protocolVersion == "2024-11-05")
    await old.shutdown()

    let bad = try Fixture.host(mode: "bad-version")
    await #expect(
      throws: ExtensionError(
        "extension 'fx' speaks MCP version '1999-01-01', which this intentflow does not; it "
          + "speaks '2025-06-18', '2025-03-26', '2024-11-05'")
    ) { try await bad.startedSession("fx") }
    let (registry, problems) = await Fixture.registry(bad)
    #expect(registry.intents.isEmpty)
    #expect(problems.count == 1)
  }

  @Test("a start that is not answered within the limit fails, naming the limit")
  func startLimit() async throws {
    let clock = ManualClock()
    let host = ExtensionHost(
      catalog: ExtensionCatalog(
        path: "extensions.json", extensions: [try Fixture.configuration(mode: "silent")],
        problems: []),
      environment: ProcessInfo.processInfo.environment, cacheDirectory: nil,
      clientVersion: "test", startTimeout: .seconds(10),
      clock: RunClock(now: { clock.now }, sleep: { try await clock.sleep($0) }))
    async let outcome: String = {
      do {
        return "started, speaking \(try await host.startedSession("fx").protocolVersion)"
      } catch {
        return "\(error)"
      }
    }()
    #expect(await clock.waitForSleep(number: 1))
    #expect(clock.requested == [.seconds(10)])
    clock.advance(by: .seconds(10))
    let message = await outcome
    #expect(
      message == "extension 'fx' did not finish starting within 10.0 seconds; check that it "
        + "answers 'initialize' on stdout")
    await host.shutdown()
  }

  private func failure(mode: String) async throws -> String {
    let host = try Fixture.host(mode: mode)
    let message: String
    do {
      _ = try await run("fx.echo", ["text": .text("hi")], host: host)
      message = "no error"
    } catch {
      message = error.message
    }
    await host.shutdown()
    return message
  }

  @Test("a crash fails the step, naming the extension, its exit status and last log line")
  func crash() async throws {
    #expect(
      try await failure(mode: "crash-on-call")
        == "step 'fx.echo' (fx.echo) failed: extension 'fx' exited with status 3: "
        + "fixture: crashing as asked")
  }

  @Test("a malformed message fails the step, naming the extension")
  func malformed() async throws {
    let message = try await failure(mode: "malformed-on-call")
    #expect(
      message.hasPrefix(
        "step 'fx.echo' (fx.echo) failed: extension 'fx' sent a malformed message "
          + "'{this is not json': "), "\(message)")
  }

  @Test("a malformed message that echoes a secret across the quote's cut shows none of it")
  func malformedSecret() async throws {
    let host = try Fixture.host(mode: "malformed-echo-on-call")
    let secret = "Zq9-Vx7-Wp3-Kf5"
    var dependencies = DependencyValues()
    dependencies.secrets = SecretValues([secret])
    let (registry, problems) = await Fixture.registry(host)
    let descriptor = try #require(registry.intent("fx.echo"), "\(problems)")
    do {
      _ = try await IntentInvocation(
        descriptor, arguments: ["text": .text(secret)],
        context: IntentContext(dependencies: dependencies)
      ).run()
      Issue.record("the call succeeded")
    } catch {
      #expect(error.message.contains("sent a malformed message '{xxxx"), "\(error.message)")
      for fragment in ["Zq9", "Vx7", "Wp3", "Kf5"] {
        #expect(!error.message.contains(fragment), "\(error.message)")
      }
    }
    await host.shutdown()
  }

  @Test("an oversized message fails the step, naming the limit")
  func oversized() async throws {
    #expect(
      try await failure(mode: "oversized-on-call")
        == "step 'fx.echo' (fx.echo) failed: extension 'fx' sent a message over 8388608 bytes; "
        + "messages must be one line of JSON")
  }

  @Test("a reply to an unknown id fails the step")
  func unknownID() async throws {
    let message = try await failure(mode: "unknown-id-on-call")
    #expect(
      message.hasPrefix(
        "step 'fx.echo' (fx.echo) failed: extension 'fx' replied to unknown "
          + "request id "), "\(message)")
  }

  @Test("a hang ends with the step's timeout, and the process is stopped at shutdown")
  func hang() async throws {
    let host = try Fixture.host(mode: "hang-on-call")
    let received = Observed(false)
    let reporter = ProgressReporter { _ in received.update { $0 = true } }
    var options = IntentInvocation.Options()
    options.timeout = .seconds(30)
    // The timeout "elapses" as soon as the fixture says it has the call.
    options.sleep = { _ in _ = await received.wait { $0 } }
    do {
      _ = try await run(
        "fx.echo", ["text": .text("hi")], host: host, options: options, progress: reporter)
      Issue.record("the hanging call returned")
    } catch {
      #expect(error.code == .timedOut, "\(error.message)")
    }
    let session = try await host.session("fx")
    await host.shutdown()
    #expect(session.connection.hasExited)
  }

  @Test("the extension is told why the call was given up: the timeout, or the signal")
  func cancellationReason() async throws {
    for (timesOut, expected) in [
      (true, "the step ran longer than its 30s timeout"), (false, "the run received SIGTERM"),
    ] {
      let folder = try TemporaryDirectory()
      let log = folder.path("cancelled.log")
      let host = try Fixture.host(mode: "hang-on-call", log: log)
      let received = Observed(false)
      let reporter = ProgressReporter { _ in received.update { $0 = true } }
      var options = IntentInvocation.Options()
      options.cancellationReason = { .signal(15) }
      options.timeout = timesOut ? .seconds(30) : nil
      if timesOut { options.sleep = { _ in _ = await received.wait { $0 } } }
      let call = Task {
        try await run(
          "fx.echo", ["text": .text("hi")], host: host, options: options, progress: reporter)
      }
      if !timesOut {
        _ = await received.wait { $0 }
        call.cancel()
      }
      _ = await call.result
      // The fixture writes the reason before it reads the end of its input and exits.
      await host.shutdown()
      #expect(try String(contentsOfFile: log, encoding: .utf8) == expected + "\n")
    }
  }
}
