import CLIKit
import Testing

@Suite("Terminal facts and colour policy")
struct TerminalTests {
  @Test(
    "the colour mode follows the environment, first rule winning",
    arguments: [
      ([:], Terminal.ColorMode.whenTerminal),
      (["NO_COLOR": "1"], .never),
      (["NO_COLOR": ""], .whenTerminal),
      (["NO_COLOR": "1", "FORCE_COLOR": "1"], .never),
      (["TERM": "dumb"], .never),
      (["TERM": "dumb", "FORCE_COLOR": "1"], .never),
      (["TERM": "xterm-256color"], .whenTerminal),
      (["FORCE_COLOR": "1"], .always),
      (["FORCE_COLOR": "0"], .whenTerminal),
      (["FORCE_COLOR": "false"], .whenTerminal),
      (["CLICOLOR_FORCE": "1"], .always),
    ])
  func colorMode(environment: [String: String], mode: Terminal.ColorMode) {
    #expect(Terminal.ColorMode(environment: environment) == mode)
  }

  @Test("by default only a stream that is a terminal is coloured")
  func perStream() {
    let terminal = Terminal(
      environment: [:], isInputTerminal: false, isOutputTerminal: false, isErrorTerminal: true,
      windowWidth: nil)
    #expect(!terminal.colorsOutput)
    #expect(terminal.colorsErrors)
    #expect(terminal.outputStyle == .plain)
    #expect(terminal.errorStyle == .ansi)
  }

  @Test("forced colour applies to streams that are not terminals")
  func forced() {
    let terminal = Terminal(
      environment: ["FORCE_COLOR": "1"], isInputTerminal: false, isOutputTerminal: false,
      isErrorTerminal: false, windowWidth: nil)
    #expect(terminal.colorsOutput && terminal.colorsErrors)
  }

  @Test(
    "the width is the window's, else COLUMNS, else 80",
    arguments: [
      (120, [:], 120), (120, ["COLUMNS": "100"], 120), (nil, ["COLUMNS": "100"], 100),
      (nil, ["COLUMNS": "wide"], 80), (nil, ["COLUMNS": "0"], 80), (nil, [:], 80),
      (0, [:], 80),
    ] as [(Int?, [String: String], Int)])
  func width(window: Int?, environment: [String: String], width: Int) {
    let terminal = Terminal(
      environment: environment, isInputTerminal: true, isOutputTerminal: true,
      isErrorTerminal: true, windowWidth: window)
    #expect(terminal.width == width)
  }

  @Test("a fake terminal keeps the facts it is given")
  func fake() {
    let terminal = Terminal(isErrorTerminal: true, width: 60, colorMode: .always)
    #expect(!terminal.isInputTerminal && !terminal.isOutputTerminal && terminal.isErrorTerminal)
    #expect(terminal.width == 60)
    #expect(terminal.colorsOutput)
  }

  @Test("the live terminal reports a usable width")
  func live() {
    #expect(Terminal.live.width > 0)
  }
}

@Suite("Styling text")
struct StyleTests {
  @Test("a disabled style leaves text alone")
  func plain() {
    let style = Style.plain
    #expect(style.bold(style.red("error:")) == "error:")
    #expect(style.cyan("x") + style.dim("y") + style.underline("z") == "xyz")
  }

  @Test(
    "each attribute is switched off by its own code",
    arguments: [
      (Style.ansi.bold("x"), "\u{1B}[1mx\u{1B}[22m"),
      (Style.ansi.dim("x"), "\u{1B}[2mx\u{1B}[22m"),
      (Style.ansi.underline("x"), "\u{1B}[4mx\u{1B}[24m"),
      (Style.ansi.red("x"), "\u{1B}[31mx\u{1B}[39m"),
      (Style.ansi.green("x"), "\u{1B}[32mx\u{1B}[39m"),
      (Style.ansi.yellow("x"), "\u{1B}[33mx\u{1B}[39m"),
      (Style.ansi.blue("x"), "\u{1B}[34mx\u{1B}[39m"),
      (Style.ansi.magenta("x"), "\u{1B}[35mx\u{1B}[39m"),
      (Style.ansi.cyan("x"), "\u{1B}[36mx\u{1B}[39m"),
      (Style.ansi.red(""), ""),
    ])
  func codes(styled: String, expected: String) {
    #expect(styled == expected)
  }
}

@Suite("Text input and output values")
struct TextIOTests {
  @Test("scripted input yields its lines, then the end of input for good")
  func scripted() async {
    let input = LineInput.lines(["one", "two"])
    #expect(await input.readLine() == "one")
    #expect(await input.readLine() == "two")
    #expect(await input.readLine() == nil)
    #expect(await input.readLine() == nil)
  }

  @Test("a recorder keeps writes from many tasks")
  func recorder() async {
    let recorder = OutputRecorder()
    let output = recorder.output
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<50 { group.addTask { output.writeLine("x") } }
      await group.waitForAll()
    }
    #expect(recorder.text == String(repeating: "x\n", count: 50))
    recorder.clear()
    #expect(recorder.text.isEmpty)
  }
}
