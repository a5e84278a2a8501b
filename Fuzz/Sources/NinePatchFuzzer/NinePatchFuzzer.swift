import NinePatchKit
import PNGKit

/// One fuzz input: any bytes go through the PNG decoder (whole-image and row-streaming), and what decodes goes
/// through the NinePatch parser and validator. A crash, a sanitizer report or a hang is a bug; a thrown
/// `PNGError` is the expected outcome for most inputs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Small limits keep each execution fast; they are part of what is being tested.
    let decoder = PNGDecoder(limits: PNGLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 22))
    let checker = NinePatchChecker(decoder: decoder)
    let check = checker.check(bytes: bytes, file: "fuzz.9.png", keepImage: true)
    var rows = 0
    try? decoder.decodeRows(bytes) { _, _, row in rows &+= row.count }
    if let image = check.image, check.ninePatch != nil {
        precondition(image.width >= 3 && image.height >= 3, "accepted a NinePatch smaller than 3x3")
    }
    return 0
}

/// libFuzzer's own driver (linked by `-sanitize=fuzzer`).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

/// SwiftPM links an executable's entry point under this name; hand control to libFuzzer.
@_cdecl("NinePatchFuzzer_main")
public func fuzzerMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzz(data, size) }
}
