public import IntentKit

/// A note is also its text: where text is wanted, a note gives its whole body.
extension Note: ValueRepresentable {
  public static var representations: [ValueRepresentation<Note>] {
    [ValueRepresentation { $0.body }]
  }
}
