import Testing

@testable import IntentKit

@Suite("Phrase")
struct PhraseTests {
  @Test("a phrase matches ignoring case and spacing, and takes out the parameters")
  func match() {
    #expect(
      Phrase.match("ADD  oat milk to my todos!", template: "Add ${title} to my todos")
        == ["title": .text("oat milk")])
    #expect(
      Phrase.match("tag beach.jpg with Sea", template: "Tag ${photos} with ${tag}")
        == ["photos": .text("beach.jpg"), "tag": .text("Sea")])
  }

  @Test("other text does not match, nor does an empty placeholder")
  func noMatch() {
    #expect(Phrase.match("add milk to the list", template: "Add ${title} to my todos") == nil)
    #expect(Phrase.match("add to my todos", template: "Add ${title} to my todos") == nil)
    #expect(Phrase.match("(a+)+$ to my todos", template: "Add ${title} to my todos") == nil)
  }
}
