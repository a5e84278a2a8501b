import ArtifactKit
import FuzzDriver

/// One fuzz input for the signature parsers: the first byte picks the parser, the rest is its input. Even: an
/// APK Signing Block laid around the rest (size fields and magic, so the fuzzer explores the ID-value pairs, the
/// signer sequences and the X.509 certificates inside); odd: a JAR signature file (PKCS#7 SignedData). A crash,
/// a sanitizer report or a hang is a bug; a thrown `ArtifactParseError` is the expected outcome.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let rest = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if data[0] % 2 == 0 {
        let length = UInt64(rest.count + 24)
        let sizeField = (0..<8).map { UInt8(truncatingIfNeeded: length >> UInt64($0 * 8)) }
        let block = [UInt8](repeating: 0, count: 8) + sizeField + rest + sizeField + Array("APK Sig Block 42".utf8)
        _ = try? SignatureParsing.signingBlockFingerprints(block, centralDirectory: block.count)
        _ = try? SignatureParsing.signingBlockFingerprints(rest, centralDirectory: rest.count)
    } else {
        _ = try? SignatureParsing.jarSignatureFingerprints(rest)
    }
    return 0
}

/// SwiftPM links an executable's entry point under this name; hand control to libFuzzer.
@_cdecl("SigningFuzzer_main")
public func fuzzerMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
