import IntentKit

/// The static types of paths into values; the runtime rules are in ``Evaluator``.
enum ExpressionTypes {
  /// The type of `component` read from a value of `type`; `nil` when it cannot be read.
  static func member(of type: ValueType, _ component: PathComponent) -> ValueType? {
    switch (type, component) {
    case (.any, _): return .any
    case (.list(let element), .index): return element
    case (.list, .property("count")), (.text, .property("count")),
      (.dictionary, .property("count")):
      return .integer
    case (.list(let element), .property):
      return member(of: element, component).map { .list($0) }
    case (.dictionary, .property): return .any
    case (.entity(let entity), .property(let name)): return entity.propertyType(name)
    default: return nil
    }
  }
}
