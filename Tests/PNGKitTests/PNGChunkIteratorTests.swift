import Testing

@testable import PNGKit

/// The one walk over a PNG's chunk list that every chunk reader uses.
@Suite struct PNGChunkIteratorTests {
    let bytes: [UInt8]

    init() throws {
        let image = RGBAImage(width: 2, height: 2, fill: RGBA(argb: 0xFF10_2030))
        bytes = try PNGEncoder().encode(image, chunks: [PNGChunk(name: "npTc", data: [1, 2])])
    }

    /// Every chunk of `bytes`, or the overrun that ended the walk.
    func walk(_ bytes: [UInt8]) throws -> (chunks: [PNGChunkSpan], iterator: PNGChunkIterator) {
        var iterator = try #require(PNGChunkIterator(bytes))
        var chunks = [PNGChunkSpan]()
        while let chunk = try iterator.next() { chunks.append(chunk) }
        return (chunks, iterator)
    }

    @Test func yieldsEveryChunkInOrderWithItsBoundsAndStopsAfterIEND() throws {
        let (chunks, iterator) = try walk(bytes + [0xDE, 0xAD, 0xBE, 0xEF, 0, 0, 0, 0, 0])
        #expect(chunks.map(\.type.name) == ["IHDR", "npTc", "IDAT", "IEND"])
        #expect(chunks[0].offset == 8 && chunks[0].data == 16..<29)
        #expect(chunks[1].offset == 33 && Array(bytes[chunks[1].data]) == [1, 2])
        #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.end == $1.offset })
        #expect(chunks.allSatisfy { $0.hasValidCRC(in: bytes) })
        #expect(iterator.hasReadEnd && iterator.position == bytes.count)
        #expect(chunks[1].type.isAncillary && !chunks[0].type.isAncillary)
    }

    @Test func refusesBytesWithoutTheSignature() {
        #expect(PNGChunkIterator(Array("not a PNG file".utf8)) == nil)
        #expect(PNGChunkIterator([]) == nil)
    }

    @Test func aTruncatedChunkHeaderEndsTheWalkBeforeIEND() throws {
        // IHDR (8 + 25 bytes) and 5 bytes of the next chunk's header: too few for a length and a type.
        let (chunks, iterator) = try walk(Array(bytes[0..<(33 + 5)]))
        #expect(chunks.map(\.type.name) == ["IHDR"])
        #expect(!iterator.hasReadEnd && iterator.position == 33)
    }

    @Test func aLengthPastTheEndIsThrownWhereTheChunkStarts() throws {
        // npTc's 2 data bytes are there, its CRC is not.
        var iterator = try #require(PNGChunkIterator(Array(bytes[0..<(33 + 8 + 2 + 3)])))
        _ = try iterator.next()
        #expect(throws: PNGChunkOverrun(offset: 33, type: PNGChunkType("npTc"), length: 2)) {
            try iterator.next()
        }
        #expect(iterator.position == 33 && !iterator.hasReadEnd)

        var huge = bytes
        huge.replaceSubrange(33..<37, with: [0x7F, 0xFF, 0xFF, 0xFF])
        #expect(throws: PNGChunkOverrun(offset: 33, type: PNGChunkType("npTc"), length: 0x7FFF_FFFF)) {
            try walk(huge)
        }
    }

    @Test func aCRCMismatchIsSeenButDoesNotStopTheWalk() throws {
        var damaged = bytes
        damaged[33 + 8] ^= 0xFF
        let (chunks, iterator) = try walk(damaged)
        #expect(chunks.map { $0.hasValidCRC(in: damaged) } == [true, false, true, true])
        #expect(iterator.hasReadEnd)
        #expect(throws: PNGError.badCRC(chunk: "npTc", offset: 33)) { try PNGDecoder().chunks(of: damaged) }
    }

    @Test func theChunkListNamesEachBreakAsBefore() throws {
        let decoder = PNGDecoder()
        #expect(throws: PNGError.missingEnd(fileBytes: 38)) { try decoder.chunks(of: Array(bytes[0..<38])) }
        #expect(throws: PNGError.truncatedChunk(chunk: "npTc", offset: 33, length: 2, fileBytes: 46)) {
            try decoder.chunks(of: Array(bytes[0..<46]))
        }
        var misnamed = bytes
        misnamed[37] = 0x31
        #expect(throws: PNGError.invalidChunkName([0x31, 0x70, 0x54, 0x63], offset: 37)) {
            try decoder.chunks(of: misnamed)
        }
        #expect(
            PNGError.invalidChunkName([0x31, 0x70, 0x54, 0x63], offset: 37).description
                == #"corrupt PNG: invalid chunk name ["31", "70", "54", "63"] at byte 37"#)
        #expect(
            PNGError.missingEnd(fileBytes: 38).description
                == "corrupt PNG: the file ends after 38 bytes, before the IEND chunk")
        #expect(
            PNGError.truncatedChunk(chunk: "npTc", offset: 33, length: 2, fileBytes: 46).description
                == "corrupt PNG: chunk npTc is truncated: 2 bytes declared at byte 33, the file has 46")
    }
}
