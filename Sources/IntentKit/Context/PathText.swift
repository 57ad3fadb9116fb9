/// Path arithmetic on text, shared by the engine and the standard library's file intents.
package enum PathText {
  /// An absolute `path` without empty components, `.` and `..` (which stops at the root),
  /// and without a trailing slash; nothing on disk is read, so no link is resolved.
  ///
  /// Worked on the path's UTF-8 bytes rather than through `URL` (whose first use in a run made
  /// the runtime search every protocol conformance record of the program) or a list of
  /// substrings (whose generic types the runtime made from their mangled names: 6 % of a cold
  /// run's instructions). A `/` byte is never part of another character in UTF-8.
  package static func standardize(_ path: String) -> String {
    let slash = UInt8(ascii: "/")
    let dot = UInt8(ascii: ".")
    let input = Array(path.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(input.count + 1)
    var kept: [Int] = []  // where each kept component's slash is in `output`
    var index = 0
    while index < input.count {
      while index < input.count, input[index] == slash { index += 1 }
      let start = index
      while index < input.count, input[index] != slash { index += 1 }
      switch index - start {
      case 0: continue
      case 1 where input[start] == dot: continue
      case 2 where input[start] == dot && input[start + 1] == dot:
        if let last = kept.popLast() { output.removeSubrange(last...) }
      default:
        kept.append(output.count)
        output.append(slash)
        output.append(contentsOf: input[start..<index])
      }
    }
    return output.isEmpty ? "/" : String(decoding: output, as: UTF8.self)
  }
}
