import ChildProcesses
public import IntentKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `show.notification`: a desktop notification, or a dialog line where there is no desktop.
public struct ShowNotification: AppIntent {
  public static let identifier: IntentIdentifier = "show.notification"
  public static let title = "Show Notification"
  public static let description =
    "Shows a desktop notification with notify-send where it exists and a desktop session is "
    + "running; otherwise prints the title and body as a dialog line."
  public static let parameterSummary: String? = "Notify {title}"

  @Parameter(title: "Title", requestValueDialog: "What should the notification say?")
  public var title: String

  @Parameter(title: "Body", description: "More text under the title.")
  public var body: String?

  @Dependency({ $0.shell }) var settings: ShellSettings
  @Dependency({ $0.currentDirectory }) var currentDirectory: String

  public init() {}

  public func perform() async throws -> IntentResult<NoValue> {
    let line = body.map { "\(title): \($0)" } ?? title
    let environment = settings.environment
    let hasDesktop =
      environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil
      || environment["DBUS_SESSION_BUS_ADDRESS"] != nil
    if hasDesktop,
      let notifier = try? ShellRun.locate(
        "notify-send", path: environment["PATH"], in: currentDirectory),
      let process = try? ChildProcess(
        executable: notifier, arguments: ["notify-send", "--", title] + (body.map { [$0] } ?? []),
        environment: environment, directory: nil, input: nil)
    {
      let outcome = await process.run(grace: settings.terminationGrace)
      if outcome.exitCode == 0 { return .result() }
    }
    return .result(dialog: line)
  }
}
