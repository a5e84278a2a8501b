import Foundation
import NinePatchKit
import PNGKit
import TestSupport
import Testing

/// The row-streaming parse, its second-pass fallback and the in-memory parse give identical results.
@Suite struct StreamingTests {
    static let files: [URL] = ["crafted", "corpus", "problems"].flatMap { folder in
        let url = Fixtures.testImage(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".9.png") }.sorted().map { url.appendingPathComponent($0) }
    }

    @Test func thereAreFiles() {
        #expect(Self.files.count == 79 + 9 + 9)
    }

    @Test(arguments: files)
    func streamingEqualsInMemoryAndSecondPass(file: URL) throws {
        let bytes = try Fixtures.bytes(file)
        let decoder = PNGDecoder()
        let image = try decoder.decode(bytes)
        let inMemory = NinePatchParser().parse(image, file: "f")
        let streamed = try NinePatchParser().parse(png: bytes, decoder: decoder, file: "f")
        // A zero budget makes the alpha store give up at once, forcing the second pass for the outline.
        let twoPass = try NinePatchParser(outlineMemoryBudget: 0).parse(png: bytes, decoder: decoder, file: "f")
        #expect(streamed.analysis.ninePatch == inMemory.ninePatch)
        #expect(twoPass.analysis.ninePatch == inMemory.ninePatch)
        #expect(streamed.analysis.diagnostics == inMemory.diagnostics)
        // The bad-patch lint sees the same rows streamed as the whole image gives the accepted model.
        let linted = try NinePatchParser(badPatchTolerance: 0).parse(png: bytes, decoder: decoder, file: "f")
        if let ninePatch = inMemory.ninePatch {
            #expect(
                linted.analysis.diagnostics.filter { $0.ruleID == "NP107" }.count
                    == ninePatch.badPatches(in: image, tolerance: 0).count)
        }
        #expect(streamed.image == nil)
        #expect(try NinePatchParser().parse(png: bytes, decoder: decoder, file: "f", keepImage: true).image == image)
    }

    /// The checking detail gives the same verdict, findings and geometry, only without colours and outline.
    @Test(arguments: files)
    func geometryDetailDropsOnlyColoursAndOutline(file: URL) throws {
        let bytes = try Fixtures.bytes(file)
        let decoder = PNGDecoder()
        let full = try NinePatchParser(badPatchTolerance: 2).parse(png: bytes, decoder: decoder, file: "f").analysis
        let geometry = try NinePatchParser(detail: .geometry, badPatchTolerance: 2)
            .parse(png: bytes, decoder: decoder, file: "f").analysis
        #expect(geometry.diagnostics == full.diagnostics)
        #expect((geometry.ninePatch == nil) == (full.ninePatch == nil))
        guard var expected = full.ninePatch, let model = geometry.ninePatch else { return }  // rejected by both
        #expect(expected.regionColors != nil && expected.outline != nil)
        #expect(model.regionColors == nil && model.outline == nil)
        expected.regionColors = nil
        expected.outline = nil
        #expect(model == expected)
        #expect(throws: NinePatchChunkError.incompleteModel) { try NinePatchChunks(model) }
    }
}
