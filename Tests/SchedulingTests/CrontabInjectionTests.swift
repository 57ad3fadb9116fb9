import Cron
import Foundation
import StandardIntents
import Suggestions
import TestSupport
import Testing
import WorkflowEngine

@testable import Scheduling

/// The attacks of issue 7 on `intentflow crontab`: each tries to make the export write a line
/// that cron would run as a command of the attacker's choice.
@Suite("Crontab export under hostile input")
struct CrontabInjectionTests {
  static let steps = #""steps": [{"intent": "text.uppercase", "parameters": {"input": "x"}}]"#

  func workflow(name: String = "report", path: String) throws -> ScheduledWorkflow {
    let json =
      #"{"name": "\#(name)", "schedule": {"cron": "0 7 * * *", "timezone": "UTC"}, "#
      + Self.steps + "}"
    let loader = WorkflowLoader(registry: StandardIntents.registry)
    let plan = try loader.load(WorkflowSource(path: path, bytes: Array(json.utf8)))
    return try #require(ScheduledWorkflow(plan: plan, path: path, timeZone: .current))
  }

  let export = CrontabExport(executable: "/usr/bin/intentflow", home: "/var/lib/intentflow")

  /// What cronie does to a command before `/bin/sh -c` sees it (do_command.c): a `%` not
  /// preceded by `\` ends the command (the rest becomes standard input); `\%` becomes `%`;
  /// any other `\` stays, and the character after it is taken as is.
  static func cronCommand(_ line: String) -> String {
    var result = ""
    var escaped = false
    for character in line {
      if escaped {
        if character == "%" { result.removeLast() }
        result.append(character)
        escaped = false
        continue
      }
      if character == "%" { break }
      if character == "\\" { escaped = true }
      result.append(character)
    }
    return result
  }

  /// The single word the shell makes of `quoted`, after cron's own pass.
  static func shellWord(_ quoted: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "printf '%s' " + cronCommand(quoted)]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test(
    "a quoted path survives cron's % rule and the shell unchanged",
    arguments: [
      "/a%b.json", #"/a\%b.json"#, "/it's.json", "/$(touch pwned).json", "/a b/c.json",
      #"/"quoted".json"#, "%", "%%", #"\"#, #"/x\"#, "/`id`.json", "/a;b|c&d>e.json", "/ünï.json",
      #"/a\\%%\'%.json"#, "/it'\u{301}s; touch pwned '\u{301}.json",
    ])
  func quotingRoundTrip(path: String) async throws {
    let word = try await offPool { try Self.shellWord(CrontabExport.quote(path)) }
    #expect(word == path)
  }

  @Test(
    "a path with a line break or another control character refuses the export",
    arguments: ["\n", "\r", "\u{0}", "\u{2028}", "\u{2029}", "\u{85}", "\u{1B}", "\t"])
  func controlCharacterInPath(character: String) throws {
    let path = "/srv/flows/evil\(character)* * * * * touch pwned.json"
    let scheduled = try workflow(path: path)
    #expect(throws: CrontabExport.Refusal.self) { try export.render([scheduled]) }
    do {
      _ = try export.render([scheduled])
    } catch {
      #expect(error.message.hasPrefix("workflow path '/srv/flows/evil\\u{"))
      #expect(error.message.hasSuffix("rename it, nothing was exported"))
      #expect(!UnsafeText.isUnsafe(error.message))
    }
  }

  @Test("a home or executable with a line break refuses the export")
  func controlCharacterInHome() throws {
    let scheduled = try workflow(path: "/srv/report.json")
    let home = CrontabExport(
      executable: "/usr/bin/intentflow", home: "/tmp/h\n* * * * * touch /tmp/pwned\n")
    #expect(throws: CrontabExport.Refusal.self) { try home.render([scheduled]) }
    let executable = CrontabExport(executable: "/bin/x\rrm -rf ~", home: "/h")
    #expect(throws: CrontabExport.Refusal.self) { try executable.render([]) }
  }

  @Test("the home's environment line is quoted so that cron keeps it literal")
  func homeEnvironmentLine() throws {
    let text = try CrontabExport(executable: "/bin/intentflow", home: "/my home/it's")
      .render([])
    #expect(text.contains("\nINTENTFLOW_HOME=\"/my home/it's\"\n"))
    let both = CrontabExport(executable: "/bin/intentflow", home: #"/a'b"c"#)
    #expect(throws: CrontabExport.Refusal.self) { try both.render([]) }
  }

  @Test("the PATH the export runs with is written quoted; one with a line break refuses it")
  func searchPathLine() throws {
    let text = try CrontabExport(
      executable: "/bin/intentflow", home: "/h", searchPath: "/opt/my tools/bin:/usr/bin"
    ).render([])
    #expect(text.contains("\nPATH='/opt/my tools/bin:/usr/bin'\n"))
    let hostile = CrontabExport(
      executable: "/bin/intentflow", home: "/h",
      searchPath: "/usr/bin\n* * * * * touch /tmp/pwned")
    #expect(throws: CrontabExport.Refusal.self) { try hostile.render([]) }
  }

  @Test("a skipped file's path is escaped in its comment, so it stays one line")
  func skippedPathComment() throws {
    let text = try export.render([], skipped: ["/d/x\n* * * * * touch /tmp/pwned\n.json"])
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 6)  // four header lines, the comment, and the final empty line
    #expect(
      lines[4] == #"# skipped /d/x\u{A}* * * * * touch /tmp/pwned\u{A}.json: it fails "#
        + #"validation; run 'intentflow validate /d/x\u{A}* * * * * touch /tmp/pwned\u{A}.json'"#)
    #expect(lines.allSatisfy { $0.isEmpty || $0.hasPrefix("#") || $0.contains("=") })
  }

  @Test("workflows named 'backup db' and 'backup/db' get their own lock and log")
  func distinctLocks() throws {
    let first = try workflow(name: "backup db", path: "/srv/a/backup.json")
    let second = try workflow(name: "backup/db", path: "/srv/b/backup.json")
    let sameName = try workflow(name: "backup db", path: "/srv/c/backup.json")
    let names = [first, second, sameName].map(CrontabExport.fileName(for:))
    #expect(Set(names).count == 3)
    #expect(names[0] == "backup-db-" + CrontabExport.pathHash("/srv/a/backup.json"))
    #expect(CrontabExport.pathHash("/srv/a/backup.json").count == 16)
  }

  @Test("a long name makes a bounded slug")
  func boundedSlug() {
    #expect(CrontabExport.slug(String(repeating: "n", count: 10_000)).count == 48)
    #expect(CrontabExport.slug("") == "workflow")
    #expect(CrontabExport.slug("rapport-été") == "rapport--t-")
  }

  @Test("the machine's zone must be an IANA name when a workflow names none")
  func defaultZoneMustBeIANA() throws {
    let json = #"{"name": "r", "schedule": "0 7 * * *", "# + Self.steps + "}"
    let loader = WorkflowLoader(registry: StandardIntents.registry)
    let plan = try loader.load(WorkflowSource(path: "/r.json", bytes: Array(json.utf8)))
    let scheduled = try #require(ScheduledWorkflow(plan: plan, path: "/r.json", timeZone: .current))
    let posix = try #require(TimeZone(identifier: "GMT+5"))
    let export = CrontabExport(executable: "/bin/intentflow", home: "/h", defaultTimeZone: posix)
    #expect(throws: CrontabExport.Refusal.self) { try export.render([scheduled]) }
    let prague = try #require(TimeZone(identifier: "Europe/Prague"))
    let lines = try CrontabExport(executable: "/i", home: "/h", defaultTimeZone: prague)
      .render(scheduled)
    #expect(lines[1] == "CRON_TZ=Europe/Prague")
  }
}
