// swift-tools-version:6.0
// The libFuzzer target over decode + parse + validate, kept out of the main package because it only links with
// `-sanitize=fuzzer` (libFuzzer supplies `main`). Build and run it with scripts/fuzz.sh.
import PackageDescription

let package = Package(
    name: "PlayprepFuzz",
    dependencies: [.package(name: "playprep", path: "..")],
    targets: [
        .executableTarget(
            name: "NinePatchFuzzer",
            dependencies: [
                .product(name: "PNGKit", package: "playprep"),
                .product(name: "NinePatchKit", package: "playprep"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
