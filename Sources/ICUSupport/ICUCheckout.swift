#if canImport(_FoundationICU)
  import Synchronization

  /// An ICU object (a regular expression, a date format) that one caller at a time uses in
  /// place, as CFRegularExpression checks its expression out. ICU keeps the state of a search
  /// or a format inside the object, so a caller who finds it taken uses a fresh clone.
  ///
  /// `@unchecked Sendable`: `instance` is read, made and used only by the caller that set
  /// `inUse` from false to true, until it sets it back (the atomic's acquire and release
  /// order those accesses); `prototype` is never used, only cloned, and cloning only reads
  /// it, so concurrent clones are safe.
  final class ICUCheckout<Object>: @unchecked Sendable {
    private let prototype: Object
    /// The object used in place, cloned at its first use (so that a value used once costs
    /// one clone, like any other use).
    private var instance: Object?
    private let inUse = Atomic<Bool>(false)
    private let clone: (Object) -> Object?
    private let close: (Object) -> Void

    /// Takes ownership of `prototype`; `clone` copies an object (`nil` on failure) and
    /// `close` frees one.
    init(
      _ prototype: Object, clone: @escaping (Object) -> Object?,
      close: @escaping (Object) -> Void
    ) {
      self.prototype = prototype
      self.clone = clone
      self.close = close
    }

    deinit {
      if let instance { close(instance) }
      close(prototype)
    }

    /// The result of `body` on the object, or on a clone when another caller has it; `nil`
    /// when a clone fails.
    ///
    /// - Complexity: O(1) when no other caller has the object (after its first use, which
    ///   clones it); otherwise the cost of ICU's clone.
    func withObject<Result>(_ body: (Object) -> Result) -> Result? {
      if inUse.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
        defer { inUse.store(false, ordering: .releasing) }
        if instance == nil { instance = clone(prototype) }
        if let instance { return body(instance) }
        return nil
      }
      guard let copy = clone(prototype) else { return nil }
      defer { close(copy) }
      return body(copy)
    }
  }
#endif
