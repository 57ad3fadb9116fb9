public import IntentKit

/// A photo is also its file, so `files.*` intents take photos directly.
extension Photo: ValueRepresentable {
  public static var representations: [ValueRepresentation<Photo>] {
    [ValueRepresentation { File.at($0.path) }]
  }
}
