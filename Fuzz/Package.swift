// swift-tools-version:6.0
// The libFuzzer targets (NinePatch decode + parse + validate; the build-file readers; the artifact's signature
// parsers; the CI readers), kept out of the main package because they only link with `-sanitize=fuzzer` (libFuzzer
// supplies `main`). Build and run them with scripts/fuzz.sh.
import PackageDescription

let package = Package(
    name: "PlayprepFuzz",
    dependencies: [.package(name: "playprep", path: "..")],
    targets: [
        // libFuzzer's driver, called by each target's entry point.
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "NinePatchFuzzer",
            dependencies: [
                "FuzzDriver",
                .product(name: "PNGKit", package: "playprep"),
                .product(name: "NinePatchKit", package: "playprep"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // The build-file readers: build and settings scripts, version catalogs, source manifests
        // (FUZZER=BuildFileFuzzer scripts/fuzz.sh).
        .executableTarget(
            name: "BuildFileFuzzer",
            dependencies: [
                "FuzzDriver", .product(name: "AndroidBuild", package: "playprep"),
                .product(name: "ArtifactKit", package: "playprep"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // The CI readers and script chains (FUZZER=CIFuzzer scripts/fuzz.sh): every CI system, shell, Python, Ruby,
        // Makefile and package.json.
        .executableTarget(
            name: "CIFuzzer",
            dependencies: ["FuzzDriver", .product(name: "UploadWiring", package: "playprep")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // The APK Signing Block and PKCS#7 parsers (FUZZER=SigningFuzzer scripts/fuzz.sh).
        .executableTarget(
            name: "SigningFuzzer",
            dependencies: ["FuzzDriver", .product(name: "ArtifactKit", package: "playprep")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
