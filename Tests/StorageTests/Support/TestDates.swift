import Foundation

/// A date that survives the trip through Unix seconds exactly (a multiple of 1/4 second).
func testDate(_ secondsSince1970: Double) -> Date {
  Date(timeIntervalSince1970: secondsSince1970)
}
