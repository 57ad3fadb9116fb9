// ICUSupport calls ICU (the copy that swift-foundation links) for what Foundation's
// `NSRegularExpression` and `DateFormatter` did, so the binary needs only FoundationEssentials
// and FoundationInternationalization.
