public import PNGKit

/// A NinePatch as `aapt2 compile` writes it: the content without its frame, the colour type aapt2 picks, and the
/// NinePatch chunks in aapt2's order.
public struct CompiledNinePatch: Sendable, Hashable {
    /// The content pixels exactly as the PNG stores them (after aapt2's clearing of transparent pixels).
    public var image: RGBAImage
    public var colorType: PNGColorType
    /// `npOl`, `npLb` (when any layout-bound inset is non-zero), `npTc`.
    public var chunks: [PNGChunk]

    public init(image: RGBAImage, colorType: PNGColorType, chunks: [PNGChunk]) {
        self.image = image
        self.colorType = colorType
        self.chunks = chunks
    }

    /// The PNG file, 8-bit and non-interlaced, with the chunks between IHDR and IDAT.
    public func encoded(with encoder: PNGEncoder) throws(PNGError) -> [UInt8] {
        try encoder.encode(image, as: colorType, chunks: chunks)
    }
}

/// Compiles NinePatch sources the way `aapt2 compile` does (tools/aapt2/compile/PngCrunch.cpp, `WritePng`).
///
/// The frame is stripped and the content re-encoded as grey when every visible pixel is grey, else RGB; with
/// alpha only when some pixel is not opaque; never as a palette (aapt2 keeps NinePatches out of palettes). The
/// RGB of fully transparent pixels is zeroed in RGB and RGBA output; in grey output aapt2 writes the source's
/// red channel even for those pixels, and so does this compiler, so the pixels equal aapt2's exactly.
public struct NinePatchCompiler: Sendable {
    public init() {}

    /// Compiles `source` (frame included), whose parsed model is `ninePatch`. Throws when a count does not fit
    /// npTc's one-byte fields (more than 127 stretch spans on an axis or 255 regions), where aapt2 silently
    /// writes a corrupt chunk (rule NP104).
    public func compile(_ source: RGBAImage, ninePatch: NinePatch) throws(NinePatchChunkError) -> CompiledNinePatch {
        precondition(
            source.width == ninePatch.width + 2 && source.height == ninePatch.height + 2,
            "the model belongs to another image")
        let chunks = try NinePatchChunks(ninePatch).encoded()
        var content = source.withoutFrame
        var isGrey = true
        var isOpaque = true
        content.bytes.withUnsafeBufferPointer { pixels in
            for index in stride(from: 0, to: pixels.count, by: 4) {
                let alpha = pixels[index + 3]
                if alpha != 0xFF { isOpaque = false }
                // aapt2 judges a transparent pixel as black, whatever its RGB.
                if alpha != 0 && (pixels[index] != pixels[index + 1] || pixels[index] != pixels[index + 2]) {
                    isGrey = false
                }
            }
        }
        let colorType: PNGColorType = isGrey ? (isOpaque ? .gray : .grayAlpha) : (isOpaque ? .rgb : .rgba)
        for index in stride(from: 0, to: content.bytes.count, by: 4) {
            if isGrey {
                // Grey output takes each pixel's red channel, transparent ones included (aapt2 does not clear them).
                content.bytes[index + 1] = content.bytes[index]
                content.bytes[index + 2] = content.bytes[index]
            } else if content.bytes[index + 3] == 0 {
                content.bytes.replaceSubrange(index..<(index + 3), with: [0, 0, 0])
            }
        }
        return CompiledNinePatch(image: content, colorType: colorType, chunks: chunks)
    }
}
