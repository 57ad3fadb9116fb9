#if os(Linux)
  import CDynamicCurl
  import ChildProcesses
  import Suggestions
  import FoundationEssentials
  import Glibc
  import Synchronization

  /// Sends requests with libcurl, opened with `dlopen` on the first request: a run that makes
  /// no request never loads libcurl and the thirty-odd libraries it pulls in (FoundationNetworking
  /// would load them at every start of the runner, some ten milliseconds of CPU).
  ///
  /// Each transfer runs `curl_easy_perform` on a thread of its own; cancellation is checked
  /// from libcurl's progress callback, which it calls at least once a second, and before each
  /// chunk of an uploaded file is read.
  final class CurlTransfer: @unchecked Sendable {
    // @unchecked: `body`, `headers` and the upload's state are used only by libcurl's
    // callbacks on the transfer's own thread (and read after that thread has finished);
    // `cancelled` is atomic.
    private var body = BoundedBytes(limit: 0)
    private var headers: [String: String] = [:]
    private let cancelled = Atomic<Bool>(false)
    private var upload: HTTPFileUpload?
    private var file: UnsafeMutablePointer<FILE>?
    private var uploaded: Int64 = 0
    private var readFailure: String?

    static func send(_ exchange: HTTPExchange) async throws(HTTPExchange.Failure)
      -> HTTPExchange.Answer
    {
      let library: CurlLibrary
      switch CurlLibrary.shared {
      case .success(let loaded): library = loaded
      case .failure(let failure): throw failure
      }
      let transfer = CurlTransfer()
      let result: Result<HTTPExchange.Answer, HTTPExchange.Failure> =
        await withTaskCancellationHandler {
          await withCheckedContinuation { continuation in
            let started = DetachedThread.start {
              continuation.resume(returning: transfer.perform(exchange, with: library))
            }
            if !started {
              continuation.resume(
                returning: .failure(
                  HTTPExchange.Failure(reason: "cannot start a thread for the request")))
            }
          }
        } onCancel: {
          transfer.cancelled.store(true, ordering: .relaxed)
        }
      return try result.get()
    }

    private func perform(_ exchange: HTTPExchange, with curl: CurlLibrary)
      -> Result<HTTPExchange.Answer, HTTPExchange.Failure>
    {
      guard let handle = curl.easyInit() else {
        return .failure(HTTPExchange.Failure(reason: "libcurl could not start a transfer"))
      }
      defer { curl.cleanup(handle) }
      body = BoundedBytes(limit: exchange.bodyLimit)
      var list: OpaquePointer?
      defer { curl.slistFree(list) }
      // No "Expect: 100-continue" pause before large bodies.
      for line in exchange.headers.map({ "\($0.name): \($0.value)" }) + ["Expect:"] {
        list = curl.slistAppend(list, line)
      }
      if let upload = exchange.upload {
        guard let file = fopen(upload.path, "rb") else {
          return .failure(HTTPExchange.Failure(reason: "cannot read '\(upload.path)'"))
        }
        self.file = file
        self.upload = upload
      }
      defer {
        if let file { fclose(file) }
        file = nil
      }
      var errorBuffer = [CChar](repeating: 0, count: 256)
      let me = Unmanaged.passUnretained(self).toOpaque()
      let code: Int32 = exchange.url.withCString { url in
        exchange.method.withCString { method in
          errorBuffer.withUnsafeMutableBufferPointer { errors in
            (exchange.body ?? []).withUnsafeBufferPointer { body in
              curl.set(handle, .url, url)
              curl.set(handle, .errorBuffer, UnsafeRawPointer(errors.baseAddress))
              curl.set(handle, .httpHeader, UnsafeRawPointer(list))
              curl.set(
                handle, .writeFunction,
                unsafeBitCast(CurlTransfer.onBody, to: UnsafeRawPointer.self))
              curl.set(handle, .writeData, me)
              curl.set(
                handle, .headerFunction,
                unsafeBitCast(CurlTransfer.onHeader, to: UnsafeRawPointer.self))
              curl.set(handle, .headerData, me)
              curl.set(
                handle, .progressFunction,
                unsafeBitCast(CurlTransfer.onProgress, to: UnsafeRawPointer.self))
              curl.set(handle, .progressData, me)
              curl.set(handle, .noProgress, 0)
              curl.set(handle, .followLocation, 1)
              curl.set(handle, .maximumRedirects, 20)
              // Only http and https, for the URL and every redirect: libcurl would otherwise
              // follow a `Location: ftp://…` (and log in as anonymous) or `file://`.
              curl.set(handle, .protocols, CurlLibrary.webProtocols)
              curl.set(handle, .redirectProtocols, CurlLibrary.webProtocols)
              curl.set(handle, .noSignal, 1)
              curl.set(handle, .acceptEncoding, "")
              if let upload = exchange.upload {
                curl.set(handle, .upload, 1)
                curl.set(
                  handle, .readFunction,
                  unsafeBitCast(CurlTransfer.onRead, to: UnsafeRawPointer.self))
                curl.set(handle, .readData, me)
                curl.setOffset(handle, .inFileSizeLarge, upload.size)
              } else if exchange.body != nil {
                curl.set(
                  handle, .postFields,
                  UnsafeRawPointer(body.baseAddress) ?? UnsafeRawPointer(bitPattern: 1))
                curl.setOffset(handle, .postFieldSizeLarge, Int64(body.count))
              }
              switch exchange.method {
              case "GET" where exchange.body == nil, "POST" where exchange.body != nil: break
              case "PUT" where exchange.upload != nil: break
              case "HEAD": curl.set(handle, .noBody, 1)
              default: curl.set(handle, .customRequest, method)
              }
              return curl.perform(handle)
            }
          }
        }
      }
      guard code == 0 else {
        if let readFailure { return .failure(HTTPExchange.Failure(reason: readFailure)) }
        if body.isOverLimit {
          return .failure(
            HTTPExchange.Failure(reason: "the body is too long", bodyOverLimit: true))
        }
        if cancelled.load(ordering: .relaxed) {
          return .failure(
            HTTPExchange.Failure(reason: "the request was cancelled", cancelled: true))
        }
        // The URL itself is http or https (checked before), so a refused protocol is a
        // redirect's: the last response's Location names it.
        if code == CurlLibrary.unsupportedProtocol, let target = headers["location"] {
          return .failure(
            HTTPExchange.Failure(
              reason: "the server redirected to '\(URLCredentials.masked(target))', which is not "
                + "an http or https URL; only http and https redirects are followed"))
        }
        let detail = String(
          decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let reason = detail.isEmpty ? curl.describe(code) : detail
        return .failure(HTTPExchange.Failure(reason: Self.lowercased(reason)))
      }
      // Handed over, not shared: the caller lets go of each chunk as it makes the text.
      let kept = body
      body = BoundedBytes(limit: 0)
      return .success(
        HTTPExchange.Answer(status: curl.responseCode(handle), headers: headers, body: kept))
    }

    private static func lowercased(_ text: String) -> String {
      text.prefix(1).lowercased() + text.dropFirst()
    }

    private static func transfer(_ pointer: UnsafeMutableRawPointer?) -> CurlTransfer? {
      pointer.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let onBody:
      @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int =
        { data, size, count, me in
          guard let transfer = transfer(me), let data else { return 0 }
          let length = size * count
          // libcurl hands over the body decompressed, so the limit counts inflated bytes; a
          // short count stops the transfer (CURLE_WRITE_ERROR).
          let fits = transfer.body.append(UnsafeRawBufferPointer(start: data, count: length))
          return fits ? length : 0
        }

    /// Collects the headers of the last response: a new status line (after a redirect or a
    /// 100 Continue) starts over.
    private static let onHeader:
      @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int =
        { data, size, count, me in
          guard let transfer = transfer(me), let data else { return 0 }
          let length = size * count
          let line = data.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
          }
          if line.hasPrefix("HTTP/") {
            transfer.headers = [:]
          } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimming(.whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimming(.whitespacesAndNewlines)
            if let earlier = transfer.headers[name] {
              transfer.headers[name] = earlier + ", " + value
            } else {
              transfer.headers[name] = value
            }
          }
          return length
        }

    /// Reads the next chunk of the uploaded file into libcurl's buffer; stops the transfer
    /// (`CURL_READFUNC_ABORT`) once it is cancelled or the file cannot be read.
    private static let onRead:
      @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int =
        { buffer, size, count, me in
          let abort = 0x1000_0000
          guard let transfer = transfer(me), let buffer, let upload = transfer.upload,
            let file = transfer.file, !transfer.cancelled.load(ordering: .relaxed)
          else { return abort }
          let wanted = min(size * count, upload.chunkSize)
          let read = fread(buffer, 1, wanted, file)
          if read < wanted, ferror(file) != 0 {
            transfer.readFailure = "cannot read '\(upload.path)' while sending it"
            return abort
          }
          if read > 0 {
            transfer.uploaded += Int64(read)
            upload.sent(transfer.uploaded)
          }
          return read
        }

    private static let onProgress:
      @convention(c) (UnsafeMutableRawPointer?, Int64, Int64, Int64, Int64) -> Int32 = {
        me, _, _, _, _ in
        transfer(me)?.cancelled.load(ordering: .relaxed) == true ? 1 : 0
      }
  }

  /// libcurl's functions, found with `dlopen` and `dlsym` once per process.
  struct CurlLibrary: Sendable {
    enum Option: Int32 {
      case writeData = 10001, url = 10002, errorBuffer = 10010, writeFunction = 20011
      case postFields = 10015, httpHeader = 10023, headerData = 10029, customRequest = 10036
      case noProgress = 43, noBody = 44, followLocation = 52, progressData = 10057
      case maximumRedirects = 68, headerFunction = 20079, noSignal = 99
      case acceptEncoding = 10102, postFieldSizeLarge = 30120, progressFunction = 20219
      case upload = 46, readData = 10009, readFunction = 20012, inFileSizeLarge = 30115
      case protocols = 181, redirectProtocols = 182
    }

    /// `CURLPROTO_HTTP | CURLPROTO_HTTPS`.
    static let webProtocols = 1 | 2
    /// `CURLE_UNSUPPORTED_PROTOCOL`: also what a redirect to a refused scheme fails with.
    static let unsupportedProtocol: Int32 = 1

    let easyInit: @convention(c) () -> OpaquePointer?
    let perform: @convention(c) (OpaquePointer?) -> Int32
    let cleanup: @convention(c) (OpaquePointer?) -> Void
    let slistAppend: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    let slistFree: @convention(c) (OpaquePointer?) -> Void
    let strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    private let setopt: UInt
    private let getinfo: UInt

    /// The library, loaded on first use; the failure says what to install.
    static let shared: Result<CurlLibrary, HTTPExchange.Failure> = load()

    private static func load() -> Result<CurlLibrary, HTTPExchange.Failure> {
      let names = ["libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"]
      guard let library = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first
      else {
        return .failure(
          HTTPExchange.Failure(
            reason: "http.request needs libcurl, which is not installed (on Debian and Ubuntu: "
              + "apt-get install libcurl4)"))
      }
      func symbol<T>(_ name: String, as type: T.Type) -> T? {
        dlsym(library, name).map { unsafeBitCast($0, to: type) }
      }
      guard
        let globalInit = symbol(
          "curl_global_init", as: (@convention(c) (Int) -> Int32).self),
        let easyInit = symbol("curl_easy_init", as: (@convention(c) () -> OpaquePointer?).self),
        let perform = symbol(
          "curl_easy_perform", as: (@convention(c) (OpaquePointer?) -> Int32).self),
        let cleanup = symbol(
          "curl_easy_cleanup", as: (@convention(c) (OpaquePointer?) -> Void).self),
        let slistAppend = symbol(
          "curl_slist_append",
          as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?).self),
        let slistFree = symbol(
          "curl_slist_free_all", as: (@convention(c) (OpaquePointer?) -> Void).self),
        let strerror = symbol(
          "curl_easy_strerror", as: (@convention(c) (Int32) -> UnsafePointer<CChar>?).self),
        let setopt = dlsym(library, "curl_easy_setopt"),
        let getinfo = dlsym(library, "curl_easy_getinfo")
      else {
        return .failure(HTTPExchange.Failure(reason: "the installed libcurl is missing functions"))
      }
      _ = globalInit(3)  // CURL_GLOBAL_DEFAULT, once, before any transfer (it is not thread-safe)
      return .success(
        CurlLibrary(
          easyInit: easyInit, perform: perform, cleanup: cleanup, slistAppend: slistAppend,
          slistFree: slistFree, strerror: strerror, setopt: UInt(bitPattern: setopt),
          getinfo: UInt(bitPattern: getinfo)))
    }

    private var setoptAddress: UnsafeMutableRawPointer? {
      UnsafeMutableRawPointer(bitPattern: setopt)
    }

    func set(_ handle: OpaquePointer, _ option: Option, _ value: UnsafeRawPointer?) {
      _ = intentflow_curl_setopt_pointer(
        setoptAddress, UnsafeMutableRawPointer(handle), option.rawValue, value)
    }

    func set(_ handle: OpaquePointer, _ option: Option, _ value: UnsafeMutableRawPointer?) {
      set(handle, option, UnsafeRawPointer(value))
    }

    func set(_ handle: OpaquePointer, _ option: Option, _ value: UnsafePointer<CChar>) {
      set(handle, option, UnsafeRawPointer(value))
    }

    func set(_ handle: OpaquePointer, _ option: Option, _ value: String) {
      // libcurl copies string options (since 7.17), so the text may go away after the call.
      value.withCString { set(handle, option, UnsafeRawPointer($0)) }
    }

    func set(_ handle: OpaquePointer, _ option: Option, _ value: Int) {
      _ = intentflow_curl_setopt_long(
        setoptAddress, UnsafeMutableRawPointer(handle), option.rawValue, value)
    }

    func setOffset(_ handle: OpaquePointer, _ option: Option, _ value: Int64) {
      _ = intentflow_curl_setopt_offset(
        setoptAddress, UnsafeMutableRawPointer(handle), option.rawValue, value)
    }

    func responseCode(_ handle: OpaquePointer) -> Int {
      var code = 0
      _ = intentflow_curl_getinfo_long(
        UnsafeMutableRawPointer(bitPattern: getinfo), UnsafeMutableRawPointer(handle), 0x200002,
        &code)
      return code
    }

    func describe(_ code: Int32) -> String {
      strerror(code).map { String(cString: $0) } ?? "libcurl error \(code)"
    }
  }
#endif
