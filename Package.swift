// swift-tools-version: 6.0
// IntentFlow: a shortcut-chaining workflow engine. No outside package dependencies.
import PackageDescription

let strictSwift: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  // A file says which modules it uses: one file's `import Foundation` no longer lends
  // swift-corelibs-foundation's methods to the others (see README, the libraries' imports).
  .enableUpcomingFeature("MemberImportVisibility"),
  // The release binary is built with one more frontend flag,
  // `-disable-concrete-type-metadata-mangled-name-accessors` (see README.md, "Installing the
  // binary", and `Scripts/release-flags`): metadata of a concrete generic type such as
  // `[String: String]` is then reached through its accessor instead of being built from its
  // mangled name, about 0.4 ms of a cold run. It is given on the command line rather than
  // here, because SwiftPM refuses a dependency by version whose libraries hold unsafe flags
  // (`Scripts/check-depend-by-version.sh` checks that they do not).
]

// The Linux release binary links libstdc++, SQLite, zlib and libgcc in: every `intentflow run`
// starts a process, and the dynamic loader's symbol look-ups in those libraries were the
// largest part of its start. `StaticLinking/` holds linker scripts that turn `-lstdc++`,
// `-lsqlite3` and `-lz` into their static archives (see its README); GNU ld reads them (gold
// does not), and packs the executable's relative relocations (`DT_RELR`, glibc 2.36). The
// executable stays position-independent, so its address is still randomised. It exports no
// symbols (the static stdlib's `-export-dynamic` exported the package's 8,800): the Swift
// runtime's crash handler calls `dladdr` as the program starts, and glibc's `dladdr` reads
// every exported symbol (6 % of a cold run). Nothing looks the executable's symbols up.
let staticLinking = [
  "-use-ld=bfd", "-L", Context.packageDirectory + "/Sources/intentflow/StaticLinking",
  "-Xclang-linker", "-static-libgcc", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
  "-Xlinker", "--no-export-dynamic",
  // Keeps ICU's time zones in the static binary: FoundationEssentials looks them up at run
  // time, and the link drops them when no code names a FoundationInternationalization API
  // (TOOLCHAIN.md), so `TimeZone(identifier: "Europe/Prague")` was nil in the release build.
  "-Xlinker", "-u", "-Xlinker", "$s30FoundationInternationalization12_TimeZoneICUCMn",
]

let package = Package(
  name: "IntentFlow",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "intentflow", targets: ["intentflow"]),
    .library(name: "IntentKit", targets: ["IntentKit"]),
    .library(name: "WorkflowEngine", targets: ["WorkflowEngine"]),
    .library(name: "DataIntents", targets: ["DataIntents"]),
    .library(name: "StandardIntents", targets: ["StandardIntents"]),
    .library(name: "IntentFlowCLI", targets: ["IntentFlowCLI"]),
    .library(name: "Cron", targets: ["Cron"]),
    .library(name: "CivilTime", targets: ["CivilTime"]),
  ],
  targets: [
    // System SQLite (libsqlite3-dev on Debian, the SDK's copy on macOS).
    .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    // System zlib (zlib1g-dev on Debian), for the gzip of `files.archive`.
    .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
    // Trampolines into a libcurl that http.request opens with dlopen on its first request (no
    // library linked, so runs that make no request never load it).
    .systemLibrary(name: "CDynamicCurl", path: "Sources/CDynamicCurl"),
    // glibc's <malloc.h>, for mallopt: the runner sets how far the heap grows at a time.
    .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),

    // Leaf libraries. Suggestions is the one "did you mean" rule that the others share.
    .target(name: "Suggestions", swiftSettings: strictSwift),
    .target(name: "StrictJSON", swiftSettings: strictSwift),
    // OneShot, the one "first decision wins" race that the lower libraries share.
    .target(name: "Races", swiftSettings: strictSwift),
    // Civil time: calendar arithmetic on day numbers, time-zone offsets in whole seconds and
    // the ISO 8601 `Timestamp`, shared by Cron's schedules and IntentKit's date values.
    .target(name: "CivilTime", dependencies: ["Suggestions"], swiftSettings: strictSwift),
    .target(name: "Cron", dependencies: ["CivilTime", "Suggestions"], swiftSettings: strictSwift),
    // libpq's declarations (libpq-dev on Debian); the library itself is opened with dlopen
    // when INTENTFLOW_STORE names a PostgreSQL server.
    .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", providers: [.apt(["libpq-dev"])]),
    .target(name: "Storage", dependencies: ["CSQLite", "CLibPQ"], swiftSettings: strictSwift),
    // ICU's regular expressions and date patterns, called directly: the same engine and
    // syntax as Foundation's `NSRegularExpression` and `DateFormatter`, without linking
    // swift-corelibs-foundation into the binary (see Docs/Architecture.md, cold start).
    .target(
      name: "ICUSupport", swiftSettings: strictSwift,
      linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]),
    // Child processes with posix_spawn and pipes, shared by `shell.run`, the scheduler's
    // launcher and the extension host, in place of Foundation's `Process`.
    // Suggestions: arguments that are file names not in UTF-8 go to the child as their bytes.
    .target(
      name: "ChildProcesses", dependencies: ["Suggestions", "Races"], swiftSettings: strictSwift),
    .target(name: "CLIKit", dependencies: ["Suggestions", "Races"], swiftSettings: strictSwift),
    .target(
      name: "IntentKit",
      dependencies: ["StrictJSON", "CivilTime", "Suggestions", "ICUSupport", "Races"],
      swiftSettings: strictSwift),

    // Layers.
    .target(
      name: "WorkflowEngine",
      dependencies: [
        "IntentKit", "StrictJSON", "Cron", "CivilTime", "Suggestions", "ICUSupport",
      ],
      swiftSettings: strictSwift),
    // The pure data domains (text, numbers, lists, dictionaries, JSON, dates): no I/O, no
    // system library; StandardIntents re-exports them beside the system and app domains.
    .target(
      name: "DataIntents",
      dependencies: ["IntentKit", "StrictJSON", "Cron", "CivilTime", "Suggestions", "ICUSupport"],
      swiftSettings: strictSwift),
    .target(
      name: "StandardIntents",
      dependencies: [
        "DataIntents", "IntentKit", "Storage", "Cron", "CivilTime", "CZlib", "CDynamicCurl",
        "StrictJSON",
        "Suggestions", "ICUSupport", "ChildProcesses",
      ],
      swiftSettings: strictSwift,
      // http.request opens libcurl with dlopen on Linux, rather than FoundationNetworking's
      // URLSession, whose libcurl and some 30 libraries it needs would load at every start.
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    .target(
      name: "Extensions",
      dependencies: ["IntentKit", "StrictJSON", "Suggestions", "ChildProcesses", "Races"],
      swiftSettings: strictSwift),
    // IntentFlow as an MCP server: newline-delimited JSON-RPC on stdio, workflows and chosen
    // intents as tools (DESIGN section 14). Its own small framing, not the extension client's.
    .target(
      name: "MCPServer",
      dependencies: ["IntentKit", "WorkflowEngine", "StrictJSON", "Suggestions"],
      swiftSettings: strictSwift),
    .target(
      name: "Scheduling",
      dependencies: [
        "WorkflowEngine", "IntentKit", "Storage", "Cron", "CivilTime", "Suggestions",
        "ChildProcesses",
      ],
      swiftSettings: strictSwift),
    // The language server for workflow files (`intentflow lsp`): LSP 3.17 on standard input
    // and output, with the engine's own diagnostics and types.
    .target(
      name: "LanguageServer",
      dependencies: [
        "WorkflowEngine", "IntentKit", "StrictJSON", "ChildProcesses", "Suggestions",
      ],
      swiftSettings: strictSwift),
    .target(
      name: "IntentFlowCLI",
      dependencies: [
        "IntentKit", "WorkflowEngine", "StandardIntents", "DataIntents", "Scheduling", "Storage",
        "Cron", "CivilTime", "CLIKit", "Suggestions", "Extensions", "ChildProcesses",
        "LanguageServer", "MCPServer",
      ],
      swiftSettings: strictSwift),
    .executableTarget(
      name: "intentflow",
      dependencies: [
        "IntentFlowCLI", "ChildProcesses",
        .target(name: "CMalloc", condition: .when(platforms: [.linux])),
      ],
      exclude: ["StaticLinking"],
      swiftSettings: strictSwift,
      linkerSettings: [
        .unsafeFlags(staticLinking, .when(platforms: [.linux], configuration: .release))
      ]),
    .executableTarget(
      name: "IntentFlowBenchmarks",
      dependencies: [
        "StrictJSON", "Cron", "CivilTime", "Storage", "IntentKit", "WorkflowEngine",
        "StandardIntents", "DataIntents", "Scheduling", "Extensions", "ICUSupport",
        "LanguageServer",
        .target(name: "CMalloc", condition: .when(platforms: [.linux])),
      ],
      swiftSettings: strictSwift),

    // Helpers shared by the test targets only (the manual clock, waits that end on an event,
    // temporary directories, seeded randomness, the `heavy` tag). Not a product.
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strictSwift),

    // Tests: one target per library, plus end-to-end tests of the built binary.
    .testTarget(
      name: "SuggestionsTests", dependencies: ["TestSupport", "Suggestions"],
      swiftSettings: strictSwift),
    .testTarget(
      name: "RacesTests", dependencies: ["Races"], swiftSettings: strictSwift),
    .testTarget(
      name: "StrictJSONTests", dependencies: ["TestSupport", "StrictJSON"],
      resources: [.copy("Fixtures")],
      swiftSettings: strictSwift),
    .testTarget(
      name: "CivilTimeTests", dependencies: ["TestSupport", "CivilTime"],
      swiftSettings: strictSwift),
    .testTarget(
      name: "CronTests", dependencies: ["TestSupport", "Cron", "CivilTime"],
      resources: [.copy("Fixtures")], swiftSettings: strictSwift),
    .testTarget(
      name: "StorageTests", dependencies: ["TestSupport", "Storage"], swiftSettings: strictSwift),
    .testTarget(
      name: "ICUSupportTests", dependencies: ["TestSupport", "ICUSupport"],
      swiftSettings: strictSwift),
    .testTarget(
      name: "ChildProcessesTests", dependencies: ["TestSupport", "ChildProcesses"],
      swiftSettings: strictSwift),
    .testTarget(
      name: "CLIKitTests", dependencies: ["TestSupport", "CLIKit"],
      // The fixtures are read from the checkout (#filePath), where recording rewrites them.
      exclude: ["Fixtures"], swiftSettings: strictSwift),
    .testTarget(
      name: "IntentKitTests", dependencies: ["TestSupport", "IntentKit", "CivilTime"],
      swiftSettings: strictSwift),
    .testTarget(
      name: "WorkflowEngineTests",
      dependencies: ["TestSupport", "WorkflowEngine", "IntentKit", "CivilTime", "StrictJSON"],
      resources: [.copy("Fixtures")], swiftSettings: strictSwift),
    .testTarget(
      name: "StandardIntentsTests",
      dependencies: [
        "TestSupport", "StandardIntents", "DataIntents", "IntentKit", "Storage", "CivilTime",
      ],
      swiftSettings: strictSwift),
    .testTarget(
      name: "SchedulingTests",
      dependencies: [
        "TestSupport",
        "Scheduling", "Cron", "CivilTime", "Suggestions", "Storage", "WorkflowEngine", "IntentKit",
        "StandardIntents",
      ],
      swiftSettings: strictSwift),
    .testTarget(
      name: "ExtensionsTests",
      dependencies: ["TestSupport", "Extensions", "IntentKit", "StrictJSON"],
      resources: [.copy("Fixtures")], swiftSettings: strictSwift),
    .testTarget(
      name: "IntentFlowCLITests",
      dependencies: ["TestSupport", "IntentFlowCLI", "CLIKit", "WorkflowEngine", "IntentKit"],
      swiftSettings: strictSwift),
    .testTarget(
      name: "EndToEndTests", dependencies: ["TestSupport", "intentflow"],
      resources: [.copy("Fixtures")],
      swiftSettings: strictSwift),
  ]
)
