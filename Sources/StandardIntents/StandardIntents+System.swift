public import IntentKit

extension StandardIntents {
  /// The intents that reach the system: files, archives, shell, HTTP, interaction, flow.
  public static let systemIntents: [any AppIntent.Type] = [
    ListFiles.self, ReadFile.self, WriteFile.self, RenameFile.self, MoveFile.self,
    CopyFile.self, DeleteFiles.self, MakeFolder.self, ArchiveFiles.self,
    ShellRun.self,
    HTTPRequest.self,
    AskText.self, AskChoice.self, ShowResult.self, ShowNotification.self,
    Stop.self, Fail.self,
  ]
}
