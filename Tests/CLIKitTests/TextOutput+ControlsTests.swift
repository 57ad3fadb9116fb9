import CLIKit
import Synchronization
import Testing

@Suite("What reaches a terminal shows control characters as symbols")
struct TextOutputControlsTests {
  /// Writes through the filter and returns what reached the underlying output.
  func written(_ texts: [String], keepingStyles: Bool = false) -> String {
    let recorded = Mutex("")
    let base = TextOutput(write: { text in recorded.withLock { $0 += text } })
    let output = base.showingControls(keepingStyles: keepingStyles)
    for text in texts { output.write(text) }
    return recorded.withLock { $0 }
  }

  @Test("an OSC title sequence, BEL, a cursor move and a C1 control are shown, not sent")
  func escapes() {
    #expect(written(["Added '\u{1B}]0;PWNED\u{07} milk'.\n"]) == "Added '␛]0;PWNED␇ milk'.\n")
    #expect(written(["\u{1B}[2J\u{1B}[H"]) == "␛[2J␛[H")
    #expect(written(["a\u{9B}31mb\u{7F}"]) == "a\u{FFFD}31mb␡")
  }

  @Test("line breaks and tabs pass; a carriage return only at either end of one write")
  func lineEndings() {
    #expect(written(["one\ttwo\nthree\n"]) == "one\ttwo\nthree\n")
    #expect(written(["\r[###   ] 1/3", "\r   \r"]) == "\r[###   ] 1/3\r   \r")
    #expect(written(["Buy milk\rPWNED\n"]) == "Buy milk␍PWNED\n")
  }

  @Test("the styles' own codes pass when the stream is coloured, and only those")
  func styles() {
    let style = Style.ansi
    let styled =
      style.bold(style.red("error:")) + " " + style.dim(style.green("^"))
      + style.underline(style.yellow("w") + style.blue("b") + style.magenta("m") + style.cyan("c"))
    #expect(written([styled], keepingStyles: true) == styled)
    #expect(written([styled], keepingStyles: false) != styled)
    #expect(written(["\u{1B}[8mhidden\u{1B}[0m"], keepingStyles: true) == "␛[8mhidden␛[0m")
  }
}
