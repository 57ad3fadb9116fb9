public import IntentKit

private enum CurrentDirectoryKey: DependencyKey {
  static var defaultValue: String { ProcessEnvironment.currentDirectory() }
}

extension DependencyValues {
  /// The folder relative paths start from: the process's current directory unless set (tests
  /// set a temporary folder).
  public var currentDirectory: String {
    get { self[CurrentDirectoryKey.self] }
    set { self[CurrentDirectoryKey.self] = newValue }
  }
}
