import TestSupport
import Testing

@testable import CLIKit

/// A bar on a fake 60-column terminal whose standard error is a terminal.
private func bar(
  total: Int?, isTerminal: Bool = true, width: Int = 60
) -> (ProgressBar, OutputRecorder, ManualClock) {
  let recorder = OutputRecorder()
  let clock = ManualClock()
  let bar = ProgressBar(
    label: "Downloading", total: total,
    terminal: Terminal(isErrorTerminal: isTerminal, width: width), output: recorder.output,
    now: { clock.elapsed })
  return (bar, recorder, clock)
}

@Suite("Rendering a progress bar")
struct ProgressBarLineTests {
  @Test(
    "the bar fills with the work done and keeps its width",
    arguments: [
      (42, 100, "Downloading [============>                 ] 42% (42/100)"),
      (0, 100, "Downloading [>                             ] 0% (0/100)"),
      (100, 100, "Downloading [==============================] 100% (100/100)"),
      (150, 100, "Downloading [==============================] 100% (100/100)"),
      (-3, 100, "Downloading [>                             ] 0% (0/100)"),
      (0, 0, "Downloading [==================================] 100% (0/0)"),
    ])
  func determinate(completed: Int, total: Int, line: String) {
    #expect(
      ProgressBar.line(
        label: "Downloading", completed: completed, total: total, width: 60, frame: 0) == line)
  }

  @Test("the bar is at most 40 columns wide")
  func widest() {
    let line = ProgressBar.line(label: "Get", completed: 1, total: 2, width: 200, frame: 0)
    #expect(
      line == "Get [" + String(repeating: "=", count: 20) + ">" + String(repeating: " ", count: 19)
        + "] 50% (1/2)")
  }

  @Test(
    "on a narrow terminal the bar goes, then the label is cut",
    arguments: [
      (30, "Downloading 30% (3/10)"), (20, "Download 30% (3/10)"), (12, "30% (3/10)"),
    ])
  func narrow(width: Int, line: String) {
    #expect(
      ProgressBar.line(label: "Downloading", completed: 3, total: 10, width: width, frame: 0)
        == line)
  }

  @Test(
    "without a total a spinner turns, with the count once there is one",
    arguments: [
      (0, 0, "Syncing |"), (1, 0, "Syncing /"), (2, 5, "Syncing - 5"), (3, 12, "Syncing \\ 12"),
      (4, 12, "Syncing | 12"),
    ])
  func spinner(frame: Int, completed: Int, line: String) {
    #expect(
      ProgressBar.line(label: "Syncing", completed: completed, total: nil, width: 60, frame: frame)
        == line)
  }

  @Test("a cut label loses its trailing space")
  func cutLabel() {
    #expect(
      ProgressBar.line(label: "A very long label", completed: 12, total: nil, width: 12, frame: 1)
        == "A very / 12")
  }
}

@Suite("Drawing a progress bar")
struct ProgressBarDrawingTests {
  @Test("each redraw returns to the start of the line")
  func firstDraw() {
    let (bar, recorder, _) = bar(total: 10)
    bar.update(completed: 3)
    #expect(recorder.text == "\rDownloading [=========>                      ] 30% (3/10)")
  }

  @Test("redraws are throttled to ten a second, but the final state is always drawn")
  func throttling() {
    let (bar, recorder, clock) = bar(total: 10)
    bar.update(completed: 1)
    clock.advance(by: .milliseconds(50))
    bar.update(completed: 2)
    #expect(recorder.text.count { $0 == "\r" } == 1)
    clock.advance(by: .milliseconds(50))
    bar.update(completed: 3)
    #expect(recorder.text.count { $0 == "\r" } == 2)
    #expect(recorder.text.hasSuffix("30% (3/10)"))
    bar.update(completed: 10)
    #expect(recorder.text.hasSuffix("100% (10/10)"))
  }

  @Test("a shorter line blanks the rest of the longer one")
  func shrinking() {
    let (bar, recorder, clock) = bar(total: 1_000_000_000, width: 30)
    bar.update(completed: 1)
    #expect(recorder.text == "\rDownloading 0% (1/1000000000)")
    clock.advance(by: .seconds(1))
    recorder.clear()
    bar.update(completed: 1, total: 2)
    #expect(recorder.text == "\rDownloading 50% (1/2)        ")
  }

  @Test("finish clears the line once, and later updates draw nothing")
  func finish() {
    let (bar, recorder, clock) = bar(total: nil)
    bar.advance()
    recorder.clear()
    bar.finish()
    #expect(recorder.text == "\r" + String(repeating: " ", count: "Downloading | 1".count) + "\r")
    recorder.clear()
    bar.finish()
    clock.advance(by: .seconds(1))
    bar.advance()
    #expect(recorder.text.isEmpty)
  }

  @Test("finishing a bar never drawn writes nothing")
  func finishUndrawn() {
    let (bar, recorder, _) = bar(total: 5)
    bar.finish()
    #expect(recorder.text.isEmpty)
  }

  @Test("nothing is drawn when standard error is not a terminal")
  func notTerminal() {
    let (bar, recorder, _) = bar(total: 5, isTerminal: false)
    bar.update(completed: 1)
    bar.update(completed: 5)
    bar.finish()
    #expect(recorder.text.isEmpty)
  }

  @Test("tasks may advance one bar together")
  func concurrent() async {
    let (bar, recorder, _) = bar(total: 200)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<200 { group.addTask { bar.advance() } }
      await group.waitForAll()
    }
    #expect(recorder.text.hasSuffix("100% (200/200)"))
  }
}
