import PNGKit
import TestSupport
import Testing

/// Reading a PNG's chunk list straight from its bytes, CRCs checked, for the chunks libpng drops.
@Suite struct PNGChunkReaderTests {
    let decoder = PNGDecoder()

    func encoded(chunks: [PNGChunk]) throws -> [UInt8] {
        try PNGEncoder().encode(RGBAImage(width: 2, height: 2, fill: RGBA(argb: 0xFF10_2030)), chunks: chunks)
    }

    @Test func listsEveryChunkButImageDataInFileOrder() throws {
        let custom = [PNGChunk(name: "npOl", data: [1, 2, 3]), PNGChunk(name: "npTc", data: [])]
        let chunks = try decoder.chunks(of: encoded(chunks: custom))
        #expect(chunks.map(\.name) == ["IHDR", "npOl", "npTc", "IEND"])
        #expect(Array(chunks[1...2]) == custom)
        #expect(chunks[0].data.prefix(8) == [0, 0, 0, 2, 0, 0, 0, 2])
    }

    @Test func ignoresBytesAfterIEND() throws {
        let bytes = try encoded(chunks: []) + [0xDE, 0xAD]
        #expect(try decoder.chunks(of: bytes).map(\.name) == ["IHDR", "IEND"])
    }

    @Test func refusesABadCRC() throws {
        var bytes = try encoded(chunks: [PNGChunk(name: "npTc", data: [7, 7, 7, 7])])
        let npTc = try #require(bytes.firstRange(of: Array("npTc".utf8)))
        bytes[npTc.upperBound] ^= 1
        #expect(throws: PNGError.badCRC(chunk: "npTc", offset: 33)) { try decoder.chunks(of: bytes) }
    }

    @Test func refusesTruncatedAndForeignFiles() throws {
        let bytes = try encoded(chunks: [])
        #expect(throws: PNGError.self) { try decoder.chunks(of: Array(bytes.prefix(40))) }
        #expect(throws: PNGError.self) { try decoder.chunks(of: Array(bytes.dropLast(12))) }
        #expect(throws: PNGError.empty) { try decoder.chunks(of: []) }
        #expect(throws: PNGError.notPNG) { try decoder.chunks(of: Array("hello, world".utf8)) }
    }

    @Test func refusesAnInvalidChunkName() throws {
        var bytes = try encoded(chunks: [PNGChunk(name: "npTc", data: [])])
        let npTc = try #require(bytes.firstRange(of: Array("npTc".utf8)))
        bytes[npTc.lowerBound] = 0x31
        #expect(throws: PNGError.self) { try decoder.chunks(of: bytes) }
    }

    @Test func honoursTheChunkSizeLimit() throws {
        let bytes = try encoded(chunks: [PNGChunk(name: "teXt", data: [UInt8](repeating: 65, count: 100))])
        let strict = PNGDecoder(limits: PNGLimits(maxChunkBytes: 99))
        #expect(throws: PNGError.chunkTooLarge(chunk: "teXt", length: 100, limit: 99)) {
            try strict.chunks(of: bytes)
        }
    }
}
