public import IntentKit

/// `intentflow say "tag beach.jpg with Sea"`.
extension TagPhotos: PhraseProvidingIntent {
  public static var phrases: [String] { ["Tag ${photos} with ${tag}"] }
}
