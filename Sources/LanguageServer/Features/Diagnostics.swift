import IntentKit
import StrictJSON
import WorkflowEngine

/// `textDocument/publishDiagnostics`: the validator's errors and warnings of one file, each
/// with the range of the text it is about.
///
/// The validator gives where a problem starts (line and column in Unicode scalars); the range
/// runs over the token there: a whole string, a `${…}`, a name or a number.
struct Diagnostics {
  var document: TextDocument
  /// The path the validator names the file by.
  var path: String

  /// One diagnostic of this file: the validator's, the bytes it is about, and as LSP wants it.
  struct Located {
    var diagnostic: Diagnostic
    /// The token the diagnostic is about; empty at the start for one without a location.
    var bytes: Range<Int>
    var json: JSONValue
  }

  /// The diagnostics of `analysis` that are in this file (or in none), as LSP wants them.
  func convert(_ analysis: WorkflowAnalysis) -> [JSONValue] {
    locate(analysis).map(\.json)
  }

  /// The diagnostics of `analysis` that are in this file (or in none), with their tokens.
  func locate(_ analysis: WorkflowAnalysis) -> [Located] {
    analysis.diagnostics.compactMap { diagnostic in
      if let file = diagnostic.location?.file, file != path { return nil }
      let bytes: Range<Int>
      if let location = diagnostic.location {
        let start = document.offset(line: location.line, column: location.column)
        bytes = start..<extent(from: start)
      } else {
        bytes = 0..<0
      }
      var message = diagnostic.message
      for note in diagnostic.notes { message += "\n" + note }
      let json = JSONValue.object([
        ("range", LSP.range(document.range(bytes))),
        ("severity", .integer(Self.severity(diagnostic.severity))),
        ("source", "intentflow"),
        ("message", .string(message)),
      ])
      return Located(diagnostic: diagnostic, bytes: bytes, json: json)
    }
  }

  /// LSP's `DiagnosticSeverity`: 1 error, 2 warning, 3 information.
  static func severity(_ severity: Diagnostic.Severity) -> Int {
    switch severity {
    case .error: return 1
    case .warning: return 2
    case .note: return 3
    }
  }

  /// Where the token that starts at `start` ends.
  func extent(from start: Int) -> Int {
    let bytes = document.bytes
    guard start < bytes.count else { return start }
    var index = start
    switch bytes[start] {
    case UInt8(ascii: "\""):
      index += 1
      while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D {
        if bytes[index] == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        index += 1
        if bytes[index - 1] == UInt8(ascii: "\"") { break }
      }
      return min(index, bytes.count)
    case UInt8(ascii: "$") where start + 1 < bytes.count && bytes[start + 1] == UInt8(ascii: "{"):
      while index < bytes.count, bytes[index] != UInt8(ascii: "}"),
        bytes[index] != UInt8(ascii: "\""),
        bytes[index] != 0x0A
      {
        index += 1
      }
      return index < bytes.count && bytes[index] == UInt8(ascii: "}") ? index + 1 : index
    default:
      while index < bytes.count {
        let byte = bytes[index]
        let isWord =
          byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
          || (byte >= 0x61 && byte <= 0x7A) || "_-.+".utf8.contains(byte)
        guard isWord else { break }
        index += 1
      }
      return index > start ? index : start + 1
    }
  }
}
