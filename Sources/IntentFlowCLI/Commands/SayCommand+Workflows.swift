import CLIKit
import IntentKit
import Storage
import Suggestions
import WorkflowEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SayCommand {
  /// What a said text matched: an intent's phrase or a workflow's.
  enum Match {
    /// An intent, with the parameters the text fills.
    case intent(IntentDescriptor, arguments: [String: Value])
    /// A workflow file, with the inputs the text fills (as text, coerced when the run binds
    /// them, as `--input` values are).
    case workflow(path: String, fileName: String, inputs: [String: String])

    /// How a list of matches names it: the intent's identifier, the workflow's file name.
    var label: String {
      switch self {
      case .intent(let intent, _): "\(intent.identifier)"
      case .workflow(_, let fileName, _): fileName
      }
    }

    var isWorkflow: Bool {
      if case .workflow = self { return true }
      return false
    }
  }

  /// The directory whose workflows `say` considers: `--workflows DIR`, else
  /// `INTENTFLOW_WORKFLOWS`, else `workflows/` in the IntentFlow home; relative paths start
  /// from the current directory. `isExplicit` is false for the home's default, which may
  /// well not exist.
  static func workflowsDirectory(given: String?, context: CLIContext) -> (
    path: String, isExplicit: Bool
  ) {
    let named =
      given ?? context.environment["INTENTFLOW_WORKFLOWS"].flatMap { $0.isEmpty ? nil : $0 }
    if let named {
      return (WorkflowPath.absolute(named, in: context.currentDirectory), true)
    }
    let home = IntentFlowHome.resolve(
      environment: context.environment, currentDirectory: context.currentDirectory)
    return (home.directory.appendingPathComponent("workflows", isDirectory: true).path, false)
  }

  /// The workflows of `directory` (its `*.json` files, not recursively, by name) whose
  /// phrases match `text`, each with the inputs the text fills (from its first phrase that
  /// matches). A file that is not a valid workflow is skipped with a warning, so that one
  /// broken file does not stop the others from being said.
  ///
  /// - Complexity: Loads and validates every file of the directory.
  static func workflows(saying text: String, in directory: String, context: CLIContext)
    -> [Match]
  {
    // Names as bytes (see `FileSystemPath`): one that is not UTF-8 is found and loaded too.
    guard let entries = FileSystemPath(directory).entries() else { return [] }
    let names = entries.map(\.text).filter { $0.hasSuffix(".json") }.sorted()
    let loader = WorkflowLoader(registry: context.registry)
    var matches: [Match] = []
    for name in names {
      let path = PathText.appending(name, to: directory)
      guard context.files.exists(path), !context.files.isDirectory(path) else { continue }
      let plan: Plan
      do {
        plan = try loader.load(path: path)
      } catch {
        context.printError(
          context.errorStyle.yellow("warning: ")
            + "skipping '\(path)': it is not a valid workflow; run 'intentflow validate "
            + "\(path)' to see why")
        continue
      }
      for phrase in plan.workflow.phrases {
        guard let filled = Phrase.match(text, template: phrase) else { continue }
        let inputs = filled.mapValues { value in
          if case .text(let text) = value { return text }
          return value.textDescription
        }
        matches.append(.workflow(path: path, fileName: name, inputs: inputs))
        break
      }
    }
    return matches
  }

  /// Runs a matched workflow as `intentflow run PATH --input NAME=VALUE…` does, with the
  /// same output and exit codes.
  static func runWorkflow(
    path: String, inputs: [String: String], assumeYes: Bool, context: CLIContext
  ) async throws(UsageError) -> Int32 {
    var arguments = ["run", path]
    for name in inputs.keys.sorted() {
      guard let value = inputs[name] else { continue }
      // A leading '@' would name a file to read; '@@' stands for the '@' itself.
      arguments += ["--input", "\(name)=\(value.hasPrefix("@") ? "@" + value : value)"]
    }
    if assumeYes { arguments.append("--yes") }
    let parser = ArgumentParser(
      root: IntentFlowCommand.root, version: IntentFlowCommand.version,
      width: context.terminal.width)
    guard case .command(let parsed) = try parser.parse(arguments) else {
      return ExitCode.usage
    }
    return try await RunCommand.run(parsed, context: context)
  }

  /// How a list of matches is named: `2 intents`, `2 workflows`, `1 intent and 1 workflow`.
  static func kinds(of matches: [Match]) -> String {
    let workflows = matches.filter(\.isWorkflow).count
    let intents = matches.count - workflows
    func counted(_ count: Int, _ noun: String) -> String {
      "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
    switch (intents, workflows) {
    case (_, 0): return counted(intents, "intent")
    case (0, _): return counted(workflows, "workflow")
    default: return counted(intents, "intent") + " and " + counted(workflows, "workflow")
    }
  }
}
