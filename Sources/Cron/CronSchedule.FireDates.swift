#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CronSchedule {
  /// The lazily computed fire times of a schedule, as returned by `dates(after:)`.
  ///
  /// Each iterator keeps one `Cursor`, so the time zone is consulted only when the fire
  /// times cross one of its transitions.
  struct FireDates: Sequence {
    let schedule: CronSchedule
    let start: Date

    struct Iterator: IteratorProtocol {
      var cursor: Cursor?

      mutating func next() -> Date? {
        guard let date = cursor?.next() else {
          cursor = nil
          return nil
        }
        return date
      }
    }

    func makeIterator() -> Iterator {
      Iterator(cursor: Cursor(schedule: schedule, after: start))
    }
  }
}
