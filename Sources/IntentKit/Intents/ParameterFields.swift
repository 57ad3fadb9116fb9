@_spi(Reflection) import Swift

/// Names an intent's parameters from its type's field records, without `Mirror`.
///
/// `Mirror` reached the names the first time an intent was used, and on its way asked the
/// runtime whether the intent and each child's type conformed to `CustomReflectable`,
/// `ParameterProtocol` and the protocols of the collection of children it builds: about
/// fifteen searches of every conformance record of the program (40-50 µs each), a quarter of a
/// cold run's CPU. The stored properties' names and offsets come from the type's field
/// records, and a property is a parameter when it holds one of the slots its intent's
/// ``Parameter``s handed to ``SlotCollector`` as they were made: no cast is needed.
enum ParameterFields {
  /// The names of the properties of `intent` that hold `slots`, in the order of `slots`,
  /// without the leading `_` of a property wrapper's storage.
  ///
  /// - Returns: `nil` when that is not the whole story, and the caller falls back to `Mirror`:
  ///   the intent is not a struct, or its parameter properties, in declaration order, do not
  ///   hold exactly `slots` in order (an initialiser that makes parameters some other way).
  static func names<Intent: AppIntent>(of intent: Intent, holding slots: [ParameterSlot])
    -> [String]?
  {
    let addresses = slots.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) }
    var names: [String] = []
    names.reserveCapacity(slots.count)
    let complete = withUnsafeBytes(of: intent) { bytes in
      _forEachField(of: Intent.self, options: Self.structFields) { name, offset, _, _ in
        // A `Parameter` is one reference to its slot; another property's bytes never equal
        // the address of an object that only this intent's parameters point to.
        let width = MemoryLayout<UInt>.size
        guard offset >= 0, offset + width <= bytes.count else { return true }
        let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt.self)
        guard let position = addresses.firstIndex(of: word) else { return true }
        guard position == names.count else { return false }  // out of declaration order
        var label = String(cString: name)
        if label.hasPrefix("_") { label.removeFirst() }
        names.append(label)
        return true
      }
    }
    guard complete, names.count == slots.count else { return nil }
    return names
  }

  /// The fields of a struct (no option set). Not written `[]`: that literal goes through the
  /// generic `SetAlgebra.init(_:)`, whose first use asks the runtime for a conformance.
  private static let structFields = _EachFieldOptions(rawValue: 0)
}
