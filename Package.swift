// swift-tools-version:6.1
// Almanac: a declarative schedule compiler.
// spec text → AlmanacSpec (libyaml events → located nodes → model) → AlmanacModel (Schedule, checks)
//           → AlmanacCompiler (fire streams, merged) → AlmanacPlan (canonical writer) → executor | spy
// The core (AlmanacCore: model, compiler, plan) has no C dependency and builds for every Apple platform;
// only the YAML front end links libyaml. See ARCHITECTURE.md.
import PackageDescription

let package = Package(
    name: "Almanac",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "almanac", targets: ["almanac"]),
        .executable(name: "almanac-exec", targets: ["almanac-exec"]),
        // Everything an app needs to build, check and compile a schedule in process, and read plans.
        .library(
            name: "AlmanacCore",
            targets: [
                "AlmanacVocabulary", "AlmanacEscaping", "AlmanacTime", "AlmanacJSON", "AlmanacModel", "AlmanacPlan", "AlmanacCompiler",
            ]),
        // YAML spec files → the model (links the system libyaml).
        .library(name: "AlmanacSpec", targets: ["AlmanacSpec"]),
        .library(name: "AlmanacPlanDiff", targets: ["AlmanacPlanDiff"]),
        .library(name: "AlmanacExecutor", targets: ["AlmanacExecutor"]),
        // What a device registers of a plan at an instant: the budget's choice of fires and regions (the
        // executor's reconciler and the timeline's budget lines both use it).
        .library(name: "AlmanacRegistration", targets: ["AlmanacRegistration"]),
        // UNUserNotificationCenter and CLLocationManager behind the executor's client protocols (Apple platforms only).
        .library(name: "AlmanacApple", targets: ["AlmanacApple"]),
        // The documented fakes of the notification centre and region monitor, and the conformance suites
        // that hold them and the real ones to the same rules (for an app's tests and the Apple CI job).
        .library(name: "AlmanacPhoneTesting", targets: ["AlmanacPhoneTesting"]),
        // Turns every `*.almanac.yaml` of a target into Swift types at build time (`almanac-swift-generator`).
        .plugin(name: "AlmanacSwiftGenerator", targets: ["AlmanacSwiftGenerator"]),
        // How both executables read times and durations; a product only so the fuzzing package can reach it.
        .library(name: "AlmanacCommandLine", targets: ["AlmanacCommandLine"]),
        // Products only so the fuzzing package can reach the importers, exporters and `generate swift`.
        .library(name: "AlmanacInterchange", targets: ["AlmanacInterchange"]),
        .library(name: "AlmanacCodegen", targets: ["AlmanacCodegen"]),
    ],
    traits: [
        // What the two executables need besides the core: swift-argument-parser, swift-metrics and
        // swift-prometheus. An app that depends on this package with `traits: []` resolves none of them
        // (nor postgres-nio, nor Hummingbird and SwiftNIO): every use of an outside package is behind a
        // trait (scripts/ci/typed-ids.sh).
        .trait(name: "CommandLineTools", description: "the almanac and almanac-exec executables (argument parsing, metrics)"),
        // The PostgreSQL store (`--store postgres://…`) and everything it brings (SwiftNIO, postgres-nio).
        // `swift build --disable-default-traits --traits CommandLineTools` builds a file-store-only almanac-exec
        // without an HTTP server.
        .trait(
            name: "PostgreSQL", description: "almanac-exec's shared PostgreSQL store (postgres-nio)", enabledTraits: ["CommandLineTools"]),
        // almanac-exec's HTTP server (`--metrics`: /metrics, /healthz) on Hummingbird and SwiftNIO.
        .trait(
            name: "HTTP", description: "almanac-exec's HTTP server for metrics and health (Hummingbird)", enabledTraits: ["CommandLineTools"]),
        .default(enabledTraits: ["PostgreSQL", "HTTP", "CommandLineTools"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.25.0"),
        // 2.4: `# HELP` lines.
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // Without its default traits: no swift-configuration, no full Foundation.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    ],
    targets: [
        // MARK: CYAML — system library over libyaml (Debian libyaml-dev, Homebrew libyaml)
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),

        // MARK: CAlmanacProcess — pidfd_open and epoll for the executor's child watcher (Linux; elsewhere a thread per child)
        .target(name: "CAlmanacProcess"),

        // MARK: AlmanacTime — civil dates and times, zone offset tables, DST and invalid-date resolution
        .target(name: "AlmanacTime"),
        .testTarget(name: "AlmanacTimeTests", dependencies: ["AlmanacTime"], resources: [.copy("Fixtures")]),

        // MARK: AlmanacJSON — a JSON value, its canonical writer and a strict reader
        .target(name: "AlmanacJSON"),

        // MARK: AlmanacVocabulary — what specs, plans and their renderers share: trigger ids, kind names,
        // region events, concurrency policies, terminal colours (one definition each)
        .target(name: "AlmanacVocabulary"),

        // MARK: AlmanacEscaping — one escaping rule per output format (systemd units, crontab, YAML, Swift,
        // iCalendar, XML/HTML, terminals) and the control-character classes the validator refuses; no dependencies
        .target(name: "AlmanacEscaping"),
        .testTarget(name: "AlmanacEscapingTests", dependencies: ["AlmanacEscaping", "AlmanacTestSupport"]),

        // MARK: AlmanacModel — schedules, triggers and rules; value syntaxes; diagnostics; checks on the model
        .target(name: "AlmanacModel", dependencies: ["AlmanacVocabulary", "AlmanacEscaping", "AlmanacTime", "AlmanacJSON"]),

        // MARK: AlmanacSpec — the YAML front end: text → located YAML nodes → AlmanacModel's Schedule
        .target(name: "AlmanacSpec", dependencies: ["CYAML", "AlmanacVocabulary", "AlmanacModel", "AlmanacTime", "AlmanacJSON"]),
        .testTarget(
            name: "AlmanacSpecTests", dependencies: ["AlmanacSpec", "AlmanacVocabulary", "AlmanacModel", "AlmanacEscaping", "AlmanacTestSupport"],
            exclude: ["Fixtures"]),

        // MARK: AlmanacPlan — the executors' contract: plan model, canonical writer, streaming reader
        .target(name: "AlmanacPlan", dependencies: ["AlmanacVocabulary", "AlmanacTime", "AlmanacJSON"]),
        .testTarget(
            name: "AlmanacPlanTests",
            dependencies: ["AlmanacPlan", "AlmanacVocabulary", "AlmanacJSON", "AlmanacPlanDiff", "AlmanacTestSupport"]),

        // MARK: AlmanacPlanDiff — what changed between two plans, and its text, Markdown and JSON renderers
        .target(name: "AlmanacPlanDiff", dependencies: ["AlmanacPlan", "AlmanacVocabulary", "AlmanacTime", "AlmanacJSON", "AlmanacEscaping"]),

        // MARK: AlmanacCompiler — per-kind fire streams merged over a window, budgets and lints → Plan
        .target(name: "AlmanacCompiler", dependencies: ["AlmanacModel", "AlmanacPlan", "AlmanacTime", "AlmanacJSON"]),
        .testTarget(
            name: "AlmanacCompilerTests",
            dependencies: [
                "AlmanacCompiler", "AlmanacPlanDiff", "AlmanacSpec", "AlmanacModel", "AlmanacCommandLine", "AlmanacTestSupport",
            ], exclude: ["Golden"], resources: [.copy("Fixtures")]),

        // MARK: AlmanacExplain — a trigger of the model in one English sentence (`almanac explain`, `next`)
        .target(name: "AlmanacExplain", dependencies: ["AlmanacModel", "AlmanacTime", "AlmanacJSON"]),
        .testTarget(
            name: "AlmanacExplainTests", dependencies: ["AlmanacExplain", "AlmanacSpec", "AlmanacModel", "AlmanacPlan", "AlmanacTime", "AlmanacTestSupport"],
            exclude: ["Fixtures", "Golden"]),

        // MARK: AlmanacExpect — expectation files (`NAME.expect.yaml`) checked against a spec's fires (`almanac test`)
        .target(
            name: "AlmanacExpect",
            dependencies: ["AlmanacSpec", "AlmanacModel", "AlmanacCompiler", "AlmanacPlan", "AlmanacTime", "AlmanacEscaping"]),
        .testTarget(name: "AlmanacExpectTests", dependencies: ["AlmanacExpect", "AlmanacSpec", "AlmanacModel", "AlmanacTestSupport"]),
        // MARK: AlmanacCodegen — a spec's trigger ids, fire ids and payload keys as Swift types
        .target(name: "AlmanacCodegen", dependencies: ["AlmanacModel", "AlmanacJSON", "AlmanacExplain", "AlmanacEscaping"]),
        .testTarget(
            name: "AlmanacCodegenTests",
            dependencies: ["AlmanacCodegen", "AlmanacSpec", "AlmanacEscaping", "AlmanacTime", "AlmanacJSON", "AlmanacTestSupport"],
            exclude: ["Fixtures", "Golden"]),
        // The plugin's own tool: the YAML front end and the generator, no argument parser, so an app builds nothing more for it.
        .executableTarget(name: "almanac-swift-generator", dependencies: ["AlmanacSpec", "AlmanacCodegen", "AlmanacModel"]),
        .plugin(name: "AlmanacSwiftGenerator", capability: .buildTool(), dependencies: ["almanac-swift-generator"]),

        // MARK: AlmanacInterchange — other schedulers' formats: `almanac export` (a loss report per trigger) and
        // `almanac import` (crontab, systemd timers, Kubernetes CronJobs, iCalendar → spec)
        .target(
            name: "AlmanacInterchange",
            dependencies: ["AlmanacSpec", "AlmanacModel", "AlmanacPlan", "AlmanacTime", "AlmanacJSON", "AlmanacEscaping"]),
        .testTarget(
            name: "AlmanacInterchangeTests",
            dependencies: [
                "AlmanacInterchange", "AlmanacSpec", "AlmanacCompiler", "AlmanacPlan", "AlmanacModel", "AlmanacTime", "AlmanacJSON",
                "AlmanacEscaping", "AlmanacTestSupport",
            ],
            exclude: ["Fixtures", "Golden", "Corpus"]),

        // MARK: AlmanacRegistration — what a device registers of a plan at an instant (fires within the budget,
        // the regions to watch, when to reconcile again): a pure function the executor and the timeline share
        .target(name: "AlmanacRegistration", dependencies: ["AlmanacPlan", "AlmanacTime"]),

        // MARK: AlmanacExecutor — reconciler, clocks, backends (spy, stdout, exec), journal, the phone adapter; reads plans only
        .target(
            name: "AlmanacExecutor",
            dependencies: ["CAlmanacProcess", "AlmanacVocabulary", "AlmanacPlan", "AlmanacRegistration", "AlmanacTime", "AlmanacJSON"]),

        // MARK: AlmanacApple — the Apple-only layer: UserNotifications and Core Location as the phone adapter's clients
        // (compiled only where those frameworks exist; type-checked on Linux against API stubs by scripts/ci/apple-layer.sh)
        .target(name: "AlmanacApple", dependencies: ["AlmanacExecutor", "AlmanacTime"]),

        // MARK: AlmanacPhoneTesting — fakes that behave as Apple documents, and the conformance suites for fake and real
        .target(name: "AlmanacPhoneTesting", dependencies: ["AlmanacExecutor", "AlmanacTime"]),

        // MARK: Render — a plan (or the difference of two) as an SVG/HTML timeline
        .target(
            name: "AlmanacRender", dependencies: ["AlmanacPlan", "AlmanacPlanDiff", "AlmanacRegistration", "AlmanacTime", "AlmanacEscaping"]),
        .testTarget(
            name: "AlmanacRenderTests",
            dependencies: [
                "AlmanacRender", "AlmanacExecutor", "AlmanacRegistration", "AlmanacSpec", "AlmanacCompiler", "AlmanacCommandLine",
                "AlmanacTestSupport",
            ],
            exclude: ["Fixtures", "Golden"]),
        .testTarget(
            name: "AlmanacExecutorTests",
            dependencies: [
                "AlmanacExecutor", "AlmanacRegistration", "AlmanacVocabulary", "AlmanacCommandLine", "AlmanacTestSupport",
                "AlmanacExecutorTestSupport", "AlmanacPhoneTesting",
            ], exclude: ["Golden"]
        ),

        // MARK: AlmanacMetrics — executor metrics (swift-metrics) in the Prometheus text format
        .target(
            name: "AlmanacMetrics",
            dependencies: [
                "AlmanacExecutor",
                .product(name: "Metrics", package: "swift-metrics", condition: .when(traits: ["CommandLineTools"])),
                .product(name: "Prometheus", package: "swift-prometheus", condition: .when(traits: ["CommandLineTools"])),
            ]
        ),

        // MARK: AlmanacHTTP — the executor's HTTP server (/metrics, /healthz) on Hummingbird: deadlines,
        // connection limits, IPv4 and IPv6. Linked only with the HTTP trait.
        .target(
            name: "AlmanacHTTP",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["HTTP"])),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["HTTP"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["HTTP"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["HTTP"])),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: .when(traits: ["HTTP"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["HTTP"])),
            ]
        ),
        .testTarget(
            name: "AlmanacHTTPTests",
            dependencies: [
                "AlmanacHTTP", "AlmanacMetrics", "AlmanacExecutor", "AlmanacPlan", "AlmanacTime",
                .product(name: "Metrics", package: "swift-metrics", condition: .when(traits: ["HTTP"])),
            ]),

        // MARK: AlmanacConsole — the operations console (`almanac-exec serve`): pages, JSON API and actions as
        // a function from request to response over a source (the store, a state directory); no server in it
        .target(
            name: "AlmanacConsole",
            dependencies: ["AlmanacRender", "AlmanacExecutor", "AlmanacPlan", "AlmanacTime", "AlmanacJSON", "AlmanacEscaping"]),
        .testTarget(
            name: "AlmanacConsoleTests",
            dependencies: ["AlmanacConsole", "AlmanacPlan", "AlmanacTime", "AlmanacJSON", "AlmanacEscaping"]),

        // MARK: AlmanacPostgres — the shared store: executors claim a plan's fires from PostgreSQL, each once
        .target(
            name: "AlmanacPostgres",
            dependencies: [
                "AlmanacExecutor", "AlmanacPlan", "AlmanacTime", "AlmanacJSON", "AlmanacMetrics", "AlmanacConsole",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Metrics", package: "swift-metrics", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),

        .testTarget(
            name: "AlmanacPostgresTests",
            dependencies: [
                "AlmanacPostgres", "AlmanacPlan", "AlmanacTime", "AlmanacJSON", "AlmanacExecutor", "AlmanacExecutorTestSupport", "AlmanacConsole",
                "AlmanacEscaping",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["PostgreSQL"])),
            ]),

        // MARK: Executables — thin ArgumentParser front ends over one shared reading of times and durations
        .target(
            name: "AlmanacCommandLine",
            dependencies: ["AlmanacTime", "AlmanacModel", .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CommandLineTools"]))]
        ),
        .executableTarget(
            name: "almanac",
            dependencies: [
                "AlmanacSpec", "AlmanacCompiler", "AlmanacPlan", "AlmanacPlanDiff", "AlmanacCodegen", "AlmanacCommandLine",
                "AlmanacExplain", "AlmanacExpect", "AlmanacInterchange", "AlmanacRender", "AlmanacEscaping",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CommandLineTools"])),
            ]
        ),
        .executableTarget(
            name: "almanac-exec",
            dependencies: [
                "AlmanacExecutor", "AlmanacRegistration", "AlmanacVocabulary", "AlmanacPlan", "AlmanacCommandLine", "AlmanacMetrics",
                "AlmanacEscaping",
                .target(name: "AlmanacPostgres", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: .when(traits: ["PostgreSQL"])),
                .target(name: "AlmanacHTTP", condition: .when(traits: ["HTTP"])),
                .target(name: "AlmanacConsole", condition: .when(traits: ["HTTP"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CommandLineTools"])),
            ]
        ),

        // MARK: SourceRulesTests — rules about the source text no compiler here catches (platform-conditional imports)
        .testTarget(name: "SourceRulesTests"),

        // MARK: Tests shared — golden files (ALMANAC_RECORD=1) and running the built binaries
        .target(name: "AlmanacTestSupport", path: "Tests/AlmanacTestSupport"),
        // The rules every JournalStore keeps, run against each store (memory, file, PostgreSQL).
        .target(
            name: "AlmanacExecutorTestSupport", dependencies: ["AlmanacExecutor", "AlmanacPlan", "AlmanacTime"],
            path: "Tests/AlmanacExecutorTestSupport"),
        .testTarget(
            name: "CLITests", dependencies: ["almanac", "almanac-exec", "almanac-swift-generator", "AlmanacCommandLine", "AlmanacTestSupport"],
            exclude: ["Fixtures", "Golden"]),
    ]
)
