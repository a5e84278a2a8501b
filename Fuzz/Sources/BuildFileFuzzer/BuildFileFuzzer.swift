import AndroidBuild
import ArtifactKit
import FuzzDriver

/// One fuzz input for the build-file readers: the first byte picks the reader, the rest is the file. 0: a Kotlin
/// build script, 1: a Groovy one, 2: a Kotlin settings script, 3: a Groovy one, 4: a version catalog, 5: a source
/// manifest (the build reader's `package` scan and the declarations' XML reader). A crash, a sanitizer report, a
/// hang or memory past libFuzzer's limit is a bug; an unreadable file is an expected outcome.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let rest = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    var read = 0
    switch data[0] % 6 {
    case 0: read = BuildFileParsing.buildScript(rest, kotlin: true)
    case 1: read = BuildFileParsing.buildScript(rest, kotlin: false)
    case 2: read = BuildFileParsing.settings(rest, kotlin: true)
    case 3: read = BuildFileParsing.settings(rest, kotlin: false)
    case 4: read = BuildFileParsing.versionCatalog(rest)
    default:
        read = BuildFileParsing.manifestPackage(rest)?.count ?? 0
        read += (try? SourceManifest(String(decoding: rest, as: UTF8.self)))?.facts.permissions.count ?? 0
    }
    precondition(read >= 0)
    return 0
}

/// SwiftPM links an executable's entry point under this name; hand control to libFuzzer.
@_cdecl("BuildFileFuzzer_main")
public func fuzzerMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
