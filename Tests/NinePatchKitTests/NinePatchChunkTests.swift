import NinePatchKit
import PNGKit
import TestSupport
import Testing

/// The npTc/npLb/npOl codec: aapt2's exact bytes, round trips, and typed errors for broken chunks.
@Suite struct NinePatchChunkTests {
    /// Parses `0x…` hex with optional spaces.
    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.filter { !$0.isWhitespace })
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
    }

    static let sample = NinePatchChunks(
        stretchX: [Span(1, 3)], stretchY: [Span(0, 1)],
        padding: Insets(left: 1, top: 0, right: 1, bottom: 2),
        regionColors: [.transparent, .solid(0xFF11_2233), .mixed],
        layoutBounds: Insets(left: 2, top: 1, right: 1, bottom: 2),
        outline: Outline(insets: Insets(left: 2, top: 2, right: 2, bottom: 2), radius: 0.5, alpha: 255))

    /// Worked out by hand from the layout in NinePatchChunks' documentation.
    static let sampleNpTc = hex(
        """
        00 02 02 03  20000000 28000000  00000001 00000001 00000000 00000002  30000000
        00000001 00000003  00000000 00000001  00000000 FF112233 00000001
        """)

    @Test func encodesNpTcByHand() throws {
        #expect(try Self.sample.encodedPatch() == Self.sampleNpTc)
    }

    @Test func encodesNpLbAndNpOlLittleEndian() throws {
        #expect(
            try NinePatchChunks.encode(layoutBounds: Insets(left: 2, top: 1, right: 1, bottom: 2))
                == Self.hex("02000000 01000000 01000000 02000000"))
        #expect(
            try NinePatchChunks.encode(Self.sample.outline!)
                == Self.hex("02000000 02000000 02000000 02000000 0000003F FF000000"))
    }

    @Test func encodesInAAPT2sOrder() throws {
        #expect(try Self.sample.encoded().map(\.name) == ["npOl", "npLb", "npTc"])
        var noBounds = Self.sample
        noBounds.layoutBounds = .zero
        #expect(try noBounds.encoded().map(\.name) == ["npOl", "npTc"])
        noBounds.outline = nil
        #expect(try noBounds.encoded().map(\.name) == ["npTc"])
    }

    @Test func decodesWhatItEncodes() throws {
        #expect(try NinePatchChunks(decoding: Self.sample.encoded()) == Self.sample)
        let bigger = NinePatchChunks(
            stretchX: (0..<127).map { Span($0 * 2 + 1, $0 * 2 + 2) }, stretchY: [],
            padding: Insets(left: 0, top: 0, right: 0, bottom: 0),
            regionColors: [RegionColor](repeating: .mixed, count: 255),
            layoutBounds: nil, outline: Outline(insets: .zero, radius: 6.8284, alpha: 0))
        #expect(try NinePatchChunks(decoding: bigger.encoded()) == bigger)
    }

    /// The bytes aapt2 2.19 wrote for TestImages/crafted/lb_all.9.png.
    @Test func matchesAAPT2sBytesForLbAll() throws {
        let check = NinePatchChecker().check(fileAt: Fixtures.testImage("crafted/lb_all.9.png").path)
        let chunks = try NinePatchChunks(try #require(check.ninePatch)).encoded()
        #expect(chunks.map(\.name) == ["npOl", "npLb", "npTc"])
        #expect(chunks[0].data == Self.hex("00000000 00000000 00000000 00000000 00000000 ff000000"))
        #expect(chunks[1].data == Self.hex("02000000 01000000 01000000 02000000"))
        #expect(
            chunks[2].data
                == Self.hex(
                    "00020209 20000000 28000000 00000003 00000003 00000003 00000003 30000000"
                        + "00000003 00000004 00000003 00000004" + String(repeating: "ff0000ff", count: 9)))
    }

    @Test func refusesCountsThatOverflowTheirByte() {
        var chunks = Self.sample
        chunks.stretchX = (0..<128).map { Span($0 * 2 + 1, $0 * 2 + 2) }
        #expect(throws: NinePatchChunkError.countOverflow(field: "x divs", count: 256)) { try chunks.encodedPatch() }
        chunks = Self.sample
        chunks.regionColors = [RegionColor](repeating: .mixed, count: 256)
        #expect(throws: NinePatchChunkError.countOverflow(field: "colours", count: 256)) { try chunks.encodedPatch() }
    }

    // MARK: - Decoding errors

    static func patched(_ edit: (inout [UInt8]) -> Void) -> [UInt8] {
        var bytes = sampleNpTc
        edit(&bytes)
        return bytes
    }

    @Test func refusesTruncatedAndOverlongChunks() {
        #expect(throws: NinePatchChunkError.truncated(chunk: "npTc", length: 10, needed: 32)) {
            try NinePatchChunks.decodePatch(Array(Self.sampleNpTc.prefix(10)))
        }
        #expect(throws: NinePatchChunkError.truncated(chunk: "npTc", length: 59, needed: 60)) {
            try NinePatchChunks.decodePatch(Array(Self.sampleNpTc.dropLast()))
        }
        #expect(throws: NinePatchChunkError.unexpectedLength(chunk: "npTc", length: 61, expected: 60)) {
            try NinePatchChunks.decodePatch(Self.sampleNpTc + [0])
        }
        #expect(throws: NinePatchChunkError.truncated(chunk: "npLb", length: 15, needed: 16)) {
            try NinePatchChunks.decodeLayoutBounds([UInt8](repeating: 0, count: 15))
        }
        #expect(throws: NinePatchChunkError.unexpectedLength(chunk: "npOl", length: 28, expected: 24)) {
            try NinePatchChunks.decodeOutline([UInt8](repeating: 0, count: 28))
        }
    }

    @Test func refusesAnOddDivCount() {
        // numXDivs 1 and the length to match, so only the pairing is wrong.
        let bytes = Self.patched {
            $0[1] = 1
            $0.removeSubrange(32..<36)
        }
        #expect(throws: NinePatchChunkError.oddDivCount(axis: .x, count: 1)) { try NinePatchChunks.decodePatch(bytes) }
    }

    @Test func checksTheStoredOffsets() throws {
        let wrong = Self.patched { $0[8] = 0x29 }
        #expect(throws: NinePatchChunkError.offsetMismatch(field: "yDivsOffset", stored: 0x29, expected: 0x28)) {
            try NinePatchChunks.decodePatch(wrong)
        }
        // A big-endian writer's offsets are read as well.
        let bigEndian = Self.patched { $0.replaceSubrange(4..<12, with: [0, 0, 0, 0x20, 0, 0, 0, 0x28]) }
        #expect(try NinePatchChunks.decodePatch(bigEndian).stretchX == [Span(1, 3)])
    }

    @Test(arguments: [[3, 1], [2, 2], [-1, 1]])
    func refusesDivsThatAreNotOrderedNonEmptyPairs(divs: [Int32]) {
        let bytes = Self.patched { bytes in
            for (index, value) in divs.enumerated() {
                withUnsafeBytes(of: value.bigEndian) {
                    bytes.replaceSubrange((32 + 4 * index)..<(36 + 4 * index), with: $0)
                }
            }
        }
        #expect(throws: NinePatchChunkError.invalidDivs(axis: .x, divs.map(Int.init))) {
            try NinePatchChunks.decodePatch(bytes)
        }
    }

    @Test func needsOneNpTcAndNoDuplicates() throws {
        let chunks = try Self.sample.encoded()
        #expect(throws: NinePatchChunkError.missingPatchChunk) {
            try NinePatchChunks(decoding: chunks.filter { $0.name != "npTc" })
        }
        #expect(throws: NinePatchChunkError.duplicateChunk("npLb")) {
            try NinePatchChunks(decoding: chunks + [chunks[1]])
        }
    }

    @Test func refusesAnOutlineAlphaOver255() {
        let bytes = Self.hex("00000000 00000000 00000000 00000000 00000000 00010000")
        #expect(throws: NinePatchChunkError.outlineAlphaOutOfRange(256)) { try NinePatchChunks.decodeOutline(bytes) }
    }

    // MARK: - Consistency with the image

    @Test func validatesAgainstTheImageSize() throws {
        // 4x4 content: x segments [0,1) [1,3) [3,4), y segments [0,1) [1,4), so 6 regions; 3 wide has 4.
        var chunks = Self.sample
        chunks.regionColors = [RegionColor](repeating: .mixed, count: 6)
        try chunks.validate(width: 4, height: 4)
        #expect(throws: NinePatchChunkError.colorCountMismatch(stored: 6, regions: 4)) {
            try chunks.validate(width: 3, height: 4)
        }
        #expect(throws: NinePatchChunkError.spanOutOfRange(axis: .x, Span(1, 3), length: 2)) {
            try chunks.validate(width: 2, height: 4)
        }
        var padded = chunks
        padded.padding = Insets(left: 2, top: 0, right: 2, bottom: 0)
        #expect(throws: NinePatchChunkError.paddingOutOfRange(axis: .x, start: 2, end: 2, length: 4)) {
            try padded.validate(width: 4, height: 4)
        }
        var bounded = chunks
        bounded.layoutBounds = Insets(left: 0, top: 5, right: 0, bottom: 0)
        #expect(throws: NinePatchChunkError.layoutBoundsOutOfRange(axis: .y, start: 5, end: 0, length: 4)) {
            try bounded.validate(width: 4, height: 4)
        }
    }

    @Test func errorsReadAsOneLine() {
        let errors: [NinePatchChunkError] = [
            .countOverflow(field: "x divs", count: 260), .missingPatchChunk, .oddDivCount(axis: .y, count: 3),
            .truncated(chunk: "npTc", length: 3, needed: 32), .colorCountMismatch(stored: 4, regions: 9),
        ]
        for error in errors {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
        }
        #expect(NinePatchChunkError.countOverflow(field: "x divs", count: 260).description.contains("silently write 4"))
    }
}
