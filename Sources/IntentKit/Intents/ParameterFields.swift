/// Names an intent's parameters from its type's field records, without `Mirror`.
///
/// `Mirror` reached the names the first time an intent was used, and on its way asked the
/// runtime whether the intent and each child's type conformed to `CustomReflectable`,
/// `ParameterProtocol` and the protocols of the collection of children it builds: about
/// fifteen searches of every conformance record of the program (40-100 µs each), a quarter of
/// a cold run's CPU. The stdlib's `_forEachField` avoids those, but still makes each field's
/// type from its mangled name (`Parameter<String>`: a demangling, and one more search, for
/// `String: ValueConvertible`) for each parameter type an intent uses.
///
/// So the names and offsets of a struct's stored properties are read here straight from its
/// type metadata and field descriptor, whose layout is the Swift ABI's (`TypeMetadata.rst`,
/// stable since Swift 5), without making any type. A property is a parameter when it holds one
/// of the slots its intent's ``Parameter``s handed to ``SlotCollector`` as they were made: no
/// cast is needed either. Anything unexpected (a class, a layout this code does not know)
/// returns `nil`, and the caller falls back to `Mirror`.
///
/// The layout is promised only where Swift's ABI is stable (Apple platforms); on Linux it is
/// the same, but nothing promises it. So it is read only on the platforms named in
/// ``layoutIsKnown``, 64-bit ones whose layout `ParameterFieldsTests` checks against the
/// standard library's own reflection (a change fails that test, not users' runs); elsewhere
/// the descriptor names parameters with `Mirror`, which the same tests force and check.
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
    guard let fields = storedProperties(of: Intent.self) else { return nil }
    let addresses = slots.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) }
    var names: [String] = []
    names.reserveCapacity(slots.count)
    let complete = withUnsafeBytes(of: intent) { bytes in
      for field in fields {
        // A `Parameter` is one reference to its slot; another property's bytes never equal
        // the address of an object that only this intent's parameters point to.
        guard field.offset + MemoryLayout<UInt>.size <= bytes.count else { continue }
        let word = bytes.loadUnaligned(fromByteOffset: field.offset, as: UInt.self)
        guard let position = addresses.firstIndex(of: word) else { continue }
        guard position == names.count else { return false }  // out of declaration order
        names.append(field.name.hasPrefix("_") ? String(field.name.dropFirst()) : field.name)
      }
      return true
    }
    guard complete, names.count == slots.count else { return nil }
    return names
  }

  // Whether this platform's type metadata is read (`layoutIsKnown`): on 64-bit macOS and
  // Linux, the package's platforms, whose layout the tests check. Elsewhere nothing is read
  // and `storedProperties(of:)` is `nil`, so the descriptor names parameters with `Mirror`.
  #if (os(macOS) || os(Linux)) && (arch(x86_64) || arch(arm64))
    static let layoutIsKnown = true

    /// The name and byte offset of each stored property of a struct type, in declaration order;
    /// `nil` for any other type, or a layout that does not look as expected.
    ///
    /// The ABI's layout, in bytes (relative pointers are 32-bit offsets from their own address):
    /// struct metadata: kind (`0x200`) at 0, the type's descriptor at 8, and the fields'
    /// offsets (32-bit) at the word the descriptor names; the descriptor: flags at 0 (kind 17,
    /// struct), a relative pointer to the field descriptor at 16, the number of fields at 20
    /// and the offsets' word at 24; the field descriptor: the size of a record at 10, their
    /// number at 12, and the records from 16, each with a relative pointer to its name at 8.
    static func storedProperties(of type: Any.Type) -> [(name: String, offset: Int)]? {
      let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
      guard metadata.loadUnaligned(as: UInt.self) == 0x200 else { return nil }
      let descriptor = metadata.loadUnaligned(fromByteOffset: 8, as: UnsafeRawPointer.self)
      guard descriptor.loadUnaligned(as: UInt32.self) & 0x1F == 17 else { return nil }
      let toFields = descriptor.loadUnaligned(fromByteOffset: 16, as: Int32.self)
      guard toFields != 0 else { return nil }
      let fields = descriptor + 16 + Int(toFields)
      let count = Int(descriptor.loadUnaligned(fromByteOffset: 20, as: UInt32.self))
      let offsetsWord = Int(descriptor.loadUnaligned(fromByteOffset: 24, as: UInt32.self))
      guard fields.loadUnaligned(fromByteOffset: 10, as: UInt16.self) == 12,
        Int(fields.loadUnaligned(fromByteOffset: 12, as: UInt32.self)) == count
      else { return nil }
      let offsets = metadata + offsetsWord * MemoryLayout<UInt>.size
      return (0..<count).map { index in
        let record = fields + 16 + index * 12
        let name = record + 8 + Int(record.loadUnaligned(fromByteOffset: 8, as: Int32.self))
        return (
          String(cString: name.assumingMemoryBound(to: CChar.self)),
          Int(offsets.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
        )
      }
    }
  #else
    static let layoutIsKnown = false

    static func storedProperties(of type: Any.Type) -> [(name: String, offset: Int)]? { nil }
  #endif
}
