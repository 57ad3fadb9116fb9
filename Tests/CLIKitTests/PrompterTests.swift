import CLIKit
import Synchronization
import Testing

/// A prompter reading `lines` and writing to a fresh recorder.
private func prompter(_ lines: [String]) -> (Prompter, OutputRecorder) {
  let recorder = OutputRecorder()
  return (Prompter(input: .lines(lines), output: recorder.output), recorder)
}

@Suite("Asking for text")
struct PrompterAskTests {
  @Test("without suggestions the answer follows the question, trimmed")
  func plain() async {
    let (prompter, recorder) = prompter(["  Buy milk \r"])
    #expect(await prompter.ask("Title?") == "Buy milk")
    #expect(recorder.text == "Title? ")
  }

  @Test("an empty answer asks again")
  func empty() async {
    let (prompter, recorder) = prompter(["", "   ", "milk"])
    #expect(await prompter.ask("Title?") == "milk")
    #expect(recorder.text == "Title? Title? Title? ")
  }

  @Test(
    "a number picks a suggestion; anything else is taken as typed",
    arguments: [
      ("2", "Call mum"), ("1", "Buy milk"), ("Walk dog", "Walk dog"), ("3", "3"), ("0", "0"),
    ])
  func suggestions(answer: String, result: String) async {
    let (prompter, recorder) = prompter([answer])
    #expect(await prompter.ask("Title", suggestions: ["Buy milk", "Call mum"]) == result)
    #expect(
      recorder.text == """
        Title
          1. Buy milk
          2. Call mum
        Enter 1-2 or a value:\u{20}
        """)
  }

  @Test("the end of input gives nil and ends the line")
  func endOfInput() async {
    let (prompter, recorder) = prompter([])
    #expect(await prompter.ask("Title?") == nil)
    #expect(recorder.text == "Title? \n")
  }

  @Test("a styled question is bold")
  func styled() async {
    let recorder = OutputRecorder()
    let prompter = Prompter(input: .lines(["x"]), output: recorder.output, style: .ansi)
    _ = await prompter.ask("Title?")
    #expect(recorder.text == "\u{1B}[1mTitle?\u{1B}[22m ")
  }
}

@Suite("Choosing from a list")
struct PrompterChooseTests {
  static let options = ["Buy milk", "Buy milk powder", "Call mum", "Walk the dog"]

  @Test(
    "a number, a name, a unique start or a unique part picks an option",
    arguments: [
      ("1", 0), ("4", 3), ("buy milk", 0), ("BUY MILK POWDER", 1), ("call", 2), ("w", 3),
      ("dog", 3), ("powder", 1), (" 3 ", 2),
    ])
  func picks(answer: String, index: Int) async {
    let (prompter, _) = prompter([answer])
    #expect(await prompter.choose("Which todo?", options: Self.options) == index)
  }

  @Test("the options are listed, numbered from 1")
  func listing() async {
    let (prompter, recorder) = prompter(["1"])
    _ = await prompter.choose("Which todo?", options: Self.options)
    #expect(
      recorder.text == """
        Which todo?
          1. Buy milk
          2. Buy milk powder
          3. Call mum
          4. Walk the dog
        Enter 1-4 or a name:\u{20}
        """)
  }

  @Test("numbers line up past nine options")
  func alignment() async {
    let (prompter, recorder) = prompter(["10"])
    let options = (1...10).map { "Item \($0)" }
    #expect(await prompter.choose("Which?", options: options) == 9)
    #expect(recorder.text.contains("\n   9. Item 9\n  10. Item 10\n"))
  }

  @Test("bad answers are explained and the question asked again")
  func badThenGood() async {
    let (prompter, recorder) = prompter(["7", "buy", "tea", "", "call"])
    #expect(await prompter.choose("Which todo?", options: Self.options) == 2)
    #expect(
      recorder.text.hasSuffix(
        """
        Enter 1-4 or a name: there is no option 7
        Enter 1-4 or a name: 'buy' matches 2 options: Buy milk, Buy milk powder
        Enter 1-4 or a name: no option matches 'tea'
        Enter 1-4 or a name: Enter 1-4 or a name:\u{20}
        """))
  }

  @Test("the end of input gives nil")
  func endOfInput() async {
    let (prompter, _) = prompter(["nothing"])
    #expect(await prompter.choose("Which todo?", options: Self.options) == nil)
  }

  @Test("no options gives nil without asking")
  func noOptions() async {
    let (prompter, recorder) = prompter(["1"])
    #expect(await prompter.choose("Which?", options: []) == nil)
    #expect(recorder.text.isEmpty)
  }

  @Test("one option asks for 1")
  func single() async {
    let (prompter, recorder) = prompter(["1"])
    #expect(await prompter.choose("Which?", options: ["Only"]) == 0)
    #expect(recorder.text.hasSuffix("Enter 1 or a name: "))
  }
}

@Suite("Confirming")
struct PrompterConfirmTests {
  @Test(
    "yes and no in any case",
    arguments: [("y", true), ("YES", true), ("Yes", true), ("n", false), ("No", false)])
  func answers(answer: String, result: Bool) async {
    let (prompter, recorder) = prompter([answer])
    #expect(await prompter.confirm("Delete 3 todos?", default: nil) == result)
    #expect(recorder.text == "Delete 3 todos? [y/n] ")
  }

  @Test(
    "an empty answer takes the default, shown by a capital",
    arguments: [(true, "[Y/n]"), (false, "[y/N]")])
  func defaults(answer: Bool, marker: String) async {
    let (prompter, recorder) = prompter([""])
    #expect(await prompter.confirm("Go on?", default: answer) == answer)
    #expect(recorder.text == "Go on? \(marker) ")
  }

  @Test("without a default, empty and unclear answers ask again")
  func reasks() async {
    let (prompter, recorder) = prompter(["", "maybe", "n"])
    #expect(await prompter.confirm("Go on?") == false)
    #expect(recorder.text == "Go on? [y/n] Go on? [y/n] please answer yes or no\nGo on? [y/n] ")
  }

  @Test("the end of input gives nil")
  func endOfInput() async {
    let (prompter, recorder) = prompter(["maybe"])
    #expect(await prompter.confirm("Go on?", default: true) == nil)
    #expect(recorder.text.hasSuffix("Go on? [Y/n] \n"))
  }
}

/// Records, in order, when a scripted input's echo is turned off, read and turned back on.
private final class EchoLog: Sendable {
  private let events = Mutex<[String]>([])
  var entries: [String] { events.withLock { $0 } }

  func append(_ event: String) { events.withLock { $0.append(event) } }

  /// An input that yields `lines` and logs each read and each change of echo; with
  /// `terminal` false it has no echo to turn off, like a pipe.
  func input(_ lines: [String], terminal: Bool = true) -> LineInput {
    let script = LineInput.lines(lines)
    return LineInput(
      readLine: {
        let line = await script.readLine()
        self.append("read \(line ?? "<end>")")
        return line
      },
      hideTyping: {
        guard terminal else { return nil }
        self.append("echo off")
        return { self.append("echo on") }
      })
  }
}

@Suite("Asking for a secret")
struct PrompterSecretTests {
  @Test("the echo is off while the answer is read and back on after; the line is ended")
  func hidden() async {
    let log = EchoLog()
    let recorder = OutputRecorder()
    let prompter = Prompter(input: log.input([" s3cret "]), output: recorder.output)
    #expect(await prompter.askSecret("Token?") == " s3cret ")
    #expect(log.entries == ["echo off", "read  s3cret ", "echo on"])
    #expect(recorder.text == "Token? \n")
  }

  @Test("an empty answer asks again, each time without echo")
  func empty() async {
    let log = EchoLog()
    let recorder = OutputRecorder()
    let prompter = Prompter(input: log.input(["", "x"]), output: recorder.output)
    #expect(await prompter.askSecret("Token?") == "x")
    #expect(log.entries == ["echo off", "read ", "echo on", "echo off", "read x", "echo on"])
    #expect(recorder.text == "Token? \nToken? \n")
  }

  @Test("the end of input gives nil with the echo back on")
  func endOfInput() async {
    let log = EchoLog()
    let recorder = OutputRecorder()
    let prompter = Prompter(input: log.input([]), output: recorder.output)
    #expect(await prompter.askSecret("Token?") == nil)
    #expect(log.entries == ["echo off", "read <end>", "echo on"])
    #expect(recorder.text == "Token? \n")
  }

  @Test("a cancelled read turns the echo back on")
  func cancelled() async {
    let log = EchoLog()
    // A read that never ends and cannot be interrupted, as one of a terminal.
    let blocked = LineInput(
      startingReads: { _ in },
      hideTyping: {
        log.append("echo off")
        return { log.append("echo on") }
      }
    ).givingUpOnCancellation()
    let prompter = Prompter(input: blocked, output: OutputRecorder().output)
    let (started, signal) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      signal.yield()
      return await prompter.askSecret("Token?")
    }
    for await _ in started { break }
    task.cancel()
    #expect(await task.value == nil)
    #expect(log.entries.first == "echo off")
    #expect(log.entries.last == "echo on")
  }

  @Test("from a pipe nothing is turned off and no line is added")
  func pipe() async {
    let log = EchoLog()
    let recorder = OutputRecorder()
    let prompter = Prompter(input: log.input(["x"], terminal: false), output: recorder.output)
    #expect(await prompter.askSecret("Token?") == "x")
    #expect(log.entries == ["read x"])
    #expect(recorder.text == "Token? ")
  }
}
