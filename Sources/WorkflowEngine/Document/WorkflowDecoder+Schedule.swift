// Hot code: decoding a schedule, once per file. It keeps the rules of the paragraph at the top of
// `WorkflowDecoder.swift` (no copy or allocation per step that a plain reading would not make; see
// Docs/Performance.md).

import Cron
import IntentKit
import StrictJSON

/// `schedule`: a cron string, or an object with `cron` and how to run.
extension WorkflowDecoder {
  mutating func decodeSchedule(_ node: JSONNode) -> WorkflowSchedule? {
    switch node.kind {
    case .string(let cron):
      return WorkflowSchedule(cron: cron, cronLocation: location(node))
    case .object(let object):
      checkKeys(object, allowed: Self.scheduleKeys, in: "'schedule'")
      guard let cronNode = object["cron"], let cron = text(cronNode, what: "'cron'") else {
        if object["cron"] == nil {
          error("'schedule' needs 'cron', as in {\"cron\": \"0 7 * * MON-FRI\"}", at: node)
        }
        return nil
      }
      var schedule = WorkflowSchedule(cron: cron, cronLocation: location(cronNode))
      if let zoneNode = object["timezone"], let zone = text(zoneNode, what: "'timezone'") {
        schedule.timeZone = zone
        schedule.timeZoneLocation = location(zoneNode)
      }
      if let overlapNode = object["overlap"], let text = text(overlapNode, what: "'overlap'") {
        if let overlap = WorkflowSchedule.Overlap(rawValue: text) {
          schedule.overlap = overlap
        } else {
          error(
            "'overlap' must be \(Diagnostic.list(WorkflowSchedule.Overlap.allCases.map(\.rawValue))), "
              + "not '\(text)'", at: overlapNode)
        }
      }
      if let catchUpNode = object["catchUp"], let text = text(catchUpNode, what: "'catchUp'") {
        if let catchUp = WorkflowSchedule.CatchUp(rawValue: text) {
          schedule.catchUp = catchUp
        } else {
          error(
            "'catchUp' must be \(Diagnostic.list(WorkflowSchedule.CatchUp.allCases.map(\.rawValue))), "
              + "not '\(text)'", at: catchUpNode)
        }
      }
      if let jitterNode = object["jitter"], let jitter = duration(jitterNode, what: "'jitter'") {
        schedule.jitter = jitter
      }
      if let inputsNode = object["inputs"] {
        if case .object(let inputs) = inputsNode.kind {
          schedule.inputs = inputs.members.map {
            ScheduledInput(
              name: $0.key, value: Value(json: $0.value.plainValue),
              location: location($0.keyPosition))
          }
        } else {
          error(
            "'inputs' in 'schedule' must be an object from input names to values, not "
              + "\(describe(inputsNode))", at: inputsNode)
        }
      }
      if let yesNode = object["yes"] {
        if case .bool(let yes) = yesNode.kind {
          schedule.yes = yes
          schedule.yesLocation = location(yesNode)
        } else {
          error("'yes' must be true or false, not \(describe(yesNode))", at: yesNode)
        }
      }
      return schedule
    default:
      error(
        "'schedule' must be a cron string such as \"0 7 * * MON-FRI\" or an object with 'cron', "
          + "not \(describe(node))", at: node)
      return nil
    }
  }
}
