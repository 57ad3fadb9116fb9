/// How a command's positional words are shared out among its ``ArgumentSpec``s.
///
/// Left to right, each argument takes one word (a repeating one takes all it can), but an
/// optional or repeating argument leaves enough words for the required arguments after it,
/// so `COPY [FROM...] TO` works with one word or many.
struct PositionalAssignment {
  /// The words each argument received.
  var values: [String: [String]] = [:]
  /// Required arguments that received no word.
  var missing: [ArgumentSpec] = []
  /// Words left over after every argument took its share.
  var extra: [String] = []

  init(_ words: [String], to arguments: [ArgumentSpec]) {
    var remaining = words[...]
    for (position, argument) in arguments.enumerated() {
      let requiredAfter = arguments[(position + 1)...].count { !$0.isOptional }
      let spare = max(0, remaining.count - requiredAfter)
      var take = argument.isRepeating ? spare : min(1, spare)
      if !argument.isOptional { take = max(take, min(1, remaining.count)) }
      if take == 0 {
        if !argument.isOptional { missing.append(argument) }
        continue
      }
      values[argument.name] = Array(remaining.prefix(take))
      remaining = remaining.dropFirst(take)
    }
    extra = Array(remaining)
  }
}
