/// Path arithmetic on text, shared by the engine and the standard library's file intents.
package enum PathText {
  /// An absolute `path` without empty components, `.` and `..` (which stops at the root),
  /// and without a trailing slash; nothing on disk is read, so no link is resolved.
  ///
  /// Worked on the path's components rather than through `URL`, whose first use in a run made
  /// the runtime search every protocol conformance record of the program.
  package static func standardize(_ path: String) -> String {
    var components: [Substring] = []
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch component {
      case ".": continue
      case "..": _ = components.popLast()
      default: components.append(component)
      }
    }
    var result = ""
    result.reserveCapacity(path.utf8.count)
    for component in components {
      result += "/"
      result += component
    }
    return result.isEmpty ? "/" : result
  }
}
