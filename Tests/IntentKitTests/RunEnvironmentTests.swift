import Foundation
import IntentKit
import Testing

@Suite("The run environment: live members, set members, and unset members that fail loudly")
struct RunEnvironmentTests {
  @Test("set members are what readers get; the zone is looked up each time it is read")
  func setMembers() {
    let date = Date(timeIntervalSince1970: 1_781_566_200)
    var environment = RunEnvironment(
      clock: .fixed(date), timeZone: .gmt, random: { $0.upperBound }, makeID: { "id-1" })
    #expect(environment.clock.now() == date)
    #expect(environment.timeZone == .gmt)
    #expect(environment.random(1...4) == 4)
    #expect(environment.makeID() == "id-1")
    environment.timeZone = TimeZone(identifier: "Asia/Tokyo") ?? .gmt
    #expect(environment.timeZone.identifier == "Asia/Tokyo")
  }

  @Test("the live environment reads the system's clock and makes distinct identifiers")
  func live() {
    let environment = RunEnvironment.live
    let before = Date()
    let now = environment.clock.now()
    #expect(now >= before && now <= Date())
    #expect(environment.makeID() != environment.makeID())
    #expect((0...1).contains(environment.random(0...1)))
  }

  @Test("an intent's dependency gives the unimplemented environment in a test process")
  func dependencyInTests() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = DependencyValues(context: .test).runEnvironment.clock.now()
    }
  }

  @Test(
    "each unset member stops the test with a message naming it",
    arguments: ["clock.now", "clock.sleep", "timeZone", "random", "makeID"])
  func unimplemented(member: String) async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) { [member] in
      let environment = RunEnvironment.unimplemented
      switch member {
      case "clock.now": _ = environment.clock.now()
      case "clock.sleep": try? await environment.clock.sleep(.seconds(1))
      case "timeZone": _ = environment.timeZone
      case "random": _ = environment.random(0...1)
      default: _ = environment.makeID()
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("RunEnvironment.\(member) was used but never set"))
  }
}
