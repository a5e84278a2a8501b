// swift-tools-version:6.0
// In-process render timings for scripts/bench-render.py, kept out of the main package so `swift build` and
// `swift test` never build it. Build it with `swift build -c release --package-path Benchmarks`.
import PackageDescription

let package = Package(
    name: "PlayprepBenchmarks",
    dependencies: [.package(name: "playprep", path: "..")],
    targets: [
        .executableTarget(
            name: "RenderBenchmark",
            dependencies: [
                .product(name: "PNGKit", package: "playprep"),
                .product(name: "NinePatchKit", package: "playprep"),
            ]
        ),
    ]
)
