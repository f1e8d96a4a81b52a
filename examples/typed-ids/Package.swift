// swift-tools-version:6.1
// An app package as an iOS developer writes one: the build-tool plugin turns every `*.almanac.yaml` of
// a target into Swift types, and the program runs the whole app path (authorization, reconcile,
// delivery, tap, typed payload) against the documented fakes. `traits: []` leaves out what only the
// command-line tools need, so the app resolves no outside package at all and builds only the modules
// it uses (scripts/ci/typed-ids.sh counts them). Try it with
// `swift run --package-path examples/typed-ids reminders PLAN` after compiling the spec into PLAN.
import PackageDescription

let package = Package(
    name: "TypedIDsExample",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "Almanac", path: "../..", traits: [])],
    targets: [
        .executableTarget(
            name: "reminders",
            dependencies: [
                .product(name: "AlmanacExecutor", package: "Almanac"),
                .product(name: "AlmanacApple", package: "Almanac"),
                .product(name: "AlmanacPhoneTesting", package: "Almanac"),
            ],
            plugins: [.plugin(name: "AlmanacSwiftGenerator", package: "Almanac")]
        ),
        // Spec files named as people name them: `2fa.almanac.yaml`, and `r.almanac.yaml` in two folders.
        .executableTarget(name: "naming", plugins: [.plugin(name: "AlmanacSwiftGenerator", package: "Almanac")]),
    ]
)
