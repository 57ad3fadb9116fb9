import Foundation
import TestSupport

/// A small HTTP server on 127.0.0.1, written with Python's standard library and started by
/// the test on a free port: it echoes requests as JSON, answers `/status/N` with status N,
/// redirects `/redirect` to `/echo` and `/redirect-ftp` to an `ftp://` URL, and serves `/text` as plain text. It stops when the test
/// process does.
final class LocalServer: Sendable {
  private let server: PythonServer
  var port: Int { server.port }

  static let script = #"""
    import json, os, sys, threading
    from http.server import BaseHTTPRequestHandler, HTTPServer
    from urllib.parse import urlsplit

    class Handler(BaseHTTPRequestHandler):
        def handle_any(self):
            url = urlsplit(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length).decode("utf-8") if length else ""
            if url.path == "/redirect":
                self.send_response(302)
                self.send_header("Location", "/echo?from=redirect")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if url.path == "/big":
                size = int(url.query or "0")
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", str(size))
                self.end_headers()
                self.wfile.write(b"x" * size)
                return
            if url.path == "/gzip":
                import gzip
                size = int(url.query or "0")
                payload = gzip.compress(b"z" * size)
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
                return
            if url.path == "/redirect-ftp":
                self.send_response(302)
                self.send_header("Location", "ftp://127.0.0.1:%s/file" % self.server.server_address[1])
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if url.path.startswith("/status/"):
                status = int(url.path.split("/")[2])
                payload = b"not here: " + url.path.encode()
                self.send_response(status)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
                return
            if url.path == "/text":
                payload = b"plain words\n"
                kind = "text/plain; charset=utf-8"
            else:
                payload = json.dumps({
                    "method": self.command, "path": url.path, "query": url.query,
                    "contentType": self.headers.get("Content-Type"),
                    "token": self.headers.get("X-Token"), "body": body,
                }, sort_keys=True).encode()
                kind = "application/json"
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("X-Served-By", "test")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)
        do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = handle_any
        def log_message(self, *args):
            pass

    def watch_parent():
        sys.stdin.read()  # end of input: the test process is gone
        os._exit(0)

    threading.Thread(target=watch_parent, daemon=True).start()
    server = HTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#

  /// Starts the server and waits for it to print its port.
  init() async throws {
    server = try await PythonServer(script: Self.script, name: "the test server")
  }

  /// `http://127.0.0.1:PORT` followed by `path`.
  func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
}
