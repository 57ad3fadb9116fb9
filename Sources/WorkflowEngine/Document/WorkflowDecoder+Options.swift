// Hot code: decoding the options of every step. It keeps the rules of the paragraph at the top of
// `WorkflowDecoder.swift` (no copy or allocation per step that a plain reading would not make; see
// Docs/Performance.md).

import IntentKit
import StrictJSON
import Suggestions

/// The options a step's ``StepOptions`` holds (`timeout`, `retry`, `onError`, `confirm`).
extension WorkflowDecoder {
  /// `backoff`, `maxDelay`, `jitter` and `on` of a `retry` object.
  mutating func decodeRetryPolicy(_ retry: JSONObject) -> RetryPolicy {
    var policy = RetryPolicy()
    if let node = retry["backoff"], let text = text(node, what: "'backoff'") {
      if let backoff = RetryPolicy.Backoff(rawValue: text) {
        policy.backoff = backoff
      } else {
        error(
          "'backoff' must be \(Diagnostic.list(RetryPolicy.Backoff.allCases.map(\.rawValue))), "
            + "not '\(text)'", at: node)
      }
    }
    if let node = retry["maxDelay"], let delay = duration(node, what: "'maxDelay'") {
      policy.maxDelay = delay
    }
    if let node = retry["jitter"] {
      if case .bool(let jitter) = node.kind {
        policy.jitter = jitter
      } else {
        error("'jitter' must be true or false, not \(describe(node))", at: node)
      }
    }
    if let node = retry["on"] {
      let names = RetryPolicy.retriableKinds.map(\.description)
      guard case .array(let items) = node.kind else {
        error(
          "'on' must be a list of error kinds such as [\"failed\", \"timedOut\"], not "
            + "\(describe(node))", at: node)
        return policy
      }
      policy.on = []
      for item in items {
        guard let name = text(item, what: "an error kind in 'on'") else { continue }
        if let kind = RetryPolicy.retriableKinds.first(where: { $0.description == name }) {
          policy.on.insert(kind)
        } else {
          var message = "'\(name)' is not an error kind that can be retried"
          if let suggestion = Spelling.closest(to: name, among: names) {
            message += "; did you mean '\(suggestion)'?"
          } else {
            message += "; use \(Diagnostic.list(names))"
          }
          error(message, at: item)
        }
      }
    }
    return policy
  }

  /// The options a step's ``StepOptions`` holds, in ``StepOption`` order. Every option is
  /// a case of the switch: the ones decoded elsewhere say where.
  mutating func decodeOptions(_ object: JSONObject) -> StepOptions {
    var options = StepOptions()
    for option in StepOption.all {
      switch option {
      case .id, .condition:
        continue  // decoded with the step (see `decodeStep`)
      case .description:
        continue  // for the reader of the file; the engine reads nothing from it
      case .timeout:
        if let node = object[option.name] { decodeTimeout(node, into: &options) }
      case .retry:
        if let node = object[option.name] { decodeRetry(node, into: &options) }
      case .onError:
        // A list of steps is decoded with the step (see `decodeStep`).
        if let node = object[option.name], !node.isArray, let text = text(node, what: "'onError'") {
          if let policy = StepOptions.ErrorPolicy(rawValue: text) {
            options.onError = policy
          } else {
            error(
              "'onError' must be "
                + "\(Diagnostic.list(StepOptions.ErrorPolicy.allCases.map(\.rawValue))) "
                + "or a list of steps to run instead, not '\(text)'", at: node)
          }
        }
      case .confirm:
        if let node = object[option.name] {
          if case .bool(let value) = node.kind {
            options.confirm = value
          } else {
            error("'confirm' must be true or false, not \(describe(node))", at: node)
          }
        }
      }
    }
    return options
  }

  mutating func decodeTimeout(_ node: JSONNode, into options: inout StepOptions) {
    if case .string(let text) = node.kind, ["none", "never"].contains(text.lowercased()) {
      options.timeout = .some(nil)
    } else if let duration = duration(node, what: "'timeout'") {
      if duration <= .zero {
        error("'timeout' must be longer than zero; write \"none\" for no limit", at: node)
      } else {
        options.timeout = .some(duration)
      }
    }
  }

  mutating func decodeRetry(_ node: JSONNode, into options: inout StepOptions) {
    switch node.kind {
    case .integer(let count) where count >= 0:
      options.retries = count
    case .object(let retry):
      checkKeys(retry, allowed: Self.retryKeys, in: "'retry'")
      if let countNode = retry["count"] {
        if case .integer(let count) = countNode.kind, count >= 0 {
          options.retries = count
        } else {
          error("'count' must be a whole number of retries, 0 or more", at: countNode)
        }
      }
      if let delayNode = retry["delay"], let delay = duration(delayNode, what: "'delay'") {
        options.retryDelay = delay
      }
      options.retryPolicy = decodeRetryPolicy(retry)
    default:
      error(
        "'retry' must be a number of retries or {\"count\": 2, \"delay\": \"1s\"}, "
          + "not \(describe(node))", at: node)
    }
    if options.retries > Self.maximumRetries {
      error("'retry' allows at most \(Self.maximumRetries) retries", at: node)
      options.retries = Self.maximumRetries
    }
  }
}

extension JSONNode {
  fileprivate var isArray: Bool {
    if case .array = kind { return true }
    return false
  }
}
