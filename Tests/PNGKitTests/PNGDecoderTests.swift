import Foundation
import PNGKit
import TestSupport
import Testing

/// Decoding every PNG form to the same RGBA8 pixels aapt2 sees, and failing cleanly on broken files.
@Suite struct PNGDecoderTests {
    let decoder = PNGDecoder()

    func decode(_ name: String) throws -> RGBAImage {
        try decoder.decode(Fixtures.bytes(Fixtures.testImage("crafted/\(name).9.png")))
    }

    @Test func readsHeaderWithoutDecoding() throws {
        let header = try decoder.header(of: Fixtures.bytes(Fixtures.testImage("crafted/fmt_palette.9.png")))
        #expect(header.colorType == .palette)
        #expect(header.hasTransparencyChunk)
        #expect(header.hasAlpha)
        #expect(header.width == 9 && header.height == 9)
    }

    @Test(arguments: ["fmt_gray8", "fmt_gray1", "fmt_gray_alpha", "fmt_gray16_alpha", "fmt_gray_trns"])
    func greyFormsBecomeRGBAWithEqualChannels(name: String) throws {
        let image = try decode(name)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x, y]
                #expect(pixel.red == pixel.green && pixel.green == pixel.blue, "\(name) at (\(x),\(y))")
            }
        }
    }

    @Test func greyTransparencyChunkMakesThoseSamplesTransparent() throws {
        // fmt_gray_trns declares white (255) transparent: the white frame becomes alpha 0.
        let image = try decode("fmt_gray_trns")
        #expect(image[0, 0].alpha == 0)
        #expect(image[4, 4] == RGBA(red: 128, green: 128, blue: 128, alpha: 255))
    }

    @Test func rgbWithoutAlphaIsOpaque() throws {
        let image = try decode("fmt_rgb")
        #expect(image.bytes.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
    }

    @Test func sixteenBitSamplesKeepTheirHighByte() throws {
        // Ticks of 0x00FF (high byte 0) count as black; alpha 0xFF80 is opaque, alpha 0x00FF transparent.
        let image = try decode("fmt_rgba16_lowbytes")
        #expect(image.argb(x: 3, y: 0) == 0xFF00_0000)
        #expect(image[0, 0].alpha == 0)
    }

    @Test func interlacedDecodesLikeNonInterlaced() throws {
        let interlaced = try decode("fmt_interlaced")
        let interlaced16 = try decode("fmt_interlaced16")
        #expect(interlaced == interlaced16)
        let header = try decoder.header(of: Fixtures.bytes(Fixtures.testImage("crafted/fmt_interlaced.9.png")))
        #expect(header.isInterlaced)
    }

    @Test func rowStreamingMatchesWholeImage() throws {
        for name in ["fmt_interlaced", "basic", "fmt_palette", "outline_roundrect"] {
            let bytes = try Fixtures.bytes(Fixtures.testImage("crafted/\(name).9.png"))
            let whole = try decoder.decode(bytes)
            var rows = [UInt8]()
            var seen = [Int]()
            try decoder.decodeRows(bytes) { _, y, row in
                seen.append(y)
                rows += row
            }
            #expect(seen == Array(0..<whole.height))
            #expect(rows == whole.bytes, "\(name)")
        }
    }

    /// Rows are decoded a block at a time (`rowBlockBytes`): every row comes out once, in order, across block
    /// ends, a short last block, and rows larger than a block, whether the image is kept or streamed.
    @Test(arguments: [(64, 600), (20_000, 3), (1, 30_000)])
    func rowsCrossBlockEnds(width: Int, height: Int) throws {
        let pixels = (0..<(width * height * 4)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 4093) }
        let bytes = try PNGEncoder().encode(RGBAImage(width: width, height: height, bytes: pixels))
        for limit in [0, Int.max] {
            var rows = [UInt8]()
            var seen = [Int]()
            let kept = try decoder.decodeRows(bytes, keepingImagesUpTo: limit) { _, y, row in
                seen.append(y)
                rows += row
            }
            #expect(seen == Array(0..<height))
            #expect(rows == pixels)
            #expect(kept == (limit == 0 ? nil : pixels))
        }
    }

    /// An image within the limit comes back whole, decoded in place, with the same rows handed over; a larger one
    /// comes back `nil`, its rows handed over all the same.
    @Test func keptImagesAreTheWholeImage() throws {
        for name in ["fmt_interlaced", "basic", "fmt_palette", "outline_roundrect"] {
            let bytes = try Fixtures.bytes(Fixtures.testImage("crafted/\(name).9.png"))
            let whole = try decoder.decode(bytes)
            let size = whole.width * whole.height * 4
            for limit in [size, size - 1] {
                var rows = [UInt8]()
                let kept = try decoder.decodeRows(bytes, keepingImagesUpTo: limit) { _, _, row in rows += row }
                #expect(rows == whole.bytes, "\(name)")
                #expect(kept == (limit >= size ? whole.bytes : nil), "\(name) within \(limit)")
            }
        }
    }

    /// A file that fails part way fails the same whether its image is kept or not.
    @Test func keptImagesFailLikeStreamedOnes() throws {
        let bytes = try Fixtures.bytes(Fixtures.testImage("malformed/bad_crc.9.png"))
        #expect(throws: PNGError.libpng("IDAT: CRC error")) {
            try decoder.decodeRows(bytes, keepingImagesUpTo: .max) { _, _, _ in }
        }
        #expect(throws: PNGError.libpng("IDAT: CRC error")) { try decoder.decodeRows(bytes) { _, _, _ in } }
    }

    @Test(arguments: [
        ("empty", PNGError.empty),
        ("text_file", PNGError.notPNG),
    ])
    func namedFailures(file: String, expected: PNGError) throws {
        let bytes = try Fixtures.bytes(Fixtures.testImage("malformed/\(file).9.png"))
        #expect(throws: expected) { try decoder.decode(bytes) }
    }

    /// Each cause has its own case; the descriptions are the words playprep has always printed.
    @Test(arguments: [
        (
            "truncated_idat", PNGError.chunkPastEnd(chunk: "IDAT", offset: 33, length: 31, fileBytes: 54),
            "file is truncated: chunk IDAT at byte 33 declares 31 bytes, but the file has 54"
        ),
        ("bad_crc", PNGError.libpng("IDAT: CRC error"), "IDAT: CRC error"),
        // Checked by PNGShim's Adler-32, which stands in for zlib's (aapt2 words it the same).
        ("bad_adler", PNGError.libpng("IDAT: incorrect data check"), "IDAT: incorrect data check"),
        (
            "missing_iend", PNGError.truncated(needed: 8, offset: 76, fileBytes: 76),
            "file is truncated: needed 8 bytes at offset 76 but it has 76"
        ),
        ("zero_length_idat", PNGError.libpng("Not enough image data"), "Not enough image data"),
        (
            "zero_size", PNGError.zeroSize(width: 0, height: 0),
            "IHDR declares a 0x0 image; both sides must be at least 1"
        ),
    ])
    func corruptFilesThrowTheirCause(file: String, expected: PNGError, words: String) throws {
        let bytes = try Fixtures.bytes(Fixtures.testImage("malformed/\(file).9.png"))
        #expect(throws: expected) { try decoder.decode(bytes) }
        #expect(expected.description == "corrupt PNG: " + words)
    }

    @Test func aChunkDeclaringMoreThanTheFileIsRefusedBeforeLibpngAllocatesIt() throws {
        let bytes = try Fixtures.bytes(Fixtures.testImage("malformed/huge_chunk_length.9.png"))
        #expect(throws: PNGError.chunkPastEnd(chunk: "iTXt", offset: 33, length: 2_000_000_000, fileBytes: bytes.count))
        {
            try decoder.header(of: bytes)
        }
        let withText = try PNGEncoder().encode(
            RGBAImage(width: 2, height: 2), chunks: [PNGChunk(name: "tEXt", data: Array("Title\u{0}abcd".utf8))])
        #expect(try decoder.decode(withText).width == 2)
        #expect(throws: PNGError.chunkTooLarge(chunk: "tEXt", length: 10, limit: 4)) {
            try PNGDecoder(limits: PNGLimits(maxChunkBytes: 4)).decode(withText)
        }
    }

    @Test func hugeHeaderIsRefusedBeforeDecoding() throws {
        let bytes = try Fixtures.bytes(Fixtures.testImage("malformed/huge_ihdr.9.png"))
        #expect(throws: PNGError.tooLarge(width: 100_000, height: 100_000, limits: .standard)) {
            try decoder.header(of: bytes)
        }
        let tight = PNGDecoder(limits: PNGLimits(maxWidth: 6, maxHeight: 6))
        let basic = try Fixtures.bytes(Fixtures.testImage("crafted/basic.9.png"))
        #expect(throws: PNGError.self) { try tight.decode(basic) }
    }

    @Test func trailingBytesAfterIENDAreIgnored() throws {
        let image = try decoder.decode(Fixtures.bytes(Fixtures.testImage("unusual/trailing_garbage.9.png")))
        #expect(image.width == 9)
    }
}

@Suite struct PNGEncoderTests {
    @Test(arguments: [PNGColorType.rgba, .rgb, .grayAlpha, .gray])
    func roundTripsEveryColorType(type: PNGColorType) throws {
        var image = RGBAImage(width: 5, height: 3, fill: RGBA(red: 90, green: 90, blue: 90, alpha: 255))
        image[2, 1] = RGBA(red: 10, green: 10, blue: 10, alpha: type.hasAlphaChannel ? 77 : 255)
        let bytes = try PNGEncoder().encode(image, as: type)
        let decoded = try PNGDecoder().decode(bytes)
        #expect(decoded == image)
        #expect(try PNGDecoder().header(of: bytes).colorType == type)
    }

    @Test func writesChunksBetweenHeaderAndImageData() throws {
        let image = RGBAImage(width: 2, height: 2, fill: RGBA(red: 1, green: 2, blue: 3, alpha: 4))
        let bytes = try PNGEncoder().encode(
            image, chunks: [PNGChunk(name: "npOl", data: [1, 2, 3]), PNGChunk(name: "npTc", data: [])])
        #expect(try chunkNames(bytes) == ["IHDR", "npOl", "npTc", "IDAT", "IEND"])
    }

    @Test func refusesEmptyImages() {
        #expect(throws: PNGError.self) { try PNGEncoder().encode(RGBAImage(width: 0, height: 4)) }
    }
}
