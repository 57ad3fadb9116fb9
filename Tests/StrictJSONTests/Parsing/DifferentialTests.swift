import Foundation
import StrictJSON
import TestSupport
import Testing

/// Compares the parser with Foundation's `JSONSerialization` on generated valid documents.
@Suite("Agreeing with JSONSerialization")
struct DifferentialTests {
  @Test("generated documents parse to the values they were written from", arguments: 0..<8)
  func generatedValues(batch: UInt64) throws {
    var generator = RandomJSON(seed: batch)
    for _ in 0..<250 {
      let (text, value) = generator.document()
      #expect(try parsedValue(text) == value, "\(text)")
    }
  }

  @Test(
    "JSONSerialization reads generated documents the same way", .tags(.heavy),
    arguments: 0..<8)
  func foundationAgrees(batch: UInt64) async throws {
    // CPU work: off the cooperative pool; the disagreements come back to the test.
    let disagreements = try await HeavyWork.run {
      var generator = RandomJSON(seed: 1000 + batch, includesByteOrderMarks: false)
      var disagreements: [String] = []
      for _ in 0..<250 {
        let (text, _) = generator.document()
        let ours = try parsedValue(text)
        let theirs = try JSONSerialization.jsonObject(
          with: Data(text.utf8), options: [.fragmentsAllowed])
        if let difference = difference(ours, theirs) {
          disagreements.append("\(difference): \(text)")
        }
      }
      return disagreements
    }
    #expect(disagreements == [])
  }

  @Test("serializing and parsing again gives back the same value", arguments: [false, true])
  func roundTrip(pretty: Bool) throws {
    var generator = RandomJSON(seed: pretty ? 7 : 8)
    for _ in 0..<1000 {
      let (_, value) = generator.document()
      let text = value.serialized(pretty: pretty)
      #expect(try parsedValue(text) == value, "\(text)")
    }
  }

  @Test("JSONSerialization reads what the serializer writes")
  func foundationReadsOurOutput() throws {
    var generator = RandomJSON(seed: 99, includesByteOrderMarks: false)
    for _ in 0..<500 {
      let (_, value) = generator.document()
      let text = value.serialized()
      let theirs = try JSONSerialization.jsonObject(
        with: Data(text.utf8), options: [.fragmentsAllowed])
      #expect(difference(value, theirs) == nil, "\(text)")
    }
  }

  /// Where Foundation's reading of a document differs from ours, or `nil` if it does not.
  ///
  /// Foundation gives integers as `NSNumber`, large ones as `NSDecimalNumber`, and booleans as
  /// `NSNumber` of type `c`. Foundation reads long decimals as `NSDecimalNumber`, whose
  /// `doubleValue` can be several units in the last place off, so doubles are compared with a
  /// relative tolerance (the parser's exact conversion is tested against the standard library
  /// instead).
  private func difference(_ value: JSONValue, _ object: Any, at path: String = "$") -> String? {
    let mismatch = "\(path): ours \(value), Foundation's \(object)"
    switch value {
    case .null:
      return object is NSNull ? nil : mismatch
    case .bool(let flag):
      guard let number = object as? NSNumber, String(cString: number.objCType) == "c",
        number.boolValue == flag
      else { return mismatch }
      return nil
    case .integer(let integer):
      guard let number = object as? NSNumber, String(cString: number.objCType) != "c",
        number.int64Value == Int64(integer) || number.decimalValue == Decimal(integer)
      else { return mismatch }
      return nil
    case .number(let double):
      let tolerance = object is NSDecimalNumber ? 1e-12 : 1e-15
      guard let theirs = (object as? NSNumber)?.doubleValue,
        theirs == double || abs(theirs - double) <= abs(double) * tolerance
      else { return mismatch }
      return nil
    case .string(let string):
      guard let theirs = object as? String,
        Array(theirs.unicodeScalars) == Array(string.unicodeScalars)
      else { return mismatch }
      return nil
    case .array(let elements):
      guard let array = object as? [Any], array.count == elements.count else { return mismatch }
      for (index, (element, theirs)) in zip(elements, array).enumerated() {
        if let difference = difference(element, theirs, at: "\(path)[\(index)]") {
          return difference
        }
      }
      return nil
    case .object(let members):
      guard let dictionary = object as? [String: Any], dictionary.count == members.count else {
        return mismatch
      }
      for member in members {
        guard let theirs = dictionary[member.key] else { return "\(path): no key \(member.key)" }
        if let difference = difference(member.value, theirs, at: "\(path).\(member.key)") {
          return difference
        }
      }
      return nil
    }
  }
}
