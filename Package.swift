// swift-tools-version: 6.1

import PackageDescription

let package = Package(
  name: "shoplist",
  products: [
    .library(name: "Composable", targets: ["Composable"]),
    .library(name: "ComposableTesting", targets: ["ComposableTesting"]),
    .library(name: "ShoppingCore", targets: ["ShoppingCore"]),
    .library(name: "ShoppingSQLite", targets: ["ShoppingSQLite"]),
    .executable(name: "shoplist", targets: ["shoplist"]),
    .executable(name: "shoplist-bench", targets: ["shoplist-bench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // Without its default FoundationNetworking trait: nothing here dumps URL requests, and the
    // trait makes a static build of the command line load libcurl and its TLS libraries on
    // every run, about 5 ms of start-up spent in the dynamic loader.
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3", traits: []),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
  ],
  targets: [
    .target(
      name: "Composable",
      dependencies: [
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "ComposableTesting",
      dependencies: [
        "Composable",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "ShoppingCore",
      dependencies: [
        "Composable",
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(
      name: "ShoppingSQLite",
      dependencies: [
        "CSQLite",
        "Composable",
        "ShoppingCore",
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ],
      plugins: ["EmbedMigrations"]
    ),
    .plugin(
      name: "EmbedMigrations",
      capability: .buildTool(),
      dependencies: ["EmbedMigrationsTool"],
      path: "Sources/EmbedMigrations"
    ),
    .executableTarget(
      name: "EmbedMigrationsTool"
    ),
    .target(
      name: "ShoplistCLI",
      dependencies: [
        "Composable",
        "ShoppingCore",
        "ShoppingSQLite",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),
    .executableTarget(
      name: "shoplist",
      dependencies: ["ShoplistCLI"]
    ),
    .executableTarget(
      name: "shoplist-bench",
      dependencies: [
        "Composable",
        "ShoppingCore",
        "ShoppingSQLite",
        "shoplist",
        "shoplist-bench-spawn",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),
    .executableTarget(
      name: "shoplist-bench-spawn"
    ),
    .testTarget(
      name: "ComposableTests",
      dependencies: [
        "Composable",
        "ComposableTesting",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "ShoppingCoreTests",
      dependencies: [
        "ShoppingCore",
        "ComposableTesting",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "ShoppingSQLiteTests",
      dependencies: [
        "ShoppingSQLite",
        "ShoppingCore",
        "Composable",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "ShoplistCLITests",
      dependencies: ["ShoplistCLI", "ShoppingCore"]
    ),
    .testTarget(
      name: "ShoplistEndToEndTests",
      dependencies: ["shoplist"]
    ),
    .testTarget(
      name: "ShoplistBenchTests",
      dependencies: ["shoplist-bench"]
    ),
    .testTarget(
      name: "EmbeddingTests",
      dependencies: ["Composable", "ShoppingCore", "ShoppingSQLite"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
