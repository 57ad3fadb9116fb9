import CLibPQ

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// libpq's functions, found with `dlopen` and `dlsym` once per process: a runner whose store is
/// SQLite never loads libpq, and runs where it is not installed.
struct LibPQ: Sendable {
  typealias Connection = OpaquePointer?
  typealias Result = OpaquePointer?
  typealias Text = UnsafeMutablePointer<CChar>?
  typealias NoticeProcessor =
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) ->
    Void

  let connect: @convention(c) (UnsafePointer<CChar>?) -> Connection
  let finish: @convention(c) (Connection) -> Void
  let status: @convention(c) (Connection) -> ConnStatusType
  let errorMessage: @convention(c) (Connection) -> Text
  let execParams:
    @convention(c) (
      Connection, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?,
      UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
    ) -> Result
  let resultStatus: @convention(c) (Result) -> ExecStatusType
  let resultErrorField: @convention(c) (Result, Int32) -> Text
  let rowCount: @convention(c) (Result) -> Int32
  let fieldCount: @convention(c) (Result) -> Int32
  let fieldName: @convention(c) (Result, Int32) -> Text
  let fieldType: @convention(c) (Result, Int32) -> Oid
  let value: @convention(c) (Result, Int32, Int32) -> Text
  let isNull: @convention(c) (Result, Int32, Int32) -> Int32
  let commandTuples: @convention(c) (Result) -> Text
  let clear: @convention(c) (Result) -> Void
  let setNoticeProcessor:
    @convention(c) (Connection, NoticeProcessor?, UnsafeMutableRawPointer?) ->
      UnsafeMutableRawPointer?

  /// The library, loaded on first use; the failure says what to install.
  static let shared: Swift.Result<LibPQ, StorageError> = load()

  private static func load() -> Swift.Result<LibPQ, StorageError> {
    let names = ["libpq.so.5", "libpq.so", "libpq.5.dylib", "libpq.dylib"]
    guard let library = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
      return .failure(
        StorageError(
          code: StorageError.Code.cannotOpen, message: "libpq is not installed",
          path: nil, action: "cannot use a PostgreSQL store",
          remedy: "install it (on Debian and Ubuntu: apt-get install libpq5), or unset "
            + "INTENTFLOW_STORE to keep the history in the home's SQLite store"))
    }
    var missing: [String] = []
    func symbol<T>(_ name: String) -> T {
      guard let address = dlsym(library, name) else {
        missing.append(name)
        return unsafeBitCast(dlsym(library, "PQlibVersion"), to: T.self)
      }
      return unsafeBitCast(address, to: T.self)
    }
    guard dlsym(library, "PQlibVersion") != nil else {
      return .failure(lacking(["PQlibVersion"]))
    }
    let functions = LibPQ(
      connect: symbol("PQconnectdb"), finish: symbol("PQfinish"), status: symbol("PQstatus"),
      errorMessage: symbol("PQerrorMessage"), execParams: symbol("PQexecParams"),
      resultStatus: symbol("PQresultStatus"), resultErrorField: symbol("PQresultErrorField"),
      rowCount: symbol("PQntuples"), fieldCount: symbol("PQnfields"),
      fieldName: symbol("PQfname"), fieldType: symbol("PQftype"), value: symbol("PQgetvalue"),
      isNull: symbol("PQgetisnull"),
      commandTuples: symbol("PQcmdTuples"), clear: symbol("PQclear"),
      setNoticeProcessor: symbol("PQsetNoticeProcessor"))
    // A function that is missing was given a placeholder above, never called: refuse.
    return missing.isEmpty ? .success(functions) : .failure(lacking(missing))
  }

  private static func lacking(_ names: [String]) -> StorageError {
    StorageError(
      code: StorageError.Code.misuse,
      message: "the installed libpq lacks \(names.joined(separator: ", "))", path: nil,
      action: "cannot use a PostgreSQL store", remedy: "install libpq 10 or later")
  }
}
