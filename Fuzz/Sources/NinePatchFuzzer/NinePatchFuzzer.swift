import FuzzDriver
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
    if let image = check.image, let ninePatch = check.ninePatch {
        precondition(image.width >= 3 && image.height >= 3, "accepted a NinePatch smaller than 3x3")
        render(image, ninePatch, seed: bytes.last ?? 0)
    }
    return 0
}

/// Renders an accepted NinePatch at sizes and a density scale picked from the input (kept small), with both
/// filters, and looks for bad patches: layout, sampling and scaling must hold for any model the parser accepts.
func render(_ image: RGBAImage, _ ninePatch: NinePatch, seed: UInt8) {
    let content = PremultipliedImage(image.withoutFrame)
    let width = 1 + Int(seed % 61)
    let height = 1 + Int(seed / 4 % 61)
    for filter in RenderFilter.allCases {
        let rendered = try? NinePatchRenderer(filter: filter).render(
            content, as: ninePatch, width: width, height: height)
        precondition(rendered?.width == width && rendered?.height == height, "rendered the wrong size")
    }
    _ = ninePatch.badPatches(in: image, tolerance: Int(seed % 8))
    if image.width * image.height <= 1 << 16,
        let (scaled, scaledModel) = try? DensityScaling(factor: 0.5 + Float(seed % 8) / 4).apply(
            to: content, ninePatch: ninePatch)
    {
        _ = try? NinePatchRenderer().render(scaled, as: scaledModel, width: width, height: height)
    }
}

/// SwiftPM links an executable's entry point under this name; hand control to libFuzzer.
@_cdecl("NinePatchFuzzer_main")
public func fuzzerMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
