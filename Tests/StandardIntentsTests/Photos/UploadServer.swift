import Foundation
import TestSupport

/// An HTTP server on 127.0.0.1 for `photos.upload`, written with Python's standard library and
/// started by the test on a free port. It reports what happens as lines in ``events``:
///
/// - `PUT /ok/NAME` reads the body and answers 201: `stored /ok/NAME SHA256 LENGTH AUTH`.
/// - `PUT /status/N/NAME` reads the body and answers N with the body `disk full`.
/// - `PUT /stall/NAME` reads the first chunk (4 bytes), reports `stalled /stall/NAME`, and
///   never answers.
/// - `DELETE PATH` answers 204: `deleted PATH`.
///
/// It stops when the test process does.
final class UploadServer: Sendable {
  /// Every line the server reported, in order.
  let events = Observed<[String]>([])
  private let server: PythonServer
  var port: Int { server.port }

  static let script = #"""
    import hashlib, os, sys, threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    never = threading.Event()

    def report(line):
        print(line, flush=True)

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def answer(self, status, payload=b""):
            self.send_response(status)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def do_PUT(self):
            length = int(self.headers.get("Content-Length") or 0)
            if self.path.startswith("/stall/"):
                self.rfile.read(min(4, length))
                report("stalled " + self.path)
                never.wait()
                return
            body = self.rfile.read(length)
            if self.path.startswith("/status/"):
                self.answer(int(self.path.split("/")[2]), b"disk full\n")
                return
            auth = self.headers.get("Authorization") or "-"
            report("stored %s %s %d %s" % (
                self.path, hashlib.sha256(body).hexdigest(), len(body), auth))
            self.answer(201)

        def do_DELETE(self):
            report("deleted " + self.path)
            self.answer(204)

        def log_message(self, *args):
            pass

    def watch_parent():
        sys.stdin.read()  # end of input: the test process is gone
        os._exit(0)

    threading.Thread(target=watch_parent, daemon=True).start()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#

  /// Starts the server, waits for it to print its port, and reads its reports from then on.
  init() async throws {
    let server = try await PythonServer(script: Self.script, name: "the upload server")
    self.server = server
    let events = self.events
    server.forEachLine { line in events.update { $0.append(line) } }
  }

  /// `http://127.0.0.1:PORT` followed by `path`.
  func url(_ path: String, user: String? = nil) -> String {
    "http://\(user.map { $0 + "@" } ?? "")127.0.0.1:\(port)\(path)"
  }

  /// Waits for a report that starts with `prefix`; returns it, or `nil` at the deadline.
  func event(startingWith prefix: String) async -> String? {
    _ = await events.wait { $0.contains { $0.hasPrefix(prefix) } }
    return events.value.first { $0.hasPrefix(prefix) }
  }
}
