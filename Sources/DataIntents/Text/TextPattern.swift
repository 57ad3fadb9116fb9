import ICUSupport
import IntentKit

/// Regular expressions as `text.replace` and `text.match` read them: ICU syntax, as in
/// Shortcuts' "Match Text". `^` and `$` match at the start and end of every line, as a user
/// of grep expects of a log file.
enum TextPattern {
  /// Compiles a pattern.
  ///
  /// - Throws: ``IntentError`` naming the pattern and the parameter when it does not compile.
  static func compile(_ pattern: String, caseSensitive: Bool, parameter: String) throws(IntentError)
    -> RegularExpression
  {
    do {
      let options: RegularExpression.Options = [.anchorsMatchLines]
      return try RegularExpression(
        pattern, options: caseSensitive ? options : options.union(.caseInsensitive))
    } catch {
      throw IntentError(
        "'\(pattern)' is not a valid regular expression; check '\(parameter)' for unbalanced "
          + "brackets or a stray \\ (or \\-escape characters such as ( [ . * + ? to match them "
          + "literally)")
    }
  }

  /// Runs a search, in a task of its own step's making: it first suspends, so that the step's
  /// timeout is armed (a step that never suspends is never timed out), then searches; the
  /// search stops as soon as its step has ended (cancelled, or timed out: the search sees the
  /// timeout fall due itself, through `StepLease.hasEnded`), without waiting for a timer's
  /// thread or for the step's task to be cancelled.
  ///
  /// - Throws: `CancellationError` when the search was stopped; ``IntentError`` when ICU gave
  ///   up on it (its backtracking memory), naming the pattern.
  // Not specialized: Swift 6.3's IR generation crashes (signal 11) on a specialization of this
  // function, which binds a task-local around a typed-throws closure, in release builds.
  @_semantics("optimize.sil.specialize.generic.never")
  static func search<T>(_ body: () throws(RegularExpression.MatchFailure) -> T) async throws -> T {
    await Task.yield()
    var stepEnded: (@Sendable () -> Bool)?
    if let lease = IntentContext.current.lease { stepEnded = { lease.hasEnded } }
    do {
      return try RegularExpression.$stopsWhen.withValue(stepEnded) { try body() }
    } catch let failure as RegularExpression.MatchFailure {
      if failure.reason == .cancelled { throw CancellationError() }
      throw IntentError(failure.description)
    }
  }

  /// Accepts a pattern that compiles; anything else is unsupported, saying why.
  static func resolve(_ pattern: String) -> ParameterResolution<String> {
    do {
      _ = try compile(pattern, caseSensitive: true, parameter: "pattern")
      return .success(pattern)
    } catch {
      return .unsupported(reason: error.message)
    }
  }
}
