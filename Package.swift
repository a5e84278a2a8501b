// swift-tools-version:6.0
import PackageDescription

/// Settings every Swift target shares.
let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "playprep",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "playprep", targets: ["playprep"]),
        .library(name: "PNGKit", targets: ["PNGKit"]),
        .library(name: "NinePatchKit", targets: ["NinePatchKit"]),
        .library(name: "NinePatchPreview", targets: ["NinePatchPreview"]),
        .library(name: "PackageNameKit", targets: ["PackageNameKit"]),
        .library(name: "PlayListingKit", targets: ["PlayListingKit"]),
        .library(name: "Diagnostics", targets: ["Diagnostics"]),
        .library(name: "FileAccess", targets: ["FileAccess"]),
        .library(name: "ProjectCheck", targets: ["ProjectCheck"]),
        .library(name: "AndroidBuild", targets: ["AndroidBuild"]),
        .library(name: "ReportIllustrations", targets: ["ReportIllustrations"]),
        .library(name: "ArtifactKit", targets: ["ArtifactKit"]),
        .library(name: "UploadWiring", targets: ["UploadWiring"]),
        .library(name: "ReleaseDiff", targets: ["ReleaseDiff"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        .package(url: "https://github.com/apple/swift-protobuf", exact: "1.39.0"),
        .package(url: "https://github.com/apple/swift-certificates", exact: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", exact: "1.7.4"),
    ],
    targets: [
        // libpng, found through pkg-config (Debian: libpng-dev).
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // The only code that calls libpng: every call that can png_error() runs under setjmp here.
        .target(name: "PNGShim", dependencies: ["CLibPNG"]),
        .target(name: "PNGKit", dependencies: ["PNGShim"], swiftSettings: strictSwift),
        .target(name: "Diagnostics", swiftSettings: strictSwift),
        // Every file read (size-limited), folder walk and atomic write: POSIX, no Foundation file calls.
        .target(name: "FileAccess", swiftSettings: strictSwift),
        .target(
            name: "NinePatchKit", dependencies: ["PNGKit", "Diagnostics", "FileAccess"],
            swiftSettings: strictSwift),
        // Pictures for people: render overlays and preview sheets (pixel font, canvas), on top of NinePatchKit.
        .target(name: "NinePatchPreview", dependencies: ["NinePatchKit", "PNGKit"], swiftSettings: strictSwift),
        // Package names (applicationId, namespace, manifest package) as aapt2, AGP and Play judge them.
        .target(name: "PackageNameKit", dependencies: ["Diagnostics"], swiftSettings: strictSwift),
        .target(
            name: "PlayListingKit", dependencies: ["PNGKit", "Diagnostics", "FileAccess"], swiftSettings: strictSwift),
        // The Gradle build as AGP sees it: modules, variants, applicationIds and versionCodes, read without Gradle.
        .target(name: "AndroidBuild", dependencies: ["FileAccess"], swiftSettings: strictSwift),
        // The release artifact itself (APK or AAB): the archive read into memory within limits, the manifest and
        // resource table (binary or aapt2's protobuf), native libraries and compiled NinePatches. Protobuf/ holds
        // the .proto sources of the generated Swift (scripts/generate-protos.sh).
        .target(
            name: "ArtifactKit",
            dependencies: [
                "Diagnostics", "FileAccess", "NinePatchKit", "PNGKit", "PackageNameKit",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            exclude: ["Protobuf/aapt2_resources.proto", "Protobuf/bundle_config.proto"],
            swiftSettings: strictSwift),
        // How a repository ships its listings: CI configurations, the scripts they run, Fastfile lanes and the
        // uploaders (supply, GPP, upload actions), read without running them, and which tree each one sends to Play.
        .target(
            name: "UploadWiring",
            dependencies: ["AndroidBuild", "PlayListingKit", "FileAccess", "Yams"],
            swiftSettings: strictSwift),
        // `--since REF`: the release at a git reference read through `git` (no checkout), compared with this one.
        .target(
            name: "ReleaseDiff", dependencies: ["AndroidBuild", "Diagnostics", "FileAccess"],
            swiftSettings: strictSwift),
        // `playprep check`: discovery of a whole Android project, configuration, baseline, cross-file lints.
        .target(
            name: "ProjectCheck",
            dependencies: [
                "NinePatchKit", "PackageNameKit", "PlayListingKit", "AndroidBuild", "ArtifactKit", "Diagnostics",
                "FileAccess", "PNGKit", "UploadWiring", "ReleaseDiff", "Yams",
            ],
            swiftSettings: strictSwift
        ),
        // The pictures and text excerpts of the HTML report, read and drawn from the files a report names.
        .target(
            name: "ReportIllustrations",
            dependencies: [
                "Diagnostics", "NinePatchKit", "NinePatchPreview", "PlayListingKit", "PNGKit", "FileAccess",
            ],
            swiftSettings: strictSwift),
        .executableTarget(
            name: "playprep",
            dependencies: [
                "PNGKit", "NinePatchKit", "NinePatchPreview", "PackageNameKit", "PlayListingKit", "Diagnostics",
                "ProjectCheck",
                "ReportIllustrations", "ArtifactKit",
                "FileAccess", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift
        ),
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strictSwift),
        .testTarget(name: "PNGKitTests", dependencies: ["PNGKit", "TestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "FileAccessTests", dependencies: ["FileAccess"], swiftSettings: strictSwift),
        .testTarget(
            name: "DiagnosticsTests", dependencies: ["Diagnostics", "TestSupport"], exclude: ["Resources"],
            swiftSettings: strictSwift),
        .testTarget(
            name: "NinePatchKitTests",
            dependencies: ["NinePatchKit", "PNGKit", "Diagnostics", "FileAccess", "TestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "NinePatchPreviewTests", dependencies: ["NinePatchPreview", "NinePatchKit", "PNGKit"],
            swiftSettings: strictSwift),
        .testTarget(
            name: "PlayListingKitTests",
            dependencies: ["PlayListingKit", "PNGKit", "Diagnostics", "TestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "PackageNameKitTests", dependencies: ["PackageNameKit", "Diagnostics"], swiftSettings: strictSwift),
        .testTarget(
            name: "ProjectCheckTests",
            dependencies: [
                "ProjectCheck", "UploadWiring", "NinePatchKit", "PlayListingKit", "Diagnostics", "TestSupport",
            ],
            exclude: ["Golden"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "AndroidBuildTests", dependencies: ["AndroidBuild", "TestSupport"], swiftSettings: strictSwift),
        .testTarget(
            name: "ArtifactKitTests", dependencies: ["ArtifactKit", "Diagnostics", "TestSupport"],
            swiftSettings: strictSwift),
        .testTarget(
            name: "UploadWiringTests",
            dependencies: ["UploadWiring", "AndroidBuild", "PlayListingKit", "FileAccess", "TestSupport"],
            swiftSettings: strictSwift),
        .testTarget(
            name: "ReleaseDiffTests", dependencies: ["ReleaseDiff", "AndroidBuild", "Diagnostics"],
            swiftSettings: strictSwift),
        // End-to-end tests: they run the built `playprep` binary.
        .testTarget(name: "CLITests", dependencies: ["TestSupport"], swiftSettings: strictSwift),
    ]
)
