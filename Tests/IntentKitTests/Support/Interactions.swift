import Synchronization

@testable import IntentKit

/// Answers from a script like ``ScriptedInteraction`` and keeps every request whole, so tests
/// can check reasons, suggestions and candidates.
final class RecordingInteraction: InteractionHandler {
  enum Request: Sendable {
    case value(ValueRequest)
    case choice(ChoiceRequest)
    case confirmation(ConfirmationRequest)
  }

  private let script: ScriptedInteraction
  private let log = Mutex<[Request]>([])

  init(_ answers: [ScriptedInteraction.Answer]) {
    script = ScriptedInteraction(answers)
  }

  /// Every request, in order.
  var requests: [Request] { log.withLock { $0 } }
  /// The value requests, in order.
  var valueRequests: [ValueRequest] {
    requests.compactMap { if case .value(let request) = $0 { request } else { nil } }
  }
  /// The choice requests, in order.
  var choiceRequests: [ChoiceRequest] {
    requests.compactMap { if case .choice(let request) = $0 { request } else { nil } }
  }
  /// What ``ScriptedInteraction`` would have written down.
  var transcript: [String] { script.transcript }

  func requestValue(_ request: ValueRequest) async throws -> Value? {
    log.withLock { $0.append(.value(request)) }
    return try await script.requestValue(request)
  }

  func requestChoice(_ request: ChoiceRequest) async throws -> Int? {
    log.withLock { $0.append(.choice(request)) }
    return try await script.requestChoice(request)
  }

  func requestConfirmation(_ request: ConfirmationRequest) async throws -> Bool? {
    log.withLock { $0.append(.confirmation(request)) }
    return try await script.requestConfirmation(request)
  }
}

/// Throws the given error for every request, as a broken terminal would.
struct ThrowingInteraction: InteractionHandler {
  var error: any Error & Sendable

  func requestValue(_ request: ValueRequest) async throws -> Value? { throw error }
  func requestChoice(_ request: ChoiceRequest) async throws -> Int? { throw error }
  func requestConfirmation(_ request: ConfirmationRequest) async throws -> Bool? { throw error }
}

/// A terminal that went away.
struct TerminalClosed: Error, CustomStringConvertible {
  var description: String { "the terminal is closed" }
}
