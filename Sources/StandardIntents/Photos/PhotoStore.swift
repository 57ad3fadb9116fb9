import DataIntents
import ICUSupport
public import IntentKit
import Storage
import StrictJSON
import Synchronization

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// The photo library: image files in a folder, with an index in SQLite under the IntentFlow
/// home (`photos.sqlite`) that keeps each photo's content hash (its stable id) and its tags.
///
/// Tags belong to the stable id, so they follow a photo that is moved or renamed, and a copy
/// of the library on another machine. The index is brought up to date with the folder before
/// every search; a file is hashed again only when its size or modification time changed.
public final class PhotoStore: Sendable {
  /// How many photos the query suggests.
  public static let suggestionLimit = 20

  /// The library folder, or `nil` for an index without files (tests, benchmarks).
  /// The library's folder (`nil` for a store without one), worked out the first time it is
  /// asked for: every run makes a store, and only photo steps read the folder (making its
  /// `URL` was 7 % of a cold run's instructions, through the runtime's first look-ups).
  public var library: URL? {
    libraryCache.withLock { cached in
      if let known = cached { return known }
      let made = makeLibrary()
      cached = .some(made)
      return made
    }
  }
  private let makeLibrary: @Sendable () -> URL?
  private let libraryCache = Mutex<URL??>(nil)
  /// Where the index lives, or `nil` for a private in-memory index.
  public let path: String?
  /// How many bytes `photos.upload` copies at a time.
  public let chunkSize: Int
  /// Called after each chunk an upload copies, with the chunk's number (from 1): a hook for
  /// tests that cancel an upload half-way; does nothing by default.
  public let afterChunk: @Sendable (Int) async throws -> Void
  private let storage: DomainDatabase

  /// A store over `library` with its index in the file at `path`.
  public convenience init(
    path: String?, library: URL?, chunkSize: Int = 64 * 1024,
    afterChunk: @escaping @Sendable (Int) async throws -> Void = { _ in }
  ) {
    self.init(path: path, makeLibrary: { library }, chunkSize: chunkSize, afterChunk: afterChunk)
  }

  /// A store whose library folder `makeLibrary` works out when it is first asked for.
  private convenience init(
    path: String?, makeLibrary: @escaping @Sendable () -> URL?, chunkSize: Int,
    afterChunk: @escaping @Sendable (Int) async throws -> Void
  ) {
    self.init(
      path: path, library: makeLibrary, chunkSize: chunkSize, afterChunk: afterChunk,
      storage: path.map {
        DomainDatabase(
          path: $0, name: "photo index", schema: Self.schema, pageSize: Self.pageSize)
      } ?? .failing("the photo index is closed", name: "photo index"))
  }

  private init(
    path: String?, library: @escaping @Sendable () -> URL?, chunkSize: Int,
    afterChunk: @escaping @Sendable (Int) async throws -> Void, storage: DomainDatabase
  ) {
    self.path = path
    makeLibrary = library
    self.chunkSize = max(1, chunkSize)
    self.afterChunk = afterChunk
    self.storage = storage
  }

  /// A store whose every use throws `message`: the default in tests.
  public static func failing(_ message: String) -> PhotoStore {
    PhotoStore(
      path: nil, library: { nil }, chunkSize: 1, afterChunk: { _ in },
      storage: .failing(message, name: "photo index"))
  }

  /// A store with a private in-memory index over `library` (none: an index without files).
  public static func inMemory(
    library: URL? = nil, chunkSize: Int = 64 * 1024,
    afterChunk: @escaping @Sendable (Int) async throws -> Void = { _ in }
  ) throws -> PhotoStore {
    PhotoStore(
      path: nil, library: { library }, chunkSize: chunkSize, afterChunk: afterChunk,
      storage: try .inMemory(name: "photo index", schema: schema))
  }

  /// The library that `environment` names (`INTENTFLOW_PHOTOS`, else `photos/` in the
  /// IntentFlow home), indexed in the home.
  public static func live(environment: [String: String]) -> PhotoStore {
    let home = IntentFlowHome.resolve(environment: environment)
    let chosen = environment["INTENTFLOW_PHOTOS"].flatMap { $0.isEmpty ? nil : $0 }
    return PhotoStore(
      path: home.databasePath("photos"),
      makeLibrary: {
        let library =
          chosen.map { URL(fileURLWithPath: $0, isDirectory: true) }
          ?? home.directory.appendingPathComponent("photos", isDirectory: true)
        return library.standardizedFileURL
      }, chunkSize: 64 * 1024, afterChunk: { _ in })
  }

  static let schema = [
    """
    CREATE TABLE photos (
      path TEXT PRIMARY KEY,
      hash TEXT NOT NULL,
      album TEXT,
      size INTEGER NOT NULL,
      modified REAL NOT NULL
    );
    CREATE INDEX photos_hash ON photos (hash);
    CREATE TABLE tag_names (tag TEXT PRIMARY KEY) WITHOUT ROWID;
    -- Keyed by tag first, so that tagging many photos appends to one part of the tree.
    CREATE TABLE photo_tags (
      tag TEXT NOT NULL,
      hash TEXT NOT NULL,
      PRIMARY KEY (tag, hash)
    ) WITHOUT ROWID;
    """,
    """
    -- When the photo was taken, from its EXIF data; NULL when it has none (then: modified).
    ALTER TABLE photos ADD COLUMN taken REAL;
    -- Makes the next sync read every photo again, so that those indexed already get a date.
    UPDATE photos SET size = -1;
    """,
    """
    -- Tags get numbers, given in order of creation, and rows are keyed by the number: the rows
    -- of a new tag then go at the end of the tree, where SQLite appends without rebalancing
    -- pages (tagging 100,000 photos with a new tag costs about half the CPU).
    CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
    INSERT INTO tags (name) SELECT tag FROM tag_names ORDER BY tag;
    CREATE TABLE photo_tags_by_id (
      tag INTEGER NOT NULL,
      hash TEXT NOT NULL,
      PRIMARY KEY (tag, hash)
    ) WITHOUT ROWID;
    INSERT INTO photo_tags_by_id (tag, hash)
      SELECT n.id, t.hash FROM photo_tags t JOIN tags n ON n.name = t.tag;
    DROP TABLE photo_tags;
    DROP TABLE tag_names;
    ALTER TABLE photo_tags_by_id RENAME TO photo_tags;
    """,
  ]

  /// 16 KB pages for a new index (SQLite's default is 4 KB): tagging writes rows in bulk, and
  /// with a quarter as many pages to log, check in and split, tagging 100,000 photos took
  /// 72 ms instead of 95 ms (`IntentFlowBenchmarks photos`). An existing index keeps its pages.
  static let pageSize = 16_384

  private static let select = """
    SELECT p.path, p.hash, p.album, p.size, p.modified, p.taken,
      (SELECT group_concat(n.name, char(31)) FROM tags n WHERE EXISTS
        (SELECT 1 FROM photo_tags t WHERE t.tag = n.id AND t.hash = p.hash)) AS tags
    FROM photos p
    """

  // MARK: Reading

  /// The photos with these ids, stable or local, in the order asked; unknown ids are left
  /// out. The index is synced with the folder only when an id is not found.
  public func photos(ids: [String]) throws -> [Photo] {
    guard !ids.isEmpty else { return [] }
    var found = try lookUp(ids)
    if found.count < Set(ids).count, library != nil {
      try sync()
      found = try lookUp(ids)
    }
    return ids.compactMap { found[$0] ?? found[$0.lowercased()] }
  }

  private func lookUp(_ ids: [String]) throws -> [String: Photo] {
    let json = Self.jsonArray(ids)
    let rows = try db().query(
      Self.select + " WHERE p.hash IN (SELECT lower(value) FROM json_each(?1))"
        + " OR p.path IN (SELECT value FROM json_each(?1)) ORDER BY p.path",
      [.text(json)])
    var found: [String: Photo] = [:]
    for photo in try rows.map(Self.photo) {
      if found[photo.id] == nil { found[photo.id] = photo }
      found[photo.path] = photo
    }
    return found
  }

  /// Photos whose name, album or tags contain `query` (all when `nil`), with the tag `tag`
  /// and in the album `album` (ignoring case), newest first. Syncs the index first.
  public func find(query: String?, tag: String?, album: String?) throws -> [Photo] {
    try sync()
    let photos = try db().query(
      Self.select + " ORDER BY coalesce(p.taken, p.modified) DESC, p.path"
    ).map(Self.photo)
    return photos.filter { photo in
      if let tag, !tag.isEmpty, !photo.tags.contains(where: { $0.lowercased() == tag.lowercased() })
      {
        return false
      }
      if let album, !album.isEmpty, photo.album?.lowercased() != album.lowercased() {
        return false
      }
      guard let query, !query.isEmpty else { return true }
      return ([photo.name, photo.album ?? ""] + photo.tags).contains {
        TextComparison.containsIgnoringCase($0, query)
      }
    }
  }

  /// The albums of the library, sorted. Syncs the index first.
  public func albums() throws -> [String] {
    try sync()
    return try db().query("SELECT DISTINCT album FROM photos WHERE album IS NOT NULL ORDER BY 1")
      .compactMap { try $0.text("album") }
  }

  /// The tags in use, sorted.
  public func tags() throws -> [String] {
    try db().query(
      "SELECT name FROM tags n WHERE EXISTS (SELECT 1 FROM photo_tags t WHERE t.tag = n.id)"
        + " ORDER BY 1"
    ).compactMap { try $0.text("name") }
  }

  // MARK: Writing

  /// Tags the photos with these ids in one transaction, whatever their number; returns how
  /// many photos carry the tag because of this call (each photo counted once).
  ///
  /// Tags belong to stable ids, so a stable id is tagged even when this machine's library
  /// does not hold the photo yet (it may arrive with the next sync). A local id (a path) is
  /// turned into its photo's stable id by one query over all of them; one the index does not
  /// know fails the call, naming it, and nothing is tagged.
  ///
  /// - Complexity: O(n log n) for n ids, on 32-byte numbers in Swift; then two SQL
  ///   statements. SQLite reads the ids already sorted and unique, so each row is appended
  ///   beside the previous one, with no sort of its own (100,000 ids: about 60 ms here).
  /// - Throws: `IntentError` naming the paths the index does not know.
  public func tag(ids: [String], with tag: String) throws -> Int {
    var stable = StableIDBatch(capacity: ids.count)
    var local: [String] = []
    for id in ids where !stable.append(id) { local.append(id) }
    return try db().transaction { transaction in
      if !local.isEmpty {
        let rows = try transaction.query(
          "SELECT hash, path FROM photos WHERE path IN (SELECT value FROM json_each(?))",
          [.text(Self.jsonArray(local))])
        var known = Set<String>()
        for row in rows {
          if let hash = try row.text("hash") { _ = stable.append(hash) }
          if let path = try row.text("path") { known.insert(path) }
        }
        let unknown = local.filter { !known.contains($0) }
        if !unknown.isEmpty { throw Self.unknownPaths(unknown) }
      }
      let count = stable.sortUnique()
      guard count > 0 else { return 0 }
      try transaction.run("INSERT OR IGNORE INTO tags (name) VALUES (?)", [.text(tag)])
      guard
        let number = try transaction.query("SELECT id FROM tags WHERE name = ?", [.text(tag)])
          .first?.int("id")
      else { throw IntentError("the photo index lost the tag '\(tag)'; try again") }
      try transaction.run(
        "INSERT OR IGNORE INTO photo_tags (tag, hash) SELECT ?, value FROM json_each(?)",
        [.integer(number), .text(stable.jsonArray)])
      return count
    }
  }

  /// The error for ids that are neither a content hash nor the path of an indexed photo.
  static func unknownPaths(_ paths: [String]) -> IntentError {
    var seen = Set<String>()
    let unique = paths.filter { seen.insert($0).inserted }
    var shown = unique.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
    if unique.count > 3 { shown += " and \(unique.count - 3) more" }
    let subject =
      unique.count == 1
      ? "\(shown) is not the path of a photo in the library's index"
      : "\(shown) are not paths of photos in the library's index"
    return IntentError(
      subject + "; give photos from photos.find, their ids (the content's SHA-256), or the "
        + "absolute paths photos.find shows; nothing was tagged")
  }

  /// Adds a photo to the index without a file: for tests and benchmarks, which say when it
  /// was taken (the store reads no clock).
  public func index(
    path: String, hash: String, album: String? = nil, size: Int = 0, taken: Date
  ) throws {
    try db().run(
      "INSERT OR REPLACE INTO photos (path, hash, album, size, modified) VALUES (?, ?, ?, ?, ?)",
      [.text(path), .text(hash.lowercased()), SQLValue(album), SQLValue(size), .date(taken)])
  }

  /// Adds many photos to the index without files, in one transaction: for benchmarks.
  public func index(_ entries: [(path: String, hash: String)], taken: Date) throws {
    try db().transaction { transaction in
      for entry in entries {
        try transaction.run(
          "INSERT OR REPLACE INTO photos (path, hash, size, modified) VALUES (?, ?, 0, ?)",
          [.text(entry.path), .text(entry.hash.lowercased()), .date(taken)])
      }
    }
  }

  /// Brings the index up to date with the library folder: new and changed files are hashed,
  /// removed ones dropped (their tags stay with the hash, for when the photo comes back).
  public func sync() throws {
    guard let library else { return }
    let files = Self.imageFiles(in: library)
    let known = try db().query("SELECT path, size, modified FROM photos").reduce(
      into: [String: (Int64, Double)]()
    ) { known, row in
      if let path = try row.text("path") {
        known[path] = (
          try row.int("size") ?? -1, try row.date("modified")?.timeIntervalSince1970 ?? 0
        )
      }
    }
    var changed:
      [(path: String, hash: String, album: String?, size: Int, modified: Date, taken: Date?)] =
        []
    for file in files {
      if let (size, modified) = known[file.path], size == Int64(file.size),
        modified == file.modified.timeIntervalSince1970
      {
        continue
      }
      guard let data = FileManager.default.contents(atPath: file.path) else { continue }
      let bytes = Array(data)
      let hash = Digest.hex(Digest.sha256(bytes))
      let taken = ExifDate.taken(in: bytes)
      changed.append((file.path, hash, file.album, file.size, file.modified, taken))
    }
    let present = Set(files.map(\.path))
    let gone = known.keys.filter { !present.contains($0) }
    guard !changed.isEmpty || !gone.isEmpty else { return }
    try db().transaction { transaction in
      for path in gone { try transaction.run("DELETE FROM photos WHERE path = ?", [.text(path)]) }
      for file in changed {
        try transaction.run(
          "INSERT OR REPLACE INTO photos (path, hash, album, size, modified, taken) "
            + "VALUES (?, ?, ?, ?, ?, ?)",
          [
            .text(file.path), .text(file.hash), SQLValue(file.album), SQLValue(file.size),
            .date(file.modified), file.taken.map(SQLValue.date) ?? .null,
          ])
      }
    }
  }

  private struct ImageFile {
    var path: String
    var album: String?
    var size: Int
    var modified: Date
  }

  private static func imageFiles(in library: URL) -> [ImageFile] {
    let root = PathText.standardize(library.path)
    // Hidden files and folders are passed over, as are folders that cannot be read.
    guard
      let listing = try? FileListing(
        folder: root, pattern: "*", recursive: true, includeHidden: false,
        skipsUnreadableFolders: true),
      let entries = try? listing.files()
    else { return [] }
    var files: [ImageFile] = []
    for entry in entries where !entry.isDirectory {
      // A regular file only: reading a FIFO or a device named `x.jpg` would block or never end.
      var info = stat()
      guard Photo.imageExtensions.contains(entry.fileExtension.lowercased()),
        stat(entry.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG
      else { continue }
      let folder = entry.folder
      let album =
        folder.count > root.count && folder.hasPrefix(root + "/")
        ? String(folder.dropFirst(root.count + 1)) : nil
      files.append(
        ImageFile(path: entry.path, album: album, size: entry.size, modified: entry.modified))
    }
    return files.sorted { $0.path < $1.path }
  }

  /// A JSON array of texts, for SQLite's `json_each`, written by StrictJSON's writer (the
  /// one that `--json` output uses): what `json_each` reads back is each text as given.
  private static func jsonArray(_ texts: [String]) -> String {
    JSONValue.array(texts.map(JSONValue.string)).serialized()
  }

  private func db() throws -> Database { try storage.open() }

  private static func photo(_ row: Row) throws(StorageError) -> Photo {
    let tags = try row.text("tags").map { $0.split(separator: "\u{1F}").map(String.init) } ?? []
    let modified = try row.date("modified") ?? Date(timeIntervalSince1970: 0)
    return try Photo(
      id: row.text("hash") ?? "", path: row.text("path") ?? "", size: Int(row.int("size") ?? 0),
      taken: row.date("taken") ?? modified, tags: tags.sorted(), album: row.text("album"))
  }
}

private enum PhotoStoreKey: DependencyKey {
  /// One store per process, so that every read of the dependency shares one connection.
  static let defaultValue = PhotoStore.live(environment: ProcessInfo.processInfo.environment)
  /// In a test process, a store that fails loudly: tests set their own.
  static let testValue = PhotoStore.failing(
    "no photo store: this test did not set one; set `dependencies.photoStore` in the test's "
      + "dependencies (for example to `try PhotoStore.inMemory(library: folder)`)")
}

extension DependencyValues {
  /// The photo library intents use; the default is the one `INTENTFLOW_PHOTOS` names.
  public var photoStore: PhotoStore {
    get { self[PhotoStoreKey.self] }
    set { self[PhotoStoreKey.self] = newValue }
  }
}
