import NinePatchKit
import PNGKit

/// libFuzzer entry point: any bytes go through the PNG decoder (whole-image and row-streaming), and what decodes
/// goes through the NinePatch parser and validator. A crash, a sanitizer report or a hang is a bug; a thrown
/// `PNGError` is the expected outcome for most inputs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Small limits keep each execution fast; they are part of what is being tested.
    let decoder = PNGDecoder(limits: PNGLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 22))
    let checker = NinePatchChecker(decoder: decoder)
    let check = checker.check(bytes: bytes, file: "fuzz.9.png")
    var rows = 0
    try? decoder.decodeRows(bytes) { _, _, row in rows &+= row.count }
    if let image = check.image, check.ninePatch != nil {
        precondition(image.width >= 3 && image.height >= 3, "accepted a NinePatch smaller than 3x3")
    }
    return 0
}
