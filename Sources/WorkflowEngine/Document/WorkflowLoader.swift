public import IntentKit
import StrictJSON

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads, parses, decodes and plans workflow files.
public struct WorkflowLoader: Sendable {
  public var planner: Planner
  /// Reads the file to load; `-` is standard input.
  public var reader: @Sendable (String) throws -> [UInt8]

  /// A loader that reads files with `read` and checks workflows against `registry`; the
  /// workflows that `workflow` steps run are read the same way.
  public init(
    registry: IntentRegistry,
    read: @escaping @Sendable (String) throws -> [UInt8] = WorkflowLoader.readFile
  ) {
    reader = read
    planner = Planner(registry: registry, resolver: .files(read: read))
  }

  /// A loader around a configured planner.
  public init(
    planner: Planner,
    read: @escaping @Sendable (String) throws -> [UInt8] = WorkflowLoader.readFile
  ) {
    self.planner = planner
    reader = read
  }

  /// Loads and validates the workflow file at `path`.
  ///
  /// - Throws: ``WorkflowInvalid`` for an unreadable file, malformed JSON, a file that does
  ///   not describe a workflow, or one that fails validation — with every problem found.
  public func load(path: String) throws(WorkflowInvalid) -> Plan {
    let bytes: [UInt8]
    do {
      bytes = try reader(path)
    } catch {
      throw WorkflowInvalid(diagnostics: [
        Diagnostic(
          .error, "cannot read workflow '\(path)': \(Self.describe(error))",
          at: nil)
      ])
    }
    return try load(WorkflowSource(path: path, bytes: bytes))
  }

  /// Validates a workflow whose text is already in memory.
  public func load(_ source: WorkflowSource) throws(WorkflowInvalid) -> Plan {
    let (workflow, problems) = try Self.decodeCollecting(source)
    let plan: Plan
    do {
      plan = try planner.plan(workflow)
    } catch {
      var failure = error
      failure.diagnostics = (problems + error.diagnostics).sorted(by: Planner.fileOrder)
      // The decoded workflow's source: it hides secret inputs' defaults in quoted lines.
      failure.sources[source.path] = workflow.source
      throw failure
    }
    // Outside the `do`: a throw inside it would be caught above and its problems doubled.
    guard problems.isEmpty else {
      throw WorkflowInvalid(diagnostics: problems, sources: [source.path: workflow.source])
    }
    return plan
  }

  /// Parses and decodes a workflow file without checking it against intents.
  public static func decode(_ source: WorkflowSource) throws(WorkflowInvalid) -> Workflow {
    let (workflow, problems) = try decodeCollecting(source)
    guard problems.isEmpty else {
      throw WorkflowInvalid(diagnostics: problems, sources: [source.path: workflow.source])
    }
    return workflow
  }

  /// Decodes as much as can be decoded, with the problems found on the way, so that
  /// validation can go on and report the planner's findings too. Throws only when the file
  /// is not a workflow at all.
  static func decodeCollecting(_ source: WorkflowSource) throws(WorkflowInvalid)
    -> (workflow: Workflow, problems: [Diagnostic])
  {
    if let problem = WorkflowFileReader.notAWorkflow(source) {  // no excerpt of its bytes
      throw WorkflowInvalid(diagnostics: [problem])
    }
    let root: JSONNode
    do {
      root = try JSONParser.parse(source.bytes, options: WorkflowFileReader.parserOptions)
    } catch {
      throw WorkflowInvalid(
        diagnostics: [
          Diagnostic(
            .error, error.message,
            at: SourceLocation(
              file: source.path, line: error.position.line, column: error.position.column))
        ], sources: [source.path: source])
    }
    var decoder = WorkflowDecoder(source: source)
    guard let workflow = decoder.decode(root) else {
      throw WorkflowInvalid(
        diagnostics: decoder.diagnostics.sorted(by: Planner.fileOrder),
        sources: [source.path: decoder.source])
    }
    return (workflow, decoder.diagnostics.sorted(by: Planner.fileOrder))
  }

  /// Reads a whole workflow file with ``WorkflowFileReader``; `-` reads standard input.
  @Sendable public static func readFile(_ path: String) throws -> [UInt8] {
    try WorkflowFileReader.read(path)  // regular files only, under a size limit
  }

  static func describe(_ error: any Error) -> String {
    if let failure = error as? POSIXFailure { return failure.description }
    return String(describing: error)
  }

  /// An operating-system error, described as `strerror` does, lowercased.
  struct POSIXFailure: Error, CustomStringConvertible {
    var code: Int32
    var description: String {
      switch code {
      case ENOENT: return "no such file; check the path"
      case EACCES: return "permission denied"
      case EISDIR: return "it is a directory, not a workflow file"
      default: return String(cString: strerror(code)).lowercased()
      }
    }
  }
}
