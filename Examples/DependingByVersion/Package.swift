// swift-tools-version: 6.0
// A package that depends on IntentFlow's libraries by version, as another project would.
// SwiftPM refuses a dependency by version whose library products hold unsafe build flags, and
// it checks that while it plans any build of this package: `Scripts/check-depend-by-version.sh`
// (in `.ci/run`) points it at a tagged copy of the checkout and builds `Probe` alone, which
// compiles nothing of IntentFlow but fails if any of its libraries could not be depended on.
import PackageDescription

let intentFlow =
  Context.environment["INTENTFLOW_PACKAGE_URL"] ?? "https://example.org/intentflow.git"

let package = Package(
  name: "DependingByVersion",
  platforms: [.macOS(.v15)],
  dependencies: [.package(url: intentFlow, from: "0.1.0")],
  targets: [
    .target(name: "Probe"),
    .target(
      name: "UsesEveryLibrary",
      dependencies: [
        .product(name: "IntentKit", package: "IntentFlow"),
        .product(name: "WorkflowEngine", package: "IntentFlow"),
        .product(name: "DataIntents", package: "IntentFlow"),
        .product(name: "StandardIntents", package: "IntentFlow"),
        .product(name: "IntentFlowCLI", package: "IntentFlow"),
        .product(name: "Cron", package: "IntentFlow"),
        .product(name: "CivilTime", package: "IntentFlow"),
      ]),
  ]
)
