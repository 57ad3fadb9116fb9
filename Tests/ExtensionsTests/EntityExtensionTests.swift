import Extensions
import Foundation
import IntentKit
import StrictJSON
import Testing

@Suite("Entity types of IntentFlow extensions and their queries", .timeLimit(.minutes(2)))
struct EntityExtensionTests {
  @Test("an entity type becomes the entity type EXTENSION.NAME of parameters and outputs")
  func declares() async throws {
    let host = try EntityFixture.host()
    let (registry, problems) = await Fixture.registry(host)
    #expect(problems.isEmpty)
    #expect(registry.entityTypes.map(\.name) == ["ent.Note"])
    let note = try #require(registry.entityTypes.first)
    #expect(note.displayName == "Note")
    #expect(note.properties.map(\.name) == ["title", "body"])
    #expect(note.propertyType("title") == .text)
    #expect(note.propertyType("id") == .text)
    #expect(note.propertyType("colour") == nil)
    let read = try #require(registry.intent("ent.read"))
    #expect(read.parameters.map(\.type) == [.entity(note)])
    #expect(registry.intent("ent.make")?.outputType == .entity(note))
    await host.shutdown()
  }

  @Test("an intent returns an entity whose properties steps can read")
  func returnsAnEntity() async throws {
    let host = try EntityFixture.host()
    let output = try await EntityFixture.run("ent.make", ["title": .text("Plans")], host: host)
    let note = try #require(output.entity)
    #expect(note.typeName == "ent.Note")
    #expect(note.id == "new")
    #expect(note.displayRepresentation.title == "Plans")
    #expect(note.property("title") == .text("Plans"))
    #expect(note.property("body") == .text(""))
    #expect(note.property("colour") == nil)
    #expect(
      output.jsonValue.serialized()
        == #"{"type":"ent.Note","id":"new","display":"Plans","properties":{"title":"Plans","body":""}}"#
    )
    await host.shutdown()
  }

  @Test("an entity from one step is the next step's parameter, sent to the extension whole")
  func passesAnEntity() async throws {
    let host = try EntityFixture.host()
    let note = try await EntityFixture.run("ent.make", ["title": .text("Plans")], host: host)
    #expect(try await EntityFixture.run("ent.read", ["note": note], host: host) == .text(""))
    await host.shutdown()
  }

  @Test("text names an entity by its id or its title", arguments: ["n3", "Ideas", "idea"])
  func resolves(text: String) async throws {
    let host = try EntityFixture.host()
    #expect(
      try await EntityFixture.run("ent.read", ["note": .text(text)], host: host)
        == .text("a boat"))
    await host.shutdown()
  }

  @Test("an id returned in place of an entity is looked up with the ids query")
  func returnsAnID() async throws {
    let host = try EntityFixture.host()
    let output = try await EntityFixture.run("ent.pick", host: host)
    #expect(output.entity?.displayRepresentation.title == "Ideas")
    await host.shutdown()
  }

  @Test("text that several titles match asks which one, listing them")
  func disambiguation() async throws {
    let host = try EntityFixture.host()
    do {
      _ = try await EntityFixture.run("ent.read", ["note": .text("groceries")], host: host)
      Issue.record("an ambiguous title was accepted")
    } catch {
      #expect(error.code == .disambiguation, "\(error.message)")
      #expect(
        error.candidates.compactMap(\.entity?.displayRepresentation.title) == [
          "Groceries", "Groceries for the party",
        ])
    }
    await host.shutdown()
  }

  @Test("text that matches nothing needs a value, offering the suggested entities")
  func suggestions() async throws {
    let host = try EntityFixture.host()
    do {
      _ = try await EntityFixture.run("ent.read", ["note": .text("zzz")], host: host)
      Issue.record("a title that matches nothing was accepted")
    } catch {
      #expect(error.code == .needsValue)
      #expect(
        error.message
          == "step 'ent.read' needs a value for 'note': Value for 'note'? (no ent.Note matches "
          + "'zzz'); suggestions: 'Groceries', 'Groceries for the party', 'Ideas'")
    }
    await host.shutdown()
  }

  @Test("an extension answering version 1 keeps working; the entities it lists are ignored")
  func versionOne() async throws {
    let host = try EntityFixture.host(mode: "v1")
    let session = try await host.startedSession("ent")
    #expect(session.protocolVersion == "1")
    #expect(session.ignoredEntities)
    #expect(session.entityDeclarations.isEmpty)
    #expect(session.declarations.map(\.name) == ["hello"])
    await host.shutdown()
  }

  @Test("the conformance check runs every query and finds the answers consistent")
  func conformance() async throws {
    let host = try EntityFixture.host()
    let session = try await host.startedSession("ent")
    let entity = try #require(session.entityDeclarations.first)
    let findings = await EntityConformance.findings(of: entity, in: session)
    #expect(
      findings.map(\.text) == [
        "2 properties, queries ids, suggested, string", "suggests 3 entities",
        "finds nothing for an unknown id", "finds 'n1' by its id", "finds 'Groceries' by its title",
      ])
    #expect(findings.filter { !$0.ok }.isEmpty)
    await host.shutdown()
  }

  @Test("an intent that names an undeclared entity type is refused, naming it")
  func unknownEntity() throws {
    let intent = try JSONParser.parse(
      #"{"name": "read", "inputSchema": {"type": "object", "properties": {"note": {"entity": "Note"}}}}"#
    ).plainValue
    #expect(
      throws: ExtensionError(
        "extension 'x': parameter 'note' of intent 'read' names the entity type 'Note', which "
          + "the extension does not declare in 'entities'")
    ) { try IntentDeclaration(intentflowIntent: intent, extension: "x") }
  }

  @Test("an entity without an id is refused, naming the extension")
  func entityWithoutID() throws {
    let declaration = try EntityDeclaration(
      intentflowEntity: JSONParser.parse(#"{"name": "Note", "properties": {"title": "text"}}"#)
        .plainValue,
      extension: "x")
    let type = declaration.entityType { _ in [] }
    #expect(
      throws: ExtensionError(#"extension 'x' sent a Note without an 'id': {"display":"a"}"#)
    ) { try declaration.entity(from: JSONParser.parse(#"{"display":"a"}"#).plainValue, as: type) }
  }
}
