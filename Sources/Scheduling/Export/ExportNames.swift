/// Names that exporters give workflows in other systems: Kubernetes objects, systemd units,
/// ConfigMap keys. Workflow names and file names are the user's and may hold anything, so
/// each name is made from the safe characters of the original, bounded, and made unique with
/// a hash of the file's path where two would meet.
struct ExportNames {
  /// The names given so far.
  private var taken: Set<String> = []

  /// A DNS-1123 label (lowercase letters, digits and `-`, starting and ending with a letter
  /// or digit) of at most `limit` characters, unique among those this value gave.
  mutating func label(for name: String, path: String, limit: Int = 52) -> String {
    var base = ""
    for scalar in name.lowercased().unicodeScalars {
      let safe = scalar.isASCII && (("a"..."z").contains(scalar) || ("0"..."9").contains(scalar))
      if safe {
        base.unicodeScalars.append(scalar)
      } else if !base.isEmpty, base.last != "-" {
        base.append("-")
      }
    }
    return unique(base, path: path, limit: limit, separator: "-", trim: "-")
  }

  /// A name of `[A-Za-z0-9._-]` (a ConfigMap key, a systemd unit's middle) of at most `limit`
  /// characters, unique among those this value gave.
  mutating func key(for name: String, path: String, limit: Int = 200) -> String {
    let base = String(
      String.UnicodeScalarView(
        name.unicodeScalars.map { scalar in
          scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
              || "._-".unicodeScalars.contains(scalar))
            ? scalar : "-"
        }))
    // `.` and `..` are not keys; a leading dot would hide the mounted file.
    let visible = base.drop { $0 == "." }
    return unique(String(visible), path: path, limit: limit, separator: "-", trim: "-.")
  }

  private mutating func unique(
    _ base: String, path: String, limit: Int, separator: String, trim: String
  ) -> String {
    func trimmed(_ text: Substring) -> String {
      var text = text
      while let last = text.last, trim.contains(last) { text = text.dropLast() }
      while let first = text.first, trim.contains(first) { text = text.dropFirst() }
      return String(text)
    }
    var name = trimmed(base.prefix(limit)[...])
    if name.isEmpty { name = "workflow" }
    if !taken.contains(name) {
      taken.insert(name)
      return name
    }
    let hash = String(CrontabExport.pathHash(CrontabExport.canonicalPath(path)).prefix(8))
    var attempt = 0
    while true {
      let suffix = attempt == 0 ? hash : "\(hash)\(attempt)"
      let head = trimmed(name.prefix(limit - suffix.count - separator.count)[...])
      let candidate = (head.isEmpty ? "w" : head) + separator + suffix
      if taken.insert(candidate).inserted { return candidate }
      attempt += 1
    }
  }
}
