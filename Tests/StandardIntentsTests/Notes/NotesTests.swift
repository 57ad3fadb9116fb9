import Foundation
import IntentKit
import StandardIntents
import StrictJSON
import Testing

@testable import DataIntents

@Suite("notes")
struct NotesTests {
  let harness: NoteHarness

  init() throws {
    harness = try NoteHarness()
  }

  var yes: IntentInvocation.Options {
    var options = IntentInvocation.Options()
    options.assumeYes = true
    return options
  }

  @Test("notes.create saves the note under the tag Quick by default, with the seed's dialog")
  func create() async throws {
    let result = try await harness.run("notes.create", ["body": .text("Buy bread\nand butter")])
    let note = try #require(result.output.note)
    #expect(note.title == "Buy bread")
    #expect(note.tag == "Quick")
    #expect(note.isPinned == false)
    #expect(result.dialog == "Note saved under tag Quick.")
    #expect(try harness.store.find(query: nil, tag: nil).map(\.id) == [note.id])
  }

  @Test("notes.create with a tag says which tag")
  func createTagged() async throws {
    let result = try await harness.run(
      "notes.create", ["body": .text("Call the plumber"), "tag": .text("Home")])
    #expect(result.output.note?.tag == "Home")
    #expect(result.dialog == "Note saved under tag Home.")
  }

  @Test("notes.find filters by text and tag, pinned first, then newest first")
  func find() async throws {
    let old = try harness.add("Milk", tag: "Shopping", at: 0)
    try harness.add("Report draft", tag: "Work", at: 10)
    let new = try harness.add("Milk again", tag: "Shopping", at: 20)
    _ = try harness.store.pin(id: old.id)
    let all = try await harness.run("notes.find")
    #expect(all.output.notes.map(\.title) == ["Milk", "Milk again", "Report draft"])
    let milk = try await harness.run("notes.find", ["query": .text("MILK")])
    #expect(milk.output.notes.map(\.id) == [old.id, new.id])
    #expect(milk.dialog == "Found 2 notes.")
    let work = try await harness.run("notes.find", ["tag": .text("work")])
    #expect(work.output.notes.map(\.title) == ["Report draft"])
    #expect(work.dialog == "Found 1 note.")
  }

  @Test("notes.pin pins the note named by text, and says so")
  func pin() async throws {
    try harness.add("Groceries\nmilk, eggs")
    let result = try await harness.run("notes.pin", ["note": .text("groceries")])
    #expect(result.output.note?.isPinned == true)
    #expect(result.dialog == "Pinned 'Groceries'.")
    let again = try await harness.run("notes.pin", ["note": result.output])
    #expect(again.dialog == "'Groceries' was already pinned.")
  }

  @Test("notes.delete asks first; without anyone to answer nothing is deleted")
  func deleteNeedsConfirmation() async throws {
    try harness.add("Secret plan")
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("notes.delete", ["note": .text("secret")])
    }
    #expect(error.code == .confirmationRequired)
    #expect(
      error.message == "step 'notes.delete' needs confirmation: Delete the note 'Secret plan'?")
    #expect(try harness.store.find(query: nil, tag: nil).count == 1)
    #expect(StandardIntents.registry.intent("notes.delete")?.asksForConfirmation == true)
  }

  @Test("notes.delete with yes deletes the note and returns it")
  func deleteConfirmed() async throws {
    let note = try harness.add("Secret plan")
    let result = try await harness.run("notes.delete", ["note": .text(note.id)], options: yes)
    #expect(result.output.note == note)
    #expect(result.dialog == "Deleted 'Secret plan'.")
    #expect(try harness.store.find(query: nil, tag: nil).isEmpty)
  }

  @Test("the Focus filter limits notes.find, the query and its suggestions to its tag")
  func focusFilter() async throws {
    try harness.add("Milk", tag: "Shopping")
    let report = try harness.add("Report", tag: "Work")
    let set = try await harness.run("notes.setFilter", ["tag": .text("Work")])
    #expect(set.dialog == "Showing only notes tagged Work.")
    #expect(try harness.store.filter() == "Work")
    #expect(try await harness.run("notes.find").output.notes.map(\.title) == ["Report"])
    #expect(try await harness.query { try await $0.suggestedEntities() }.map(\.id) == [report.id])
    #expect(try await harness.query { try await $0.entities(matching: "milk") }.isEmpty)
    let shopping = try await harness.run("notes.find", ["tag": .text("Shopping")])
    #expect(shopping.output.notes.isEmpty)
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("notes.pin", ["note": .text("Milk")])
    }
    #expect(error.code == .needsValue)

    let cleared = try await harness.run("notes.setFilter")
    #expect(cleared.dialog == "Showing all notes.")
    #expect(try harness.store.filter() == nil)
    #expect(try await harness.run("notes.find").output.notes.count == 2)
  }

  @Test("a missing body asks for it with the intent's question")
  func needsBody() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("notes.create")
    }
    #expect(error.code == .needsValue)
    #expect(error.message.contains("What should the note say?"))
  }

  @Test("without a store set, a test fails loudly instead of writing to the home")
  func failingTestValue() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      guard let descriptor = StandardIntents.registry.intent("notes.find") else { return }
      _ = try await IntentInvocation(descriptor).run()
    }
    #expect(error.message.contains("no note store: this test did not set one"))
  }
}

@Suite("notes: the deferred preview")
struct NotePreviewTests {
  let harness: NoteHarness

  init() throws {
    harness = try NoteHarness()
    for index in 0..<50 {
      try harness.add("Note \(index)\nsome longer text that the preview shows", at: Double(index))
    }
  }

  @Test("listing, resolving and the JSON of a list never compute the preview")
  func notComputedWhenListed() async throws {
    let found = try await harness.run("notes.find")
    #expect(found.output.notes.count == 50)
    _ = found.output.jsonValue.serialized()
    _ = found.output.textDescription
    _ = try await harness.run("notes.pin", ["note": .text("Note 7")])
    _ = try await harness.query { try await $0.suggestedEntities() }
    #expect(harness.store.previews.value == 0)
  }

  @Test("reading the property by name computes it once, with the text after the title")
  func computedWhenRead() async throws {
    let note = try #require(try await harness.run("notes.find").output.notes.first)
    let preview = AnyEntity(note).property("preview")
    #expect(preview == .text("some longer text that the preview shows"))
    #expect(harness.store.previews.value == 1)
  }

  @Test("the JSON of one note includes the preview")
  func computedForOneNoteInJSON() async throws {
    let note = try #require(try await harness.run("notes.find").output.notes.first)
    let json = Value.entity(AnyEntity(note)).jsonValue.serialized()
    #expect(json.contains(#""preview":"some longer text that the preview shows""#))
    #expect(harness.store.previews.value == 1)
  }

  @Test("a long preview is cut with an ellipsis")
  func longPreview() throws {
    let note = try harness.add("Title\n" + String(repeating: "word ", count: 40))
    let preview = note.computePreview()
    #expect(preview.count == Note.previewLength)
    #expect(preview.hasSuffix("…"))
  }
}
