import Testing

@Suite("Documentation tests: transcripts, placeholders and markers")
struct TranscriptPatternTests {
  @Test("lines match exactly, placeholders match their shapes, … elides")
  func matching() {
    let pattern = TranscriptPattern([
      "scheduled morning: next <TIME>", "…", "finished in <DURATION> (pid <NUMBER>)",
      "  \"id\": \"<ID>\",", "logs: <PATH>", "Found … photos.",
    ])
    #expect(
      pattern.matches([
        "scheduled morning: next 2026-12-01T07:30:00+01:00", "one", "two",
        "finished in 31 ms (pid 29709)", "  \"id\": \"8e611925-e366-49ac-bc5d-ee76d0b18dad\",",
        "logs: /home/me/.local/state/intentflow/logs", "Found 2 photos.",
      ]))
    #expect(
      !pattern.matches([
        "scheduled morning: next tomorrow", "finished in 31 ms (pid 29709)",
        "  \"id\": \"x\",", "logs: /l", "Found 2 photos.",
      ]))
    #expect(TranscriptPattern(["a", "b"]).matches(["a", "b"]))
    #expect(!TranscriptPattern(["a", "b"]).matches(["a", "b", "c"]))
    #expect(!TranscriptPattern(["a.b"]).matches(["aXb"]), "the page's text is literal")
    #expect(TranscriptPattern(["…"]).matches([]))
    #expect(TranscriptPattern([]).matches([]))
    #expect(!TranscriptPattern([]).matches(["something"]))
  }

  @Test("a diff shows the page's lines with - and the output's with +")
  func diff() {
    let pattern = TranscriptPattern(["one", "two <NUMBER>", "three"])
    #expect(pattern.diff(["one", "two 2", "four"]) == "  one\n  two 2\n+ four\n- three")
  }

  @Test("re-recording keeps the placeholders of lines that still match, and elisions")
  func rerecording() {
    let pattern = TranscriptPattern(["id <ID>", "…", "end at <TIME>", "gone"])
    let new = pattern.rerecorded(["id 1234", "a", "b", "end at 2026-12-01", "new"])
    #expect(new == ["id <ID>", "…", "end at <TIME>", "new"])
  }

  @Test("a page's console blocks, saved files and mistakes")
  func parsing() {
    let page = DocumentationPage(
      path: "Docs/Example.md",
      text: """
        Save this as `hello.json`:

        <!-- file: hello.json -->
        ```json
        { "name": "hello" }
        ```

        ```console
        $ intentflow run hello.json \\
            --quiet
        hello
        $ echo $?
        0
        ```

        <!-- not tested: needs a terminal -->
        ```console
        $ intentflow run hello.json
        ```

        ```text
        $ intentflow run untested.json
        ```

        Save this as `lost.json`:

        ```json
        {}
        ```
        """)
    #expect(page.files.map(\.path) == ["hello.json"])
    #expect(page.files.first?.contents == "{ \"name\": \"hello\" }\n")
    #expect(page.blocks.count == 2)
    let first = page.blocks.first
    #expect(first?.line == 8)
    #expect(
      first?.commands.map(\.text) == ["intentflow run hello.json \\\n    --quiet", "echo $?"])
    #expect(first?.commands.map(\.line) == [9, 12])
    #expect(first?.commands.map(\.expected) == [["hello"], ["0"]])
    #expect(first?.files.map(\.path) == ["hello.json"])
    #expect(page.blocks.last?.skipReason == "needs a terminal")
    #expect(
      page.problems.map(\.description) == [
        "Docs/Example.md:21: a transcript in a ```text block escapes the tests; make it "
          + "```console (or mark it '<!-- not tested: REASON -->')",
        "Docs/Example.md:27: the page asks the reader to save this block; put "
          + "'<!-- file: NAME -->' before it",
      ])
  }
}
