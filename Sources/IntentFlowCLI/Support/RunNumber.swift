import CLIKit
import Storage

/// A run named on the command line by its number (the `ID` column of `intentflow history`),
/// as `history show`, `cancel` and `resume` take it.
enum RunNumber {
  /// The number `word` gives, or a usage error saying what to write.
  static func parse(_ word: String?, _ command: ParsedCommand) throws(UsageError) -> Int64 {
    guard let word, let id = Int64(word), id > 0 else {
      throw command.usageError(
        "'\(word ?? "")' is not a run number; write a number from the ID column of "
          + "'intentflow history'")
    }
    return id
  }

  /// The home's run store, with the runs whose process died marked abandoned; `nil` when
  /// nothing has run yet (there is no store) or it cannot be opened.
  static func store(_ context: CLIContext) -> (any RunHistoryStore)? {
    guard let store = HistoryStore.existing(context) else { return nil }
    _ = try? store.markAbandonedRuns()
    return store
  }
}
