import IntentKit
import StrictJSON

/// The checks `intentflow extensions check` makes of each declared intent.
public enum ExtensionConformance {
  /// What is wrong with a declaration; empty when it conforms.
  public static func problems(of declaration: IntentDeclaration) -> [String] {
    var problems: [String] = []
    let name = declaration.name
    let allowed = name.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
          || "_-.".unicodeScalars.contains($0))
    }
    if !allowed {
      problems.append("the name '\(name)' should use only letters, digits, '_', '-' and '.'")
    }
    let schema = declaration.inputSchema.fields
    if schema["type"]?.text != "object" {
      problems.append("its input schema should have \"type\": \"object\"")
    }
    if let properties = schema["properties"], case .object(let members) = properties {
      for (property, definition) in members {
        guard case .object = definition else {
          problems.append("property '\(property)' should be a schema object")
          continue
        }
        let type = IntentDeclaration.type(of: definition, entityTypes: declaration.entityTypes).0
        if type == .any, definition.fields["enum"] == nil {
          problems.append("property '\(property)' has no single type; it is taken as any value")
        }
      }
    } else if schema["properties"] != nil {
      problems.append("'properties' should be an object")
    }
    if case .array(let required)? = schema["required"] {
      let names = Set(declaration.parameters().map(\.name))
      for case .string(let item) in required where !names.contains(item) {
        problems.append("'\(item)' is required but not among the properties")
      }
    }
    if let input = declaration.inputParameter,
      !declaration.parameters().contains(where: { $0.name == input })
    {
      problems.append("its input parameter '\(input)' is not among the properties")
    }
    return problems
  }
}
