public import IntentKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `date.now`: the current date and time.
public struct CurrentDate: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "date.now"
  public static let title = "Current Date"
  public static let description = "Returns the current date and time."
  public static let parameterSummary: String? = "Current date"

  @Dependency({ $0.runEnvironment }) var environment: RunEnvironment

  public init() {}

  public func perform() async throws -> IntentResult<Date> {
    .result(value: environment.clock.now())
  }
}
