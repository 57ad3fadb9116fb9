import IntentKit
import StrictJSON
import Suggestions

/// Checks a `tools/call`'s arguments as a workflow step's parameters are checked, before
/// anything is performed: every name known, every value of a type it can be coerced to,
/// every required one given.
enum ToolArguments {
  /// The arguments as values for the tool's parameters.
  ///
  /// - Returns: The values by name, coerced to the parameters' types (entity parameters keep
  ///   their text, for the resolve phase's query); or the message of the first mismatch,
  ///   naming the argument and what to do.
  static func check(_ arguments: JSONValue?, for tool: Tool) -> Result<[String: Value], Mismatch> {
    let parameters = tool.parameters
    let members: [(key: String, value: JSONValue)]
    switch arguments {
    case nil, .null?: members = []
    case .object(let given)?: members = given
    default:
      return .failure(
        Mismatch(
          "the arguments of '\(tool.name)' must be a JSON object of "
            + Self.names(parameters)))
    }
    var values: [String: Value] = [:]
    for (name, json) in members {
      guard let parameter = parameters.first(where: { $0.name == name }) else {
        var message = "unknown argument '\(name)' for '\(tool.name)'"
        if let suggestion = Spelling.closest(to: name, among: parameters.map(\.name)) {
          message += "; did you mean '\(suggestion)'?"
        } else {
          message += "; it takes " + Self.names(parameters)
        }
        return .failure(Mismatch(message, argument: name))
      }
      if json == .null {
        continue  // absent, as a step leaves a parameter unset
      }
      let value = Value(json: json)
      if let type = parameter.type.entityType {
        guard case .text(let text) = value else {
          return .failure(
            Mismatch(
              "argument '\(name)' must be text: the \(parameter.typeDescription)'s id or words "
                + "that name it", argument: name))
        }
        // A resource's URI (intentflow://Todo/ID, as resources/list gives it) is its id.
        if let address = EntityResources.address(text) {
          guard address.typeName == type.name else {
            return .failure(
              Mismatch(
                "argument '\(name)' names a \(address.typeName) ('\(text)'); it takes a "
                  + "\(type.name): intentflow://\(type.name)/ID, an id or words that name it",
                argument: name))
          }
          values[name] = .text(address.id)
        } else {
          values[name] = value
        }
        continue
      }
      do {
        values[name] = try value.coerced(to: parameter.type)
      } catch {
        return .failure(
          Mismatch(
            "argument '\(name)' must be \(parameter.type.article) \(parameter.typeDescription): "
              + error.message, argument: name))
      }
    }
    for parameter in parameters where Tool.isRequired(parameter) && values[parameter.name] == nil {
      var message =
        "argument '\(parameter.name)' is required (\(parameter.typeDescription))"
      if let description = parameter.description { message += ": \(description)" }
      message += "; call '\(tool.name)' again with a value for it"
      return .failure(Mismatch(message, argument: parameter.name))
    }
    return .success(values)
  }

  static func names(_ parameters: [ParameterDescriptor]) -> String {
    parameters.isEmpty
      ? "no arguments" : parameters.map { "'\($0.name)'" }.joined(separator: ", ")
  }

  /// Why the arguments do not fit: the message a tool result with `isError` carries.
  struct Mismatch: Error, Sendable, Equatable {
    var message: String
    var argument: String?
    init(_ message: String, argument: String? = nil) {
      self.message = message
      self.argument = argument
    }
  }
}
