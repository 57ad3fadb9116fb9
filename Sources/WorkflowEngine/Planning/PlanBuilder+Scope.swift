// Hot code: every name bound or looked up while planning. It keeps the rules of the paragraph at
// the top of `PlanBuilder.swift` (no copy or allocation per step that a plain reading would not
// make; see Docs/Performance.md).

extension PlanBuilder {
  /// The names one block can see: its steps' ids planned so far, and the loop variables or
  /// `error` that the block's step gives it.
  ///
  /// A step's id is listed when the step is planned and hashed only when a lookup asks this
  /// scope, which happens only when a reference is not to the binding entered last (see
  /// ``PlanBuilder/lastBound``): in a chain, where each step reads the one just before it, no
  /// id is hashed into a scope at all. Listed in order, an id given twice keeps the later
  /// binding, as a dictionary written in that order does.
  struct Scope {
    /// The bindings by name: those given when the scope began, then the first ``hashed`` of
    /// ``listed``.
    private var table: [String: Binding]
    private var listed: [(name: String, binding: Binding)] = []
    private var hashed = 0

    /// A scope with `bindings`, with room listed for `capacity` step ids.
    init(_ bindings: [String: Binding] = [:], capacity: Int = 0) {
      table = bindings
      listed.reserveCapacity(capacity)
    }

    /// Makes `name` stand for `binding` here, in place of what it stood for before.
    mutating func bind(_ name: String, to binding: Binding) {
      listed.append((name, binding))
    }

    /// What `name` stands for here, if anything.
    mutating func binding(named name: String) -> Binding? {
      hashListed()
      return table[name]
    }

    /// Every name this scope has.
    mutating func names() -> [String] {
      hashListed()
      return Array(table.keys)
    }

    /// Enters the bindings listed since the last lookup into the table, in order.
    private mutating func hashListed() {
      guard hashed < listed.count else { return }
      table.reserveCapacity(table.count + listed.count - hashed)
      for index in hashed..<listed.count {
        table[listed[index].name] = listed[index].binding
      }
      hashed = listed.count
    }
  }
}
