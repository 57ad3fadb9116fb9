import StrictJSON
internal import Synchronization

/// Sends `notifications/progress` for a call that gave a progress token: one after each
/// step of a workflow (progress = steps done), and with each report of a long-running
/// intent (its fraction added to the steps done), so that progress only ever grows.
final class ProgressNotifier: Sendable {
  let token: JSONValue
  let channel: MessageChannel
  private let done = Mutex(0.0)

  init(token: JSONValue, channel: MessageChannel) {
    self.token = token
    self.channel = channel
  }

  /// A step ended (succeeded, failed or skipped).
  func stepEnded(total: Int?, message: String) {
    let progress = done.withLock { value -> Double in
      value = value.rounded(.down) + 1
      return value
    }
    send(progress: progress, total: total, message: message)
  }

  /// A long-running intent reported progress within the current step.
  func report(completed: Int, of total: Int?, stepsTotal: Int?, message: String?) {
    let fraction = total.map { $0 > 0 ? min(Double(completed) / Double($0), 0.999) : 0 } ?? 0
    let progress = done.withLock { value -> Double? in
      let next = value.rounded(.down) + fraction
      guard next > value else { return nil }
      value = next
      return next
    }
    guard let progress else { return }
    send(progress: progress, total: stepsTotal, message: message)
  }

  private func send(progress: Double, total: Int?, message: String?) {
    var params: [(key: String, value: JSONValue)] = [
      ("progressToken", token),
      ("progress", progress.rounded() == progress ? .integer(Int(progress)) : .number(progress)),
    ]
    if let total { params.append(("total", .integer(total))) }
    if let message { params.append(("message", .string(message))) }
    channel.send(.notification(method: "notifications/progress", params: .object(params)))
  }
}
