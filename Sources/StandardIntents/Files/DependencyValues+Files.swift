public import IntentKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

private enum CurrentDirectoryKey: DependencyKey {
  static var defaultValue: String { FileManager.default.currentDirectoryPath }
}

extension DependencyValues {
  /// The folder relative paths start from: the process's current directory unless set (tests
  /// set a temporary folder).
  public var currentDirectory: String {
    get { self[CurrentDirectoryKey.self] }
    set { self[CurrentDirectoryKey.self] = newValue }
  }
}
