import Foundation

/// The limits of `Scripts/performance-thresholds.txt`, which `.ci/run` checks: one figure a
/// line, `NAME <= LIMIT`, `#` to the end of a line a comment. The same file holds the limits of
/// `Scripts/check-performance.sh` (allocations, instructions, threads, libraries); this side
/// reads only the names it is asked about.
struct Thresholds {
  static let defaultPath = "Scripts/performance-thresholds.txt"

  let path: String
  let limits: [String: Double]

  init(contentsOf path: String) throws {
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else {
      throw ThresholdsError("cannot read the thresholds file '\(path)'")
    }
    var limits: [String: Double] = [:]
    for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line =
        rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        .first ?? ""
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      if words.isEmpty { continue }
      guard words.count == 3, words[1] == "<=", let limit = Double(words[2]) else {
        throw ThresholdsError(
          "\(path):\(number + 1): expected 'NAME <= NUMBER', got '\(rawLine)'")
      }
      limits[String(words[0])] = limit
    }
    self.path = path
    self.limits = limits
  }

  /// Prints one line a figure whose name starts with `prefix` and returns whether every one is
  /// within its limit. A figure the file has no limit for, or a limit no figure was measured
  /// for, is a failure too: the two must not drift apart.
  func check(_ figures: [String: Double], prefix: String) -> Bool {
    var passed = true
    print("== checks against \(path)")
    for name in Set(figures.keys).union(limits.keys.filter { $0.hasPrefix(prefix) }).sorted() {
      guard let value = figures[name] else {
        print("FAIL \(name): the file has a limit, but no such figure was measured")
        passed = false
        continue
      }
      guard let limit = limits[name] else {
        print("FAIL \(name) = \(format(value)): no limit in the file; add one")
        passed = false
        continue
      }
      let within = value <= limit
      print("\(within ? "ok  " : "FAIL") \(name) = \(format(value)) (limit \(format(limit)))")
      passed = passed && within
    }
    return passed
  }

  /// Whether every figure named with `prefix` is within its limit, printing nothing.
  func holds(_ figures: [String: Double], prefix: String) -> Bool {
    limits.filter { $0.key.hasPrefix(prefix) }.allSatisfy { name, limit in
      figures[name].map { $0 <= limit } ?? false
    }
  }

  private func format(_ value: Double) -> String { String(format: "%.3g", value) }
}

struct ThresholdsError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
