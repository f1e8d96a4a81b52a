// swift-tools-version:6.0
// An app target that names its triggers and fires with generated types: the build-tool plugin runs
// `almanac generate swift` on every `*.almanac.yaml` in the target. Built by `.ci/run`
// (scripts/ci/typed-ids.sh); try it with `swift run --package-path examples/typed-ids`.
import PackageDescription

let package = Package(
    name: "TypedIDsExample",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Almanac", path: "../..")],
    targets: [
        .executableTarget(
            name: "reminders",
            dependencies: [.product(name: "AlmanacCore", package: "Almanac")],
            plugins: [.plugin(name: "AlmanacSwiftGenerator", package: "Almanac")]
        )
    ]
)
