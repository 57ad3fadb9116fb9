/// The placeholders of a workflow's phrases (`"Add ${item} to my shopping list"`): the
/// decoder checks that each names an input, and `intentflow say` fills the inputs from them.
public enum WorkflowPhrase {
  /// Each `${NAME}` of `phrase` in order, with the offset of its `$` in Unicode scalars (for
  /// diagnostics); the name is `nil` for a `${` that is never closed, which ends the list.
  ///
  /// - Complexity: O(n) in the phrase's length.
  public static func placeholders(in phrase: String) -> [(offset: Int, name: String?)] {
    let scalars = Array(phrase.unicodeScalars)
    var found: [(offset: Int, name: String?)] = []
    var index = 0
    while index + 1 < scalars.count {
      guard scalars[index] == "$", scalars[index + 1] == "{" else {
        index += 1
        continue
      }
      guard let close = scalars[(index + 2)...].firstIndex(of: "}") else {
        found.append((index, nil))
        break
      }
      var name = String.UnicodeScalarView()
      name.append(contentsOf: scalars[(index + 2)..<close])
      found.append((index, String(name)))
      index = close + 1
    }
    return found
  }
}
