#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// One recorded step of a run in the run store (the `steps` table): what `intentflow history
/// show` prints. Values are kept as JSON text, already rendered and with secrets masked by the
/// recorder; the store only cuts them to size.
public struct StepRow: Sendable, Hashable {
  /// The most bytes of JSON text kept for a step's parameters, and again for its output:
  /// 16 KiB. A longer text is replaced by a JSON string holding its first bytes and the
  /// marker ``cutMarker(total:)``; the row keeps the full size in ``parametersCut`` or
  /// ``outputCut``.
  public static let valueLimit = 16_384

  /// The most bytes of an output's JSON kept whole for `resume` when the shown one was cut
  /// (``outputFull``): 4 MiB. A longer output cannot be restored, and its step is performed
  /// again.
  public static let restoreLimit = 4 << 20

  /// The most bytes of log text kept for a step: 8 KiB (its end), in at most
  /// ``logLineLimit`` lines.
  public static let logLimit = 8_192
  /// The most log lines kept for a step: its last 100.
  public static let logLineLimit = 100

  /// Where the step sits in the run: `3`, `3.2`, `4[17].1`, `2.onError.1`.
  public var path: String
  /// The step's `id`, if it has one.
  public var stepID: String?
  /// The intent an intent step performs.
  public var intent: String?
  /// `intent`, `forEach`, `if`, `repeat`, `workflow`.
  public var kind: String
  /// `succeeded`, `failed`, `skipped`, `cancelled`, `timedOut`, `needsValue`, ….
  public var status: String
  /// How many times it was performed in its pass (retries add to it).
  public var attempts: Int
  public var startedAt: Date
  public var finishedAt: Date
  /// The resolved parameters as a JSON object, for an intent step that got that far.
  public var parameters: String?
  /// The full size of the parameters' JSON when it was cut to ``valueLimit``.
  public var parametersCut: Int?
  /// The output as JSON.
  public var output: String?
  /// The full size of the output's JSON when it was cut to ``valueLimit``.
  public var outputCut: Int?
  /// The whole output's JSON when ``output`` was cut and it is at most ``restoreLimit``
  /// bytes, for `resume`.
  public var outputFull: String?
  /// Whether the output held a secret, shown as `***`: it cannot be restored.
  public var outputMasked = false
  /// The error's kind (`failed`, `timedOut`, …) and message, when the step failed.
  public var errorKind: String?
  public var errorMessage: String?
  /// The captured log lines: a JSON array of `{"stream": …, "text": …}`.
  public var logs: String?
  /// Whether the step failed and `onError` carried the run past it.
  public var recovered = false
  /// For a loop: how many passes ran, how many of them had a failed step, and how many were
  /// recorded (see ``RunStore`` on sampling).
  public var passes: Int?
  public var failedPasses: Int?
  public var recordedPasses: Int?

  public init(
    path: String, stepID: String?, intent: String?, kind: String, status: String, attempts: Int,
    startedAt: Date, finishedAt: Date
  ) {
    self.path = path
    self.stepID = stepID
    self.intent = intent
    self.kind = kind
    self.status = status
    self.attempts = attempts
    self.startedAt = startedAt
    self.finishedAt = finishedAt
  }

  /// The marker that ends a cut value: ` … [cut: 123456 bytes in all]`.
  public static func cutMarker(total: Int) -> String {
    " … [cut: \(total) bytes in all]"
  }

  /// `json` cut to ``valueLimit`` bytes: itself when short enough, else a JSON string of its
  /// first bytes (on a character boundary) and the marker, with the full size.
  /// - Parameter json: A JSON text.
  /// - Returns: The text to store, and the full size when it was cut.
  public static func cut(_ json: String) -> (text: String, total: Int?) {
    let total = json.utf8.count
    guard total > valueLimit else { return (json, nil) }
    var end = json.utf8.index(json.utf8.startIndex, offsetBy: valueLimit)
    // Back to the start of a character: UTF-8 continuation bytes are 0b10xxxxxx.
    while end > json.utf8.startIndex, json.utf8[end] & 0xC0 == 0x80 {
      end = json.utf8.index(before: end)
    }
    let kept = String(decoding: json.utf8[..<end], as: UTF8.self) + cutMarker(total: total)
    return (jsonString(kept), total)
  }

  /// `text` as a JSON string literal.
  static func jsonString(_ text: String) -> String {
    var result = "\""
    result.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
