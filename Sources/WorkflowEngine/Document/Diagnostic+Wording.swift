extension Diagnostic {
  /// Names quoted and listed as messages say them: `'a', 'b' or 'c'`.
  static func list(_ names: [String], joinedBy conjunction: String = "or") -> String {
    let quoted = names.map { "'\($0)'" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted[quoted.count - 1]
  }
}
