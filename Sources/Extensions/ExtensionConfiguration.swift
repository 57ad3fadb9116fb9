import StrictJSON
import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One extension as `extensions.json` declares it: the program to start and how to talk to it.
public struct ExtensionConfiguration: Sendable, Hashable {
  /// The protocol an extension speaks over its standard streams.
  public enum WireProtocol: String, Sendable, Hashable, CaseIterable {
    /// IntentFlow's own protocol (the default): intents with entities, confirm and progress.
    case intentflow
    /// The Model Context Protocol: tools become intents.
    case mcp
  }

  /// The name, which prefixes its intents: `NAME.TOOL`.
  public var name: String
  /// The program: a path, or a name looked up on `PATH`.
  public var command: String
  public var arguments: [String]
  /// Variables added to the runner's environment for the process.
  public var environment: [String: String]
  public var wireProtocol: WireProtocol

  /// Describes an extension.
  public init(
    name: String, command: String, arguments: [String] = [], environment: [String: String] = [:],
    wireProtocol: WireProtocol = .intentflow
  ) {
    self.name = name
    self.command = command
    self.arguments = arguments
    self.environment = environment
    self.wireProtocol = wireProtocol
  }
}

/// The extensions a runner knows, read from `extensions.json`, with the problems of those it
/// could not read (a broken entry never hides the others).
public struct ExtensionCatalog: Sendable {
  /// The file read, or `nil` when there is none.
  public var path: String?
  /// The extensions that were declared well, sorted by name.
  public var extensions: [ExtensionConfiguration]
  /// `FILE:LINE:COL: message` for each entry (or the whole file) that could not be read.
  public var problems: [String]

  /// A catalog of the given extensions.
  public init(path: String?, extensions: [ExtensionConfiguration], problems: [String] = []) {
    self.path = path
    self.extensions = extensions
    self.problems = problems
  }

  /// No extensions at all.
  public static let empty = ExtensionCatalog(path: nil, extensions: [], problems: [])

  /// The path of the configuration: `INTENTFLOW_EXTENSIONS`, else `extensions.json` in `home`.
  public static func configurationPath(environment: [String: String], home: String) -> String {
    if let explicit = environment["INTENTFLOW_EXTENSIONS"], !explicit.isEmpty { return explicit }
    return home + "/extensions.json"
  }

  /// Reads the configuration at `path`; a missing file means no extensions, and a file that
  /// `INTENTFLOW_EXTENSIONS` names but that is missing is a problem.
  public static func load(path: String, required: Bool = false) -> ExtensionCatalog {
    guard let data = FileManager.default.contents(atPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      guard required || exists else {
        return ExtensionCatalog(path: nil, extensions: [], problems: [])
      }
      return ExtensionCatalog(
        path: path, extensions: [],
        problems: ["\(path): cannot read the extensions file; check that it exists and is readable"]
      )
    }
    return parse([UInt8](data), path: path)
  }

  /// Decodes the text of a configuration file.
  public static func parse(_ bytes: [UInt8], path: String) -> ExtensionCatalog {
    var catalog = ExtensionCatalog(path: path, extensions: [], problems: [])
    let root: JSONNode
    do {
      root = try JSONParser.parse(bytes)
    } catch {
      // The parser's message quotes the text it found: the file may be a token or a key file
      // that `INTENTFLOW_EXTENSIONS` names by mistake, so say where, and not what.
      catalog.problems.append(
        "\(path):\(error.position): the extensions file is not valid JSON (its text is not "
          + "shown); it must be an object: { \"extensions\": { \"NAME\": { … } } }")
      return catalog
    }
    func problem(_ position: JSONPosition, _ message: String) {
      catalog.problems.append("\(path):\(position): \(message)")
    }
    guard case .object(let top) = root.kind else {
      problem(root.position, "the extensions file must be an object: { \"extensions\": { … } }")
      return catalog
    }
    for member in top.members where member.key != "extensions" && member.key != "$schema" {
      problem(member.keyPosition, "unknown key '\(member.key)'; expected 'extensions'")
    }
    guard let list = top["extensions"] else {
      problem(root.position, "missing 'extensions'; add \"extensions\": { \"NAME\": { … } }")
      return catalog
    }
    guard case .object(let entries) = list.kind else {
      problem(list.position, "'extensions' must be an object of NAME: { \"command\": … }")
      return catalog
    }
    for entry in entries.members {
      if let configuration = decode(entry, problem: problem) {
        catalog.extensions.append(configuration)
      }
    }
    catalog.extensions.sort { $0.name < $1.name }
    return catalog
  }

  private static let keys = ["command", "args", "env", "protocol", "description"]

  private static func decode(
    _ entry: JSONObject.Member, problem: (JSONPosition, String) -> Void
  ) -> ExtensionConfiguration? {
    let name = entry.key
    guard Self.isValidName(name) else {
      problem(
        entry.keyPosition,
        "extension name '\(name)' must be letters, digits, '-' or '_', starting with a letter")
      return nil
    }
    guard case .object(let object) = entry.value.kind else {
      problem(entry.value.position, "extension '\(name)' must be an object with a 'command'")
      return nil
    }
    var valid = true
    for member in object.members where !keys.contains(member.key) {
      let hint = Spelling.closest(to: member.key, among: keys).map { "; did you mean '\($0)'?" }
      problem(
        member.keyPosition,
        "unknown key '\(member.key)' in extension '\(name)'\(hint ?? "; expected one of \(keys.joined(separator: ", "))")"
      )
      valid = false
    }
    guard let commandNode = object["command"], case .string(let command) = commandNode.kind,
      !command.isEmpty
    else {
      problem(
        object["command"]?.position ?? entry.value.position,
        "extension '\(name)' needs a 'command': the program to start, as text")
      return nil
    }
    var configuration = ExtensionConfiguration(name: name, command: command)
    if let args = object["args"] {
      guard case .array(let items) = args.kind else {
        problem(args.position, "'args' of extension '\(name)' must be a list of texts")
        return nil
      }
      for item in items {
        guard case .string(let text) = item.kind else {
          problem(item.position, "'args' of extension '\(name)' must hold only texts")
          return nil
        }
        configuration.arguments.append(text)
      }
    }
    if let env = object["env"] {
      guard case .object(let variables) = env.kind else {
        problem(env.position, "'env' of extension '\(name)' must be an object of NAME: \"value\"")
        return nil
      }
      for variable in variables.members {
        guard case .string(let value) = variable.value.kind else {
          problem(variable.value.position, "variable '\(variable.key)' must be text")
          return nil
        }
        configuration.environment[variable.key] = value
      }
    }
    if let wire = object["protocol"] {
      guard case .string(let text) = wire.kind,
        let value = ExtensionConfiguration.WireProtocol(rawValue: text)
      else {
        problem(wire.position, "'protocol' of extension '\(name)' must be 'intentflow' or 'mcp'")
        return nil
      }
      configuration.wireProtocol = value
    }
    return valid ? configuration : nil
  }

  static func isValidName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII
    else { return false }
    return name.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
    }
  }
}
