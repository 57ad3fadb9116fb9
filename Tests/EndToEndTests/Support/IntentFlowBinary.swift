import Foundation

/// Finds the built `intentflow` executable: `INTENTFLOW_BINARY` if set, else next to the
/// running test executable (SwiftPM builds products and the test bundle into one directory),
/// else `.build/debug/intentflow` in the package that holds this file.
enum IntentFlowBinary {
  struct NotFound: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
      "cannot find the intentflow binary (looked at \(searched.joined(separator: ", "))); "
        + "run 'swift build' first or set INTENTFLOW_BINARY"
    }
  }

  /// The executable, found once per test process.
  static let location: Result<URL, NotFound> = locate()

  static func url() throws -> URL { try location.get() }

  private static func locate() -> Result<URL, NotFound> {
    let fileManager = FileManager.default
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["INTENTFLOW_BINARY"], !path.isEmpty {
      let url = URL(fileURLWithPath: path)
      return fileManager.isExecutableFile(atPath: url.path)
        ? .success(url) : .failure(NotFound(searched: ["INTENTFLOW_BINARY=\(path)"]))
    }
    var searched: [String] = []
    for start in runningExecutables() {
      // On Linux the test bundle is an executable in .build/debug; on macOS it is a bundle
      // whose executable is a few directories below .build/debug.
      var directory = start.deletingLastPathComponent()
      for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("intentflow")
        searched.append(candidate.path)
        if isExecutableFile(candidate) { return .success(candidate) }
        directory.deleteLastPathComponent()
      }
    }
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while directory.path != "/" {
      let candidate = directory.appendingPathComponent(".build/debug/intentflow")
      if isExecutableFile(candidate) { return .success(candidate) }
      directory.deleteLastPathComponent()
    }
    searched.append(".build/debug/intentflow above \(#filePath)")
    return .failure(NotFound(searched: searched))
  }

  private static func runningExecutables() -> [URL] {
    var urls: [URL] = []
    #if os(Linux)
      if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        urls.append(URL(fileURLWithPath: path))
      }
    #endif
    if let url = Bundle.main.executableURL { urls.append(url) }
    if let first = CommandLine.arguments.first, first.hasPrefix("/") {
      urls.append(URL(fileURLWithPath: first))
    }
    urls.append(Bundle.module.bundleURL.appendingPathComponent("placeholder"))
    return urls
  }

  private static func isExecutableFile(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      && !isDirectory.boolValue && FileManager.default.isExecutableFile(atPath: url.path)
  }
}
