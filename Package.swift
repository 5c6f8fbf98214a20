// swift-tools-version: 6.1

import PackageDescription

/// How release builds ask for the metadata of generic types. By default Swift code names a
/// concrete generic type (`Dictionary<String, String>`, `Set<UUID>`) by its mangled name and
/// the Swift run time builds its metadata on first use, checking each generic requirement
/// (`UUID: Hashable`) by scanning every protocol conformance record in the executable: 8,000
/// records, about 0.1 ms per new requirement, half of a single-item command's
/// instructions (see BENCHMARKS.md). Release builds instead
/// - compile the metadata of the generic types each module uses into the binary
///   (`-prespecialize-generic-metadata`), and
/// - call each concrete type's metadata accessor with its conformances already resolved
///   (`-disable-concrete-type-metadata-mangled-name-accessors`), so the run time never checks
///   them.
/// Together they halve the instructions of `add` and `toggle`. Dependencies are compiled
/// without them; what they still look up is listed in BENCHMARKS.md.
///
/// SwiftPM refuses a versioned dependency on any product one of whose targets has unsafe
/// flags, so the library products' targets carry none: these flags go only on the targets no
/// library product contains (the command line, the server, the executables; see the loop at
/// the end). The libraries' modules need them as much (without them a one-item command runs
/// 2.6 times the instructions, BENCHMARKS.md), so the README's build command passes the first
/// two to every module with `-Xswiftc`.
///
/// Release builds also put each function in a section of its own (`-function-sections`, as
/// the Swift standard library and Foundation are built), so that the linker's start-up order
/// (`Sources/shoplist/startup-order.txt`) moves the functions a command runs, not each whole
/// source file they sit in: the code a toggle runs lies in 4 MB instead of 7.
let prespecialize: [SwiftSetting] = [
  .unsafeFlags(
    [
      "-Xfrontend", "-prespecialize-generic-metadata",
      "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
      "-Xfrontend", "-function-sections",
    ],
    .when(configuration: .release)
  )
]

let package = Package(
  name: "shoplist",
  products: [
    .library(name: "Composable", targets: ["Composable"]),
    .library(name: "ComposableTesting", targets: ["ComposableTesting"]),
    .library(name: "ShoppingCore", targets: ["ShoppingCore"]),
    .library(name: "ShoppingStorage", targets: ["ShoppingStorage"]),
    .library(name: "ShoppingSQLite", targets: ["ShoppingSQLite"]),
    .library(name: "ShoppingPostgres", targets: ["ShoppingPostgres"]),
    .library(name: "ShoppingTransfer", targets: ["ShoppingTransfer"]),
    .library(name: "ShoppingService", targets: ["ShoppingService"]),
    .library(name: "ShoppingEngines", targets: ["ShoppingEngines"]),
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
    // Without its default traits: no swift-configuration, and no full Foundation and ICU
    // linked into the one static executable.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    // HTTPS for `serve --tls-cert/--tls-key`, through Hummingbird's TLS channel.
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.2"),
    // PostgreSQL, for a household on several machines.
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    // `swift package generate-documentation`: the libraries' DocC catalogs. A command plugin,
    // so it builds nothing into any product.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
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
    .target(
      name: "ShoppingStorage",
      dependencies: [
        "Composable", "ShoppingCore",
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),
    .systemLibrary(name: "CMalloc"),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // Checksums on every page of a shoplist database file (see its header).
    .target(name: "CPageChecksums", dependencies: ["CSQLite"]),
    .target(
      name: "ShoppingSQLite",
      dependencies: [
        "CSQLite",
        "CPageChecksums",
        "Composable",
        "ShoppingCore",
        "ShoppingStorage",
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ],
      plugins: ["EmbedMigrations"]
    ),
    .target(
      name: "ShoppingPostgres",
      dependencies: [
        "Composable",
        "ShoppingCore",
        "ShoppingStorage",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
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
      name: "ShoppingTransfer",
      dependencies: ["Composable", "ShoppingCore"]
    ),
    .target(
      name: "ShoppingService",
      dependencies: ["Composable", "ShoppingCore", "ShoppingStorage", "ShoppingTransfer"]
    ),
    .target(
      // Opens a database by its path or URL: the one place an engine is chosen, outside the
      // service, so that a program embedding the service with SQLite alone builds no
      // PostgreSQL client and no TLS.
      name: "ShoppingEngines",
      dependencies: [
        "ShoppingService", "ShoppingStorage", "ShoppingSQLite", "ShoppingPostgres",
        "ShoppingCore", "Composable",
      ]
    ),
    .target(
      name: "ShoplistServer",
      dependencies: [
        "CMalloc",
        "ShoppingCore",
        "ShoppingStorage",
        "ShoppingTransfer",
        "ShoppingService",
        "ShoppingEngines",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdTLS", package: "hummingbird"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ],
      // The icons are drawn once by the script beside them; the PNG files are what is built in.
      exclude: ["Page/make_icons.py"],
      // The page, its service worker, manifest and icons, and the API's description, compiled
      // into the binary as byte arrays: the executable stays one file, and the page has no
      // build step of its own.
      resources: [
        .embedInCode("Page/index.html"), .embedInCode("Page/app.css"),
        .embedInCode("Page/app.js"), .embedInCode("Page/model.js"),
        .embedInCode("Page/words.js"), .embedInCode("Page/state.js"),
        .embedInCode("Page/queue.js"), .embedInCode("Page/history.js"),
        .embedInCode("Page/render.js"), .embedInCode("Page/net.js"),
        .embedInCode("Page/effects.js"), .embedInCode("Page/devices.js"),
        .embedInCode("Page/adding.js"), .embedInCode("Page/editing.js"),
        .embedInCode("Page/lists.js"), .embedInCode("Page/shops.js"),
        .embedInCode("Page/journal.js"), .embedInCode("Page/panels.js"),
        .embedInCode("Page/openapi.json"),
        .embedInCode("Page/sw.js"), .embedInCode("Page/manifest.webmanifest"),
        .embedInCode("Page/link-page.html"), .embedInCode("Page/icon-192.png"),
        .embedInCode("Page/icon-512.png"), .embedInCode("Page/icon-maskable-512.png"),
        .embedInCode("Page/apple-touch-icon.png"),
      ]
    ),
    .target(
      name: "ShoplistCLI",
      dependencies: [
        "Composable",
        "ShoppingCore",
        "ShoppingStorage",
        "ShoppingTransfer",
        "ShoppingService",
        "ShoppingEngines",
        "ShoplistServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),
    .executableTarget(
      name: "shoplist",
      dependencies: ["ShoplistCLI"],
      exclude: ["startup-order.txt"],
      swiftSettings: [
        // Compiled against the static Swift libraries, so that the program's object names
        // every static library the executable needs, with or without --static-swift-stdlib.
        .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))
      ],
      linkerSettings: [
        // Release builds of the command line are one self-contained executable: the Swift
        // runtime, Foundation, the C++ runtime and SQLite (Debian's libsqlite3.a) linked in,
        // nothing left for the dynamic loader, which otherwise spends about 2.5 ms of every
        // run on relocations and symbol lookups, more than the command's own work (see
        // BENCHMARKS.md). shoplist calls none of the C library's functions that need shared
        // libraries at run time (user and host lookups, dlopen). lld, which ships with Swift,
        // links it without the GNU linkers' warnings about those functions.
        .unsafeFlags(
          ["-static-executable", "-use-ld=lld"],
          .when(platforms: [.linux], configuration: .release)
        ),
        // The functions and data the everyday commands touch, laid out together at the front
        // of the code and of each data section: a command then touches a few contiguous pages
        // instead of faulting in pages all over the executable's 25 MB of code and 40 MB of
        // data (a toggle: 441 page faults before any order, 248 now; see BENCHMARKS.md).
        // `shoplist-bench startup-order` writes the file; a name missing from it is only
        // placed later.
        .unsafeFlags(
          [
            "-Xlinker",
            "--symbol-ordering-file=\(Context.packageDirectory)/Sources/shoplist/startup-order.txt",
            "-Xlinker", "--no-warn-symbol-ordering",
          ],
          .when(platforms: [.linux], configuration: .release)
        ),
      ]
    ),
    .executableTarget(
      name: "shoplist-bench",
      dependencies: [
        "Composable",
        "ShoppingCore",
        "ShoppingStorage",
        "ShoppingSQLite",
        "shoplist",
        "shoplist-bench-spawn",
        "shoplist-bench-hello",
        // The throwaway PostgreSQL cluster the tests use, for the PostgreSQL rows.
        "ShoplistTestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ],
      linkerSettings: [
        // lld, like the command line's link: the GNU linkers warn about the static Foundation's
        // own use of mktemp, which a build with --static-swift-stdlib links in.
        .unsafeFlags(["-use-ld=lld"], .when(platforms: [.linux], configuration: .release))
      ]
    ),
    .executableTarget(
      name: "shoplist-bench-spawn"
    ),
    .executableTarget(
      name: "shoplist-bench-hello",
      dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
      linkerSettings: [
        // lld, like the benchmark's own link (the GNU linkers warn about static Foundation).
        .unsafeFlags(["-use-ld=lld"], .when(platforms: [.linux], configuration: .release))
      ]
    ),
    // Starts the tests' and the benchmark's child processes (see its header).
    .target(name: "CSubprocess", path: "Tests/CSubprocess"),
    .target(
      name: "ShoplistTestSupport",
      dependencies: [
        "CSubprocess",
        "ShoppingCore",
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ],
      path: "Tests/Support"
    ),
    .target(
      // Swift Testing traits of the test targets' own (kept apart from the support above,
      // which the benchmark links too).
      name: "ShoplistTestTraits",
      dependencies: ["ShoppingStorage"],
      path: "Tests/Traits"
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
        "ShoplistTestSupport",
        "ComposableTesting",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "ShoppingSQLiteTests",
      dependencies: [
        "ShoppingSQLite",
        "CSQLite",
        "CPageChecksums",
        "ShoplistTestSupport",
        "ShoppingStorage",
        "ShoppingCore",
        "Composable",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      // The conformance suite: the same tests against every storage implementation.
      name: "ShoppingStorageTests",
      dependencies: [
        "ShoppingStorage", "ShoppingSQLite", "ShoppingPostgres", "ShoppingCore", "Composable",
        "ShoplistTestSupport", "ShoplistTestTraits",
      ]
    ),
    .testTarget(
      name: "ShoppingTransferTests",
      dependencies: ["ShoppingTransfer", "ShoppingCore", "ShoplistTestSupport"]
    ),
    .testTarget(
      name: "ShoppingServiceTests",
      dependencies: [
        "ShoppingService", "ShoppingEngines", "ShoppingStorage", "ShoppingCore", "ShoppingSQLite",
        "ShoplistTestSupport", "ShoplistTestTraits",
      ]
    ),
    .testTarget(
      name: "ShoplistCLITests",
      dependencies: [
        "ShoplistCLI", "ShoppingCore", "ShoppingStorage", "ShoppingService", "ShoppingEngines",
        "ShoplistTestSupport",
      ]
    ),
    .testTarget(
      name: "ShoplistEndToEndTests",
      dependencies: [
        "shoplist", "EmbedMigrationsTool", "ShoppingCore", "ShoplistTestSupport",
        "ShoplistTestTraits",
        // For the checks that a program's own changes reach a running server.
        "Composable", "ShoppingService", "ShoppingEngines", "ShoppingStorage", "ShoppingSQLite",
      ],
      // Run by the serve tests, with the real browser, and read by the migration tests, from
      // their places in the source tree.
      exclude: ["Browser", "Fixtures"]
    ),
    .testTarget(
      name: "ShoplistServerTests",
      dependencies: [
        "ShoplistServer", "ShoppingService", "ShoppingEngines", "ShoppingStorage",
        "ShoppingTransfer", "ShoppingCore", "ShoplistTestSupport", "ShoplistTestTraits",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
      ],
      exclude: ["PageModel"]
    ),
    .testTarget(
      name: "ShoplistBenchTests",
      dependencies: ["shoplist-bench", "ShoplistTestSupport"]
    ),
    .testTarget(
      name: "EmbeddingTests",
      dependencies: [
        "Composable", "ShoppingCore", "ShoppingStorage", "ShoppingSQLite", "ShoppingService",
        "ShoppingEngines", "ShoppingTransfer", "ShoplistTestSupport", "ShoplistTestTraits",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// The targets that some library product builds (its own and all they depend on, the build
// plugin's tool included): another package may depend on them by version, so they carry no
// unsafe flags.
let targetsByName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
var libraryTargets = Set<String>()
var toVisit = package.products.compactMap { $0 as? Product.Library }.flatMap(\.targets)
while let name = toVisit.popLast() {
  guard let target = targetsByName[name], libraryTargets.insert(name).inserted else { continue }
  for dependency in target.dependencies {
    switch dependency {
    case .targetItem(let name, _), .byNameItem(let name, _): toVisit.append(name)
    default: break
    }
  }
  for plugin in target.plugins ?? [] {
    if case .plugin(let name, nil) = plugin { toVisit.append(name) }
  }
}

// Every other Swift target of the package but the tests: the command line, the server, the
// executables.
for target in package.targets
where (target.type == .regular && target.name != "CPageChecksums" || target.type == .executable)
  && !libraryTargets.contains(target.name)
{
  target.swiftSettings = (target.swiftSettings ?? []) + prespecialize
}
