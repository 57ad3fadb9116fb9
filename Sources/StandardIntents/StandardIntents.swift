import DataIntents
public import IntentKit

/// The built-in intents, by domain: the pure data domains of `DataIntents`, the system
/// domains (files, shell, HTTP, interaction, flow) and the apps of the seeds (todos, notes,
/// photos). A new intent is one file and one line in its domain; a new domain is one file and
/// one line here.
public enum StandardIntents {
  /// Every built-in domain, in the order `intentflow intents` and `Docs/Intents.md` list them.
  public static let domains: [IntentDomain] =
    DataIntents.domains + [.files, .shell, .http, .interaction, .flow, .todos, .notes, .photos]

  /// Every built-in intent type.
  public static let all: [any AppIntent.Type] = domains.flatMap(\.intents)

  /// A registry holding the built-in intents.
  public static var registry: IntentRegistry { IntentRegistry(all) }
}

// The system domains: what reaches the file system, processes, the network and the person.
extension IntentDomain {
  public static let files = IntentDomain(
    name: "Files", prefixes: ["files"],
    intents: [
      ListFiles.self, ReadFile.self, WriteFile.self, RenameFile.self, MoveFile.self,
      CopyFile.self, DeleteFiles.self, MakeFolder.self, ArchiveFiles.self,
    ])

  public static let shell = IntentDomain(
    name: "Shell", prefixes: ["shell"], intents: [ShellRun.self])

  public static let http = IntentDomain(
    name: "HTTP", prefixes: ["http"], intents: [HTTPRequest.self])

  public static let interaction = IntentDomain(
    name: "Interaction", prefixes: ["ask", "show"],
    intents: [AskText.self, AskChoice.self, ShowResult.self, ShowNotification.self])

  public static let flow = IntentDomain(
    name: "Flow", prefixes: ["flow"], intents: [Wait.self, Stop.self, Fail.self])
}
