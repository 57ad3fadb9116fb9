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

/// What `NSString`'s path methods did, which FoundationEssentials does not have.
extension PathText {
  /// `component` joined to `path` with a slash unless `path` ends with one, as
  /// `appendingPathComponent`: an empty `path` gives `component`, an empty `component` gives
  /// `path`. Nothing else is changed.
  package static func appending(_ component: String, to path: String) -> String {
    if component.isEmpty { return path }
    if path.isEmpty { return component }
    return path.hasSuffix("/") ? path + component : path + "/" + component
  }

  // The three below first write `path` with runs of slashes as one and without a trailing
  // slash (the root stays `/`), as `NSString` does.

  /// `path` without its last component, as `deletingLastPathComponent`: `/a/b` gives `/a`,
  /// `/a` and `/` give `/`, `a` gives the empty text.
  package static func deletingLastComponent(_ path: String) -> String {
    let fixed = Array(fixingSlashes(path).utf8)
    guard fixed.count > 1, let cut = fixed.lastIndex(of: UInt8(ascii: "/")) else {
      return fixed == [UInt8(ascii: "/")] ? "/" : ""
    }
    return cut == 0 ? "/" : String(decoding: fixed[..<cut], as: UTF8.self)
  }

  /// The last component of `path`, as `lastPathComponent`: `/a/b/` gives `b`, `/` gives `/`.
  package static func lastComponent(_ path: String) -> String {
    let fixed = Array(fixingSlashes(path).utf8)
    guard fixed.count > 1 else { return String(decoding: fixed, as: UTF8.self) }
    let start = fixed.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
    return String(decoding: fixed[start...], as: UTF8.self)
  }

  /// The extension of `path`'s last component, without its dot, as `pathExtension`:
  /// `a.tar.gz` gives `gz`; `.profile` and `a.` give the empty text.
  package static func pathExtension(_ path: String) -> String {
    let name = lastComponent(path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }

  /// `path` with each run of slashes as one and no trailing slash, unless it is `/`.
  private static func fixingSlashes(_ path: String) -> String {
    let slash = UInt8(ascii: "/")
    var output: [UInt8] = []
    output.reserveCapacity(path.utf8.count)
    for byte in path.utf8 where !(byte == slash && output.last == slash) {
      output.append(byte)
    }
    if output.count > 1, output.last == slash { output.removeLast() }
    return String(decoding: output, as: UTF8.self)
  }
}
