import Cron
import IntentKit
import Testing
import WorkflowEngine

/// A workflow named `name` (JSON text, escapes allowed) whose time zone, on line 3, is
/// `zone`.
private func workflow(name: String = "demo", zone: String = "UTC") -> String {
  """
  {
    "name": "\(name)",
    "schedule": { "cron": "0 7 * * *", "timezone": "\(zone)" },
    "steps": [{ "intent": "test.nothing" }]
  }
  """
}

/// Issue 7: text that ends up in a crontab line, or that cron and the daemon read
/// differently, is refused at validation with its location.
@Suite("Validating hostile names and time zones")
struct HostileWorkflowTests {
  @Test("a NUL in a time zone no longer hides the rest of the zone")
  func zoneWithNUL() {
    #expect(
      Harness.diagnostics(workflow(zone: #"UTC\u0000\n* * * * * touch /tmp/pwned"#)) == [
        #"test.json:3:50: error: time zone 'UTC\u{0}\u{A}* * * * * touch /tmp/pwned' "#
          + "contains the control character U+0000; use an IANA name such as 'Europe/Prague' "
          + "or 'UTC'"
      ])
  }

  @Test(
    "control characters in a time zone are refused",
    arguments: [
      (#"UTC\n"#, "U+000A"), (#"UTC\r"#, "U+000D"), (#"UTC\u2028"#, "U+2028"),
      (#"UTC\u2029"#, "U+2029"), (#"UTC\u0085"#, "U+0085"), (#"UTC\u001b"#, "U+001B"),
      (#"UTC\u007f"#, "U+007F"),
    ])
  func zoneWithControlCharacter(zone: String, code: String) {
    let found = Harness.diagnostics(workflow(zone: zone))
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("test.json:3:50: error: time zone 'UTC\\u{") == true)
    #expect(found.first?.contains("contains the control character \(code);") == true)
  }

  @Test(
    "offset zones that cron would read with the opposite sign are refused",
    arguments: ["GMT+5", "UTC+5", "GMT-14", "EST5", "UTC+05:30", "Etc/GMT+15", "UTC-03:00"])
  func offsetZones(zone: String) {
    #expect(
      Harness.diagnostics(workflow(zone: zone)) == [
        "test.json:3:50: error: time zone '\(zone)' is an offset, which cron reads with the "
          + "opposite sign; use an IANA name such as 'Europe/Prague' or 'UTC'"
      ])
  }

  @Test("a zone longer than any real one is refused without a search for a suggestion")
  func hugeZone() {
    let zone = String(repeating: "x", count: 1_000_000)
    #expect(TimeZoneName.suggestionCandidates(for: zone).isEmpty)
    #expect(
      Harness.diagnostics(workflow(zone: zone)) == [
        "test.json:3:50: error: unknown time zone '\(String(repeating: "x", count: 64))…'; "
          + "use an IANA name such as 'Europe/Prague' or 'UTC'"
      ])
  }

  @Test(
    "control characters in a workflow's name are refused at the name",
    arguments: [
      (#"a\u0000b"#, "U+0000", #"a\u{0}b"#), (#"a\nb"#, "U+000A", #"a\u{A}b"#),
      (#"a\rb"#, "U+000D", #"a\u{D}b"#), (#"a\u2028b"#, "U+2028", #"a\u{2028}b"#),
      (#"a\u2029b"#, "U+2029", #"a\u{2029}b"#), (#"a\u0085b"#, "U+0085", #"a\u{85}b"#),
      (#"a\tb"#, "U+0009", #"a\u{9}b"#),
    ])
  func nameWithControlCharacter(name: String, code: String, shown: String) {
    #expect(
      Harness.diagnostics(workflow(name: name)) == [
        "test.json:2:11: error: name '\(shown)' contains the control character \(code); write "
          + "it on one line, without control characters"
      ])
  }

  @Test("a step id with a line break is refused at the id")
  func stepIDWithLineBreak() {
    let found = Harness.diagnostics(
      """
      {
        "name": "demo",
        "steps": [{ "id": "a\\n* * * * * touch /tmp/pwned", "intent": "test.nothing" }]
      }
      """)
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("test.json:3:21: error: ") == true)
  }

  @Test("a cron expression with a line break is refused")
  func cronWithLineBreak() {
    let found = Harness.diagnostics(
      """
      {
        "name": "demo",
        "schedule": "0 7 * * *\\n* * * * * touch /tmp/pwned",
        "steps": [{ "intent": "test.nothing" }]
      }
      """)
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("test.json:3:") == true)
  }
}
