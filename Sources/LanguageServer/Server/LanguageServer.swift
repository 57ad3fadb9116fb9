public import IntentKit
import StrictJSON
import WorkflowEngine

/// A Language Server Protocol (3.17) server for workflow files: the engine's own
/// diagnostics, completion, hover, go to definition and document symbols.
///
/// It reads framed JSON-RPC messages from `input` and writes its own with `output`, one
/// message at a time, in the order they are made. Changes are diagnosed once the editor has
/// paused for ``debounce``: a burst of keystrokes costs one validation. Every task it starts
/// is a child of ``serve(input:output:)``, and none outlives it.
public struct LanguageServer: Sendable {
  /// The intents workflow files may use, extension intents included.
  public var registry: IntentRegistry
  /// The server's version, for `serverInfo`.
  public var version: String
  /// How long after the last change a document is validated again.
  public var debounce: Duration
  /// Waits; the run environment's clock.
  public var sleep: @Sendable (Duration) async throws -> Void
  /// Reads the workflow files that `workflow` steps run.
  public var read: @Sendable (String) throws -> [UInt8]

  /// A server.
  ///
  /// - Parameters:
  ///   - registry: The intents workflow files may use.
  ///   - version: The version `initialize` reports.
  ///   - debounce: How long after the last change a document is validated.
  ///   - sleep: How to wait (the clock's `sleep`).
  ///   - read: How to read the workflow files that steps run.
  public init(
    registry: IntentRegistry, version: String, debounce: Duration = .milliseconds(150),
    sleep: @escaping @Sendable (Duration) async throws -> Void,
    read: @escaping @Sendable (String) throws -> [UInt8]
  ) {
    self.registry = registry
    self.version = version
    self.debounce = debounce
    self.sleep = sleep
    self.read = read
  }

  /// What the loop reacts to.
  private enum Event: Sendable {
    case bytes([UInt8])
    case endOfInput
    /// The pause after a change of a document to this version is over.
    case settled(uri: String, version: Int)
  }

  /// Serves until the `exit` notification or the end of `input`.
  ///
  /// - Parameters:
  ///   - input: The bytes the client writes, in chunks of any size.
  ///   - output: Writes one framed message.
  /// - Returns: The exit code: 0 after `shutdown` then `exit`, 1 otherwise (as LSP says).
  public func serve(
    input: AsyncStream<[UInt8]>, output: @escaping @Sendable ([UInt8]) -> Void
  ) async -> Int32 {
    let (events, inbox) = AsyncStream<Event>.makeStream()
    return await withTaskGroup(of: Void.self, returning: Int32.self) { group in
      group.addTask {
        for await chunk in input { inbox.yield(.bytes(chunk)) }
        inbox.yield(.endOfInput)
      }
      var session = Session(server: self)
      var framer = MessageFramer()
      var status: Int32?
      loop: for await event in events {
        var effects: [Session.Effect] = []
        switch event {
        case .bytes(let chunk):
          framer.append(chunk)
          do {
            while let body = try framer.nextBody() { effects += session.receive(body) }
          } catch {
            // The stream cannot be framed any more: nothing after this can be read.
            effects.append(.send(Session.errorResponse(id: .null, .parseError, "\(error)")))
            effects.append(.exit(1))
          }
        case .endOfInput:
          effects.append(.exit(session.isShutDown ? 0 : 1))
        case .settled(let uri, let version):
          effects += session.settled(uri: uri, version: version)
        }
        for effect in effects {
          switch effect {
          case .send(let message):
            output(MessageFramer.frame(message.serializedBytes()))
          case .settle(let uri, let version):
            let sleep = self.sleep
            let pause = debounce
            group.addTask {
              guard (try? await sleep(pause)) != nil else { return }
              inbox.yield(.settled(uri: uri, version: version))
            }
          case .exit(let code):
            status = code
            break loop
          }
        }
      }
      // The reader and any pauses still waiting end here, with the call.
      group.cancelAll()
      inbox.finish()
      await group.waitForAll()
      return status ?? (session.isShutDown ? 0 : 1)
    }
  }
}
