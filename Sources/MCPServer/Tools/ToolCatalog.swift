public import IntentKit
import Suggestions
import WorkflowEngine

/// The tools a server exposes: the valid workflows of one directory, and the intents whose
/// identifiers match the given globs. Nothing else.
public enum ToolCatalog {
  /// The tools, workflows first (by file name), then intents (by identifier).
  ///
  /// - Parameters:
  ///   - directory: The workflows directory (its `*.json` files, not recursively); `nil` for
  ///     none.
  ///   - registry: The intents workflows may use and tools may expose.
  ///   - patterns: Globs over intent identifiers (`todos.*`; `*` any run of characters, `?`
  ///     one character); none exposes no intent.
  ///   - warn: Told of each file skipped and each name taken already.
  /// - Complexity: Loads and validates every file of the directory.
  public static func tools(
    workflowsIn directory: String?, registry: IntentRegistry, intents patterns: [String],
    warn: (String) -> Void
  ) -> [Tool] {
    var tools: [Tool] = []
    var names: Set<String> = []
    if let directory, let entries = FileSystemPath(directory).entries() {
      let loader = WorkflowLoader(registry: registry)
      for name in entries.map(\.text).filter({ $0.hasSuffix(".json") }).sorted() {
        let path = PathText.appending(name, to: directory)
        let plan: Plan
        do {
          plan = try loader.load(path: path)
        } catch {
          warn(
            "skipping '\(path)': it is not a valid workflow; run 'intentflow validate \(path)' "
              + "to see why")
          continue
        }
        guard names.insert(plan.workflow.name).inserted else {
          warn(
            "skipping '\(path)': a tool named '\(plan.workflow.name)' is listed already; give "
              + "the workflow another name")
          continue
        }
        tools.append(Tool(.workflow(plan, path: path)))
      }
    }
    guard !patterns.isEmpty else { return tools }
    for intent in registry.intents.sorted(by: { $0.identifier < $1.identifier })
    where patterns.contains(where: { Glob.matches(intent.identifier.rawValue, pattern: $0) }) {
      guard names.insert(intent.identifier.rawValue).inserted else {
        warn("the intent '\(intent.identifier)' is not listed: a workflow has its name")
        continue
      }
      tools.append(Tool(.intent(intent)))
    }
    return tools
  }
}

extension ToolCatalog {
  /// Whether `identifier` matches the `--intents` glob `pattern`.
  public static func matches(_ identifier: String, pattern: String) -> Bool {
    Glob.matches(identifier, pattern: pattern)
  }
}

/// Shell-style patterns over identifiers: `*` any run of characters (dots too), `?` one.
enum Glob {
  static func matches(_ text: String, pattern: String) -> Bool {
    matches(Array(text.unicodeScalars)[...], Array(pattern.unicodeScalars)[...])
  }

  private static func matches(
    _ text: ArraySlice<Unicode.Scalar>, _ pattern: ArraySlice<Unicode.Scalar>
  ) -> Bool {
    var text = text
    var pattern = pattern
    // Backtracks only to the latest star: linear in practice, quadratic at worst.
    var star: (pattern: ArraySlice<Unicode.Scalar>, text: ArraySlice<Unicode.Scalar>)?
    while !text.isEmpty {
      if let next = pattern.first, next == "*" {
        pattern = pattern.dropFirst()
        star = (pattern, text)
      } else if let next = pattern.first, next == "?" || next == text.first {
        pattern = pattern.dropFirst()
        text = text.dropFirst()
      } else if let saved = star {
        text = saved.text.dropFirst()
        pattern = saved.pattern
        star = (saved.pattern, text)
      } else {
        return false
      }
    }
    return pattern.allSatisfy { $0 == "*" }
  }
}
