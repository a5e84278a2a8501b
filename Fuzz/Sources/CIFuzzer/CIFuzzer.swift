import Foundation
// The debug build (scripts/fuzz.sh) is testable: the fuzzer reads files held in memory and every command field.
import FuzzDriver

@testable import UploadWiring

/// Where one fuzz input goes: the first byte picks a CI configuration or a script a workflow runs, the rest is that
/// file's bytes. Every CI system's reader, the YAML alias counter, the text decoder (BOMs, UTF-16, line endings),
/// the shell, Python, Ruby, Makefile and package.json readers and the script chain see arbitrary input. A crash,
/// a sanitizer report or a hang is a bug; commands and unread entries are the expected outcome.
let placements: [(path: String, runner: String?)] = [
    (".github/workflows/fuzz.yml", nil), (".gitlab-ci.yml", nil), ("ci/Jenkinsfile", nil),
    (".buildkite/pipeline.yml", nil), ("bitrise.yml", nil), (".circleci/config.yml", nil), ("circle.yml", nil),
    ("azure-pipelines.yml", nil), (".woodpecker.yml", nil), ("codemagic.yaml", nil), (".travis.yml", nil),
    ("scripts/fuzz.sh", "./scripts/fuzz.sh a b"), ("scripts/fuzz.py", "python3 scripts/fuzz.py"),
    ("scripts/fuzz.rb", "ruby scripts/fuzz.rb"), ("Makefile", "make && make release"),
    ("package.json", "npm run release && yarn deploy"), ("fastlane/Fastfile", nil),
]

/// `FastlaneFiles` reads the project from disk, so a Fastfile input is written into a folder made once per process
/// and read as a project holding only it: the Ruby reader, lanes, their calls and the lane graph see it.
let fastfileProject: String = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cifuzzer-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: folder + "/fastlane", withIntermediateDirectories: true)
    return folder
}()

func fuzzFastfile(_ bytes: [UInt8]) {
    let path = fastfileProject + "/fastlane/Fastfile"
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
    let fastlane = FastlaneFiles(
        runFolder: "", repository: ProjectFiles(root: fastfileProject, walked: [path], maxBytes: 1 << 20))
    var total = fastlane.lanes.count &+ fastlane.uploads.count &+ fastlane.builds.count &+ fastlane.unread.count
    for lane in fastlane.lanes.indices { total &+= fastlane.lanesRun(from: [lane]).count }
    _ = total
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let placement = placements[Int(data[0]) % placements.count]
    guard placement.path != "fastlane/Fastfile" else {
        fuzzFastfile(Array(UnsafeBufferPointer(start: data + 1, count: size - 1)))
        return 0
    }
    var files = [placement.path: Array(UnsafeBufferPointer(start: data + 1, count: size - 1))]
    if let runner = placement.runner {
        files[".github/workflows/run.yml"] = Array("jobs:\n  x:\n    steps:\n      - run: \(runner)\n".utf8)
    }
    let ci = ContinuousIntegration(repository: MemoryRepository(bytes: files))
    // Read every command's fields, as the upload evidence does.
    var total = 0
    for command in ci.commands { total &+= command.text.count &+ command.evidence.line }
    _ = total &+ ci.unread.count
    return 0
}

/// SwiftPM links an executable's entry point under this name; hand control to libFuzzer.
@_cdecl("CIFuzzer_main")
public func fuzzerMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
