import Cron
import Foundation
import StandardIntents
import Testing
import WorkflowEngine

@testable import Scheduling

@Suite("Exporting Kubernetes CronJobs")
struct KubernetesExportTests {
  static let steps = #""steps": [{"intent": "text.uppercase", "parameters": {"input": "x"}}]"#
  // A fixed instant (2026-01-01T00:00:00Z), so daylight-saving checks do not drift.
  static let now = Date(timeIntervalSince1970: 1_767_225_600)

  func workflow(_ json: String, path: String = "/srv/flows/report.json") throws
    -> (ScheduledWorkflow, KubernetesExport.File)
  {
    let loader = WorkflowLoader(registry: StandardIntents.registry)
    let plan = try loader.load(WorkflowSource(path: path, bytes: Array(json.utf8)))
    return (
      try #require(ScheduledWorkflow(plan: plan, path: path, timeZone: .current)),
      KubernetesExport.File(path: path, contents: json)
    )
  }

  func export(
    _ items: [(ScheduledWorkflow, KubernetesExport.File)], store: Bool = false,
    namespace: String? = nil
  ) throws -> (documents: [YAMLNode], output: KubernetesExport.Output) {
    let export = KubernetesExport(
      image: "registry.example.com/intentflow:0.1.0", namespace: namespace,
      defaultTimeZone: try #require(TimeZone(identifier: "UTC")), usesSharedStore: store,
      now: Self.now)
    let output = try export.render(items.map(\.0), files: items.map(\.1))
    return (try YAMLSubset.documents(output.yaml), output)
  }

  @Test("a ConfigMap holds the files and a CronJob runs each scheduled workflow")
  func configMapAndCronJob() throws {
    let json =
      #"{"name": "Daily report", "schedule": {"cron": "0 7 * * MON-FRI", "timezone": "Europe/Prague", "overlap": "allow", "catchUp": "none"}, "inputs": {"token": {"type": "text", "secret": true, "env": "REPORT_TOKEN"}}, \#(Self.steps)}"#
    let (documents, output) = try export([try workflow(json)], store: true, namespace: "jobs")
    #expect(output.refusals.isEmpty)
    #expect(output.warnings.isEmpty)
    try #require(documents.count == 2)
    let configMap = documents[0]
    #expect(configMap["kind"]?.text == "ConfigMap")
    #expect(configMap["metadata"]?["name"]?.text == "intentflow-workflows")
    #expect(configMap["metadata"]?["namespace"]?.text == "jobs")
    #expect(configMap["data"]?["report.json"]?.text == json)

    let job = documents[1]
    #expect(job["apiVersion"]?.text == "batch/v1")
    #expect(job["kind"]?.text == "CronJob")
    #expect(job["metadata"]?["name"]?.text == "daily-report")
    #expect(job["metadata"]?["annotations"]?["intentflow.dev/workflow"]?.text == "Daily report")
    let spec = try #require(job["spec"])
    #expect(spec["schedule"]?.text == "0 7 * * 1-5")
    #expect(spec["timeZone"]?.text == "Europe/Prague")
    #expect(spec["concurrencyPolicy"]?.text == "Allow")
    #expect(spec["startingDeadlineSeconds"]?.integer == 60)
    #expect(spec["successfulJobsHistoryLimit"]?.integer == 3)
    #expect(spec["failedJobsHistoryLimit"]?.integer == 3)
    let pod = try #require(spec["jobTemplate"]?["spec"]?["template"]?["spec"])
    #expect(pod["restartPolicy"]?.text == "Never")
    let container = try #require(pod["containers"]?[0])
    #expect(container["image"]?.text == "registry.example.com/intentflow:0.1.0")
    #expect(container["command"]?.items.compactMap(\.text) == ["intentflow"])
    #expect(
      container["args"]?.items.compactMap(\.text)
        == ["run", "/etc/intentflow/workflows/report.json", "--non-interactive"])
    let environment = container["env"]?.items ?? []
    #expect(
      environment.compactMap { $0["name"]?.text }
        == [
          "INTENTFLOW_TRIGGER", "INTENTFLOW_HOME", "INTENTFLOW_WORKFLOWS", "INTENTFLOW_STORE",
          "REPORT_TOKEN",
        ])
    #expect(environment[0]["value"]?.text == "schedule")
    #expect(
      environment[3]["valueFrom"]?["secretKeyRef"]
        == .mapping([("name", .text("intentflow-store")), ("key", .text("url"))]))
    #expect(
      environment[4]["valueFrom"]?["secretKeyRef"]
        == .mapping([("name", .text("intentflow-secrets")), ("key", .text("REPORT_TOKEN"))]))
    #expect(
      container["volumeMounts"]?.items.compactMap { $0["mountPath"]?.text }
        == ["/etc/intentflow/workflows", "/var/lib/intentflow"])
    #expect(pod["volumes"]?[0]?["configMap"]?["name"]?.text == "intentflow-workflows")
    #expect(pod["volumes"]?[1]?["emptyDir"] == .mapping([]))
  }

  @Test("overlap skip and queue forbid concurrency; catchUp latest sets no deadline")
  func overlapAndCatchUp() throws {
    for (overlap, policy) in [("skip", "Forbid"), ("queue", "Forbid"), ("allow", "Allow")] {
      let json =
        #"{"name": "a", "schedule": {"cron": "*/5 * * * *", "overlap": "\#(overlap)", "catchUp": "latest"}, \#(Self.steps)}"#
      let (documents, _) = try export([try workflow(json)])
      #expect(documents[1]["spec"]?["concurrencyPolicy"]?.text == policy)
      #expect(documents[1]["spec"]?["startingDeadlineSeconds"] == nil)
      #expect(
        documents[1]["spec"]?["schedule"]?.text == "0,5,10,15,20,25,30,35,40,45,50,55 * * * *")
    }
  }

  @Test(
    "schedules a CronJob cannot express are refused, naming the file",
    arguments: [
      (
        "*/5 * * * * *",
        "'/srv/flows/report.json': schedule '*/5 * * * * *' has a seconds field, which a "
          + "Kubernetes CronJob cannot express (its schedule has 5 fields, to the minute); use "
          + "a 5-field schedule, or run it with 'intentflow schedule'"
      ),
      (
        "0 0 L * *",
        "'/srv/flows/report.json': schedule '0 0 L * *' uses 'L' or '#', which a Kubernetes "
          + "CronJob cannot express; run it with 'intentflow schedule'"
      ),
      (
        "0 0 */2 * MON",
        "'/srv/flows/report.json': schedule '0 0 */2 * MON' restricts both day fields with one "
          + "starting with '*', which cron reads as 'both' and Kubernetes as 'either'; write the "
          + "days as one field, or run it with 'intentflow schedule'"
      ),
    ])
  func refusals(cron: String, message: String) throws {
    let json = #"{"name": "a", "schedule": "\#(cron)", \#(Self.steps)}"#
    let (documents, output) = try export([try workflow(json)])
    #expect(output.refusals == [message])
    #expect(documents.count == 1)  // the ConfigMap alone
  }

  @Test("day fields keep cron's meaning: '*/2' in a day field is 'every other day'")
  func dayFields() throws {
    let both = try KubernetesExport.schedule(for: try CronExpression(parsing: "0 0 */2 * *"))
    #expect(both == "0 0 1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31 * *")
    let either = try KubernetesExport.schedule(for: try CronExpression(parsing: "0 12 1,15 * FRI"))
    #expect(either == "0 12 1,15 * 5")
    let weekly = try KubernetesExport.schedule(for: try CronExpression(parsing: "@weekly"))
    #expect(weekly == "0 0 * * 0")
  }

  @Test("hostile names become unique DNS labels and stay intact as quoted text")
  func hostileNames() throws {
    let name =
      #"Report: \"x\" #1 - ok: {evil} & *ref !tag ✓ 'q' "# + String(repeating: "long", count: 20)
    let first = try workflow(
      #"{"name": "\#(name)", "schedule": "0 1 * * *", \#(Self.steps)}"#,
      path: "/srv/a/réport: x.json")
    let second = try workflow(
      #"{"name": "\#(name)", "schedule": "0 2 * * *", \#(Self.steps)}"#,
      path: "/srv/b/réport: x.json")
    let (documents, output) = try export([first, second])
    try #require(documents.count == 3)
    let keys = documents[0]["data"]?.keys ?? []
    #expect(keys.count == 2 && Set(keys).count == 2)
    #expect(
      keys.allSatisfy {
        $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) }
      })
    #expect(output.warnings.count == 2)  // each file mounted under another name
    let labels = documents[1...].compactMap { $0["metadata"]?["name"]?.text }
    #expect(Set(labels).count == 2)
    for label in labels {
      #expect(label.count <= 52)
      #expect(KubernetesExport.isLabel(label, limit: 52), "\(label)")
    }
    let decodedName = try #require(
      try JSONSerialization.jsonObject(with: Data(#""\#(name)""#.utf8), options: .fragmentsAllowed)
        as? String)
    #expect(
      documents[1]["metadata"]?["annotations"]?["intentflow.dev/workflow"]?.text == decodedName)
    #expect(documents[0]["data"]?[keys[0]]?.text == first.1.contents)
  }

  @Test("a fixed-time schedule in a skipped or repeated hour is warned about")
  func daylightSavingWarnings() throws {
    let repeated = try workflow(
      #"{"name": "a", "schedule": {"cron": "30 2 * * *", "timezone": "Europe/Prague"}, \#(Self.steps)}"#
    )
    let (_, output) = try export([repeated])
    #expect(
      output.warnings == [
        "'/srv/flows/report.json': schedule '30 2 * * *' in Europe/Prague falls in the hour "
          + "skipped when clocks go forward (2026-03-29, 02:00–03:00); Kubernetes may not run it "
          + "that day, where intentflow runs it once at 03:00; choose a time outside 02:00–03:00 "
          + "or a zone without daylight saving"
      ])
    let fallBack = try workflow(
      #"{"name": "a", "schedule": {"cron": "30 1 * * SUN", "timezone": "America/New_York"}, \#(Self.steps)}"#
    )
    let (_, fallOutput) = try export([fallBack])
    #expect(fallOutput.warnings.count == 1)
    #expect(
      fallOutput.warnings.first?.contains("Kubernetes runs it twice there (kubernetes#121594)")
        == true)
    let safe = try workflow(
      #"{"name": "a", "schedule": {"cron": "0 7 * * *", "timezone": "Europe/Prague"}, \#(Self.steps)}"#
    )
    #expect(try export([safe]).output.warnings.isEmpty)
    let wallClock = try workflow(
      #"{"name": "a", "schedule": {"cron": "*/15 * * * *", "timezone": "Europe/Prague"}, \#(Self.steps)}"#
    )
    #expect(try export([wallClock]).output.warnings.isEmpty)
  }

  @Test("a namespace that is not a DNS label refuses the export")
  func badNamespace() throws {
    let json = #"{"name": "a", "schedule": "0 1 * * *", \#(Self.steps)}"#
    #expect(throws: CrontabExport.Refusal.self) {
      try export([try workflow(json)], namespace: "Bad_Namespace")
    }
  }
}
