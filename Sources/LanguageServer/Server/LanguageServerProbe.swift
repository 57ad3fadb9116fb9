import StrictJSON

/// A session driven one message at a time, without the transport or the pause before a
/// change is validated: for benchmarks, which time what the server does for a message.
@_spi(Benchmarks) public struct LanguageServerProbe {
  private var session: Session

  /// A probe of `server`'s sessions.
  public init(server: LanguageServer) {
    session = Session(server: server)
  }

  /// Handles one message and returns what the server writes for it, in order; a change is
  /// validated at once.
  public mutating func receive(_ body: String) -> [String] {
    var written: [String] = []
    var effects = session.receive(Array(body.utf8))
    while !effects.isEmpty {
      let effect = effects.removeFirst()
      switch effect {
      case .send(let message): written.append(message.serialized())
      case .settle(let uri, let version): effects += session.settled(uri: uri, version: version)
      case .exit: break
      }
    }
    return written
  }
}
