#if !os(Linux)
  import ChildProcesses
  import Foundation

  /// Sends requests with `URLSession` (part of Foundation on macOS).
  enum URLSessionTransfer {
    static func send(_ exchange: HTTPExchange) async throws(HTTPExchange.Failure)
      -> HTTPExchange.Answer
    {
      guard let url = URL(string: exchange.url) else {
        throw HTTPExchange.Failure(reason: "'\(exchange.shownURL)' is not a URL")
      }
      var request = URLRequest(url: url)
      // The step's timeout governs; URLSession's own 60-second limit would cut long ones short.
      request.timeoutInterval = 24 * 3600
      request.httpMethod = exchange.method
      request.httpBody = exchange.body.map { Data($0) }
      if let upload = exchange.upload {
        // URLSession reports no progress here, so the file goes in one piece.
        guard let data = FileManager.default.contents(atPath: upload.path) else {
          throw HTTPExchange.Failure(reason: "cannot read '\(upload.path)'")
        }
        request.httpBody = data
      }
      for (name, value) in exchange.headers { request.addValue(value, forHTTPHeaderField: name) }
      let data: Data
      let response: URLResponse
      do {
        (data, response) = try await URLSession.shared.data(for: request)
      } catch {
        if error is CancellationError || (error as? URLError)?.code == .cancelled {
          throw HTTPExchange.Failure(reason: "the request was cancelled", cancelled: true)
        }
        throw HTTPExchange.Failure(reason: (error as? URLError)?.localizedDescription ?? "\(error)")
      }
      if let upload = exchange.upload { upload.sent(upload.size) }
      guard let http = response as? HTTPURLResponse else {
        throw HTTPExchange.Failure(reason: "the server did not answer with HTTP")
      }
      var headers: [String: String] = [:]
      for (name, value) in http.allHeaderFields { headers["\(name)".lowercased()] = "\(value)" }
      // URLSession holds the whole body before it answers; the limit is still the step's.
      var body = BoundedBytes(limit: exchange.bodyLimit)
      guard data.withUnsafeBytes({ body.append($0) }) else {
        throw HTTPExchange.Failure(reason: "the body is too long", bodyOverLimit: true)
      }
      return HTTPExchange.Answer(status: http.statusCode, headers: headers, body: body)
    }
  }
#endif
