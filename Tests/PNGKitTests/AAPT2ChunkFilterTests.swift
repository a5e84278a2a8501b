import Testing

@testable import PNGKit

/// The names of a PNG's chunks in file order, up to the end of the chunk list.
func chunkNames(_ bytes: [UInt8]) throws -> [String] {
    var chunks = try #require(PNGChunkIterator(bytes))
    var names = [String]()
    while let chunk = try chunks.next() { names.append(chunk.type.name) }
    return names
}

/// libpng gets to see what aapt2's PngChunkFilter passes it: IHDR, PLTE, tRNS, sRGB, IDAT and IEND.
@Suite struct AAPT2ChunkFilterTests {
    let image = RGBAImage(width: 3, height: 2, fill: RGBA(red: 200, green: 10, blue: 10, alpha: 255))

    func encoded(_ chunks: [PNGChunk]) throws -> [UInt8] {
        try PNGEncoder().encode(image, chunks: chunks)
    }

    @Test func aFileWithOnlyKeptChunksIsPassedAsItIs() throws {
        let bytes = try encoded([PNGChunk(name: "sRGB", data: [0])])
        #expect(PNGChunk.aapt2View(of: bytes) == bytes)
        #expect(PNGChunk.aapt2View(of: bytes + Array("after IEND".utf8)) == bytes + Array("after IEND".utf8))
    }

    @Test func otherChunksAreDroppedUnreadAndTheImageStillDecodes() throws {
        let bytes = try encoded([
            PNGChunk(name: "tEXt", data: Array("Title\0x".utf8)), PNGChunk(name: "sRGB", data: [0]),
            PNGChunk(name: "ABCD", data: [1, 2, 3]),
        ])
        // libpng alone refuses the unknown critical chunk; aapt2 never shows it to libpng.
        #expect(throws: PNGError.self) { try PNGDecoder().decode(bytes) }
        let view = PNGChunk.aapt2View(of: bytes + Array("trailing".utf8))
        #expect(try chunkNames(view) == ["IHDR", "sRGB", "IDAT", "IEND"])
        #expect(try PNGDecoder().decode(view) == image)
    }

    @Test func aChunkBeforeTheHeaderIsDropped() throws {
        let plain = try encoded([])
        let withText = try encoded([PNGChunk(name: "tEXt", data: Array("a\0b".utf8))])
        let text = Array(withText[33..<(33 + 12 + 3)])  // right after IHDR (8 + 25 bytes)
        #expect(try chunkNames(Array(withText[0..<8]) + text) == ["tEXt"])
        #expect(PNGChunk.aapt2View(of: Array(plain[0..<8]) + text + Array(plain[8...])) == plain)
    }

    @Test func whereTheChunkListBreaksOffTheRestIsPassedOnForLibpngToReport() throws {
        let bytes = try encoded([PNGChunk(name: "tEXt", data: Array("a\0b".utf8))])
        let broken = Array(bytes[0..<(33 + 12 + 3)]) + [0x7F, 0xFF, 0xFF, 0xFF] + Array("IDAT".utf8) + [1, 2, 3, 4, 5]
        let view = PNGChunk.aapt2View(of: broken)
        #expect(view == Array(broken[0..<33]) + Array(broken[(33 + 15)...]))
        #expect(throws: PNGError.self) { try PNGDecoder().decode(view) }
        #expect(PNGChunk.aapt2View(of: Array("not a PNG".utf8)) == Array("not a PNG".utf8))
    }
}
