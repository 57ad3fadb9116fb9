import IntentKit

/// A compiled value or expression with its static type, as the planner passes them around.
struct Typed<Compiled> {
  var compiled: Compiled
  var type: ValueType
}
