import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension LineInput {
  /// Standard input read with `read(2)` on a serial queue of its own, not through C stdio.
  ///
  /// A stdio read (`readLine`) holds the lock of `stdin` while it waits, and `fflush(nil)` —
  /// which ``TextOutput`` calls before every write, and `main.swift` before exiting — takes
  /// every stream's lock: a run cancelled at a prompt would print nothing and not exit
  /// until a line came. A read of the descriptor holds no lock.
  static let descriptorZero: LineInput = {
    let reader = DescriptorLineReader(descriptor: 0)
    let queue = DispatchQueue(label: "CLIKit.LineInput.standardInput")
    return LineInput(
      startingReads: { done in queue.async { done(reader.nextLine()) } },
      hideTyping: { hideEcho(of: 0) })
  }()

  /// Clears `ECHO` on a terminal descriptor and returns what restores its previous
  /// settings (once, however often it is called); `nil` if it is not a terminal.
  private static func hideEcho(of descriptor: Int32) -> (@Sendable () -> Void)? {
    var saved = termios()
    guard isatty(descriptor) == 1, tcgetattr(descriptor, &saved) == 0 else { return nil }
    var silent = saved
    silent.c_lflag &= ~tcflag_t(ECHO)
    guard tcsetattr(descriptor, TCSANOW, &silent) == 0 else { return nil }
    let original = Mutex<termios?>(saved)
    return {
      guard var settings = original.withLock({ $0.take() }) else { return }
      _ = tcsetattr(descriptor, TCSANOW, &settings)
    }
  }
}

/// Splits what `read(2)` returns into lines without their line endings.
private final class DescriptorLineReader: Sendable {
  private struct State {
    var buffer: [UInt8] = []
    var atEnd = false
  }

  private let descriptor: Int32
  private let state = Mutex(State())

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// The next line, without `\n` or `\r\n`; the last line may lack one; `nil` at the end.
  func nextLine() -> String? {
    state.withLock { state in
      while true {
        if let newline = state.buffer.firstIndex(of: 0x0A) {
          var line = state.buffer[..<newline]
          if line.last == 0x0D { line = line.dropLast() }
          let text = String(decoding: line, as: UTF8.self)
          state.buffer.removeSubrange(...newline)
          return text
        }
        if state.atEnd {
          guard !state.buffer.isEmpty else { return nil }
          defer { state.buffer = [] }
          return String(decoding: state.buffer, as: UTF8.self)
        }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
          state.buffer.append(contentsOf: chunk[..<count])
        } else if count < 0, errno == EINTR {
          continue
        } else {
          state.atEnd = true
        }
      }
    }
  }
}
