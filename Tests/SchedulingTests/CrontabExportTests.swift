import Cron
import Foundation
import StandardIntents
import Testing
import WorkflowEngine

@testable import Scheduling

@Suite("Exporting crontab lines")
struct CrontabExportTests {
  func workflow(
    _ json: String, path: String = "/srv/flows/report.json"
  ) throws -> ScheduledWorkflow {
    let loader = WorkflowLoader(registry: StandardIntents.registry)
    let plan = try loader.load(WorkflowSource(path: path, bytes: Array(json.utf8)))
    return try #require(ScheduledWorkflow(plan: plan, path: path, timeZone: .current))
  }

  @Test("a workflow gets a comment, its zone and a flock-guarded line that logs")
  func exportsOneWorkflow() throws {
    let hash = CrontabExport.pathHash("/srv/flows/report.json")
    let export = CrontabExport(
      executable: "/usr/local/bin/intentflow", home: "/var/lib/intentflow",
      defaultTimeZone: try #require(TimeZone(identifier: "UTC")))
    let lines = try export.render(
      try workflow(
        #"{"name": "report", "schedule": {"cron": "0 7 * * MON-FRI", "timezone": "Europe/Prague"}, "steps": [{"intent": "text.uppercase", "parameters": {"input": "x"}}]}"#
      ))
    #expect(
      lines == [
        "# report (/srv/flows/report.json): 0 7 * * MON-FRI",
        "CRON_TZ=Europe/Prague",
        "0 7 * * MON-FRI umask 077 && mkdir -p /var/lib/intentflow/locks /var/lib/intentflow/logs && "
          + "flock -n /var/lib/intentflow/locks/report-\(hash).lock /usr/local/bin/intentflow run "
          + "/srv/flows/report.json --non-interactive >> "
          + "/var/lib/intentflow/logs/report-\(hash).log 2>&1",
      ])
  }

  @Test("overlap allow drops the lock and queue waits for it")
  func overlapPolicies() throws {
    let export = CrontabExport(executable: "/bin/intentflow", home: "/h")
    let allow = try export.render(
      try workflow(
        #"{"name": "a", "schedule": {"cron": "* * * * *", "overlap": "allow"}, "steps": [{"intent": "text.uppercase", "parameters": {"input": "x"}}]}"#
      ))
    #expect(!allow[2].contains("flock"))
    let queue = try export.render(
      try workflow(
        #"{"name": "q", "schedule": {"cron": "* * * * *", "overlap": "queue"}, "steps": [{"intent": "text.uppercase", "parameters": {"input": "x"}}]}"#
      ))
    #expect(queue[2].contains("flock /h/locks/q-"))
    #expect(!queue[2].contains("flock -n"))
  }

  @Test(
    "schedules cron cannot express are left as comments",
    arguments: ["*/5 * * * * *", "0 0 L * *", "0 9 * * FRI#2"])
  func unsupportedSchedules(cron: String) throws {
    let export = CrontabExport(executable: "/bin/intentflow", home: "/h")
    let lines = try export.render(
      try workflow(
        #"{"name": "x", "schedule": "\#(cron)", "steps": [{"intent": "text.uppercase", "parameters": {"input": "x"}}]}"#
      ))
    #expect(lines.count == 2)
    #expect(lines[1].hasPrefix("# not exported: "))
  }

  @Test("paths with spaces and percent signs are quoted for cron's shell")
  func quoting() {
    #expect(CrontabExport.quote("/my flows/a%b.json") == #"'/my flows/a'\%b.json"#)
    #expect(CrontabExport.quote("/plain/path.json") == "/plain/path.json")
  }
}
