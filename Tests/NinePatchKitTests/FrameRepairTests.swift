import Diagnostics
import Foundation
import NinePatchKit
import PNGKit
import TestSupport
import Testing

/// Damages a frame as image editors and design tools do, for `FrameRepair` to undo.
enum DesignToolDamage {
    /// Colour-managed or anti-aliased black: near-black opaque, black at alpha 200, a tinted near-black.
    static let nearBlacks: [UInt32] = [0xFF0D_0D0D, 0xC800_0000, 0xFF1A_141E]
    /// sRGB red as a Display P3 export writes it.
    static let nearRed: UInt32 = 0xFFEA_3323
    /// The anti-aliased pixel beside a tick end: faint black on a transparent frame, light grey on a white one.
    static let fadedOnTransparent: UInt32 = 0x5000_0000
    static let fadedOnWhite: UInt32 = 0xFFD8_D8D8

    /// Every examined frame pixel position, line by line (corners excluded).
    static func framePositions(width: Int, height: Int) -> [[(x: Int, y: Int)]] {
        [
            (1..<(width - 1)).map { ($0, 0) }, (1..<(height - 1)).map { (0, $0) },
            (1..<(width - 1)).map { ($0, height - 1) }, (1..<(height - 1)).map { (width - 1, $0) },
        ]
    }

    /// Tick pixels recoloured (black to near-black, red to near-red) and the background pixel beside each tick
    /// end faded.
    static func damage(_ image: RGBAImage) -> RGBAImage {
        var damaged = image
        let whiteFrame = image.argb(x: 0, y: 0) == 0xFFFF_FFFF
        for line in framePositions(width: image.width, height: image.height) {
            let colors = line.map { image.argb(x: $0.x, y: $0.y) }
            let isTick = colors.map { $0 == 0xFF00_0000 || $0 == 0xFFFF_0000 }
            for (index, position) in line.enumerated() {
                let damagedColor: UInt32? =
                    switch colors[index] {
                    case 0xFF00_0000: nearBlacks[index % nearBlacks.count]
                    case 0xFFFF_0000: nearRed
                    default:
                        (index > 0 && isTick[index - 1]) || (index + 1 < line.count && isTick[index + 1])
                            ? (whiteFrame ? fadedOnWhite : fadedOnTransparent) : nil
                    }
                if let damagedColor { damaged[position.x, position.y] = RGBA(argb: damagedColor) }
            }
        }
        return damaged
    }
}

@Suite struct FrameRepairTests {
    static func image(_ name: String) throws -> RGBAImage {
        try #require(NinePatchChecker().check(fileAt: Fixtures.testImage(name).path, keepImage: true).image)
    }

    static func model(_ image: RGBAImage) -> NinePatch? {
        NinePatchParser(detail: .geometry).parse(image, file: "x").ninePatch
    }

    @Test func undoesDesignToolDamageOnACraftedFileWithLayoutBounds() throws {
        let original = try Self.image("crafted/lb_with_padding.9.png")
        let damaged = DesignToolDamage.damage(original)
        #expect(Self.model(damaged) == nil)
        let repaired = FrameRepair().repair(damaged, file: "x")
        #expect(repaired.isAccepted)
        #expect(repaired.image == original)
        #expect(Set(repaired.changes.map(\.reason)) == [.nearBlackTick, .nearRedBound, .faintTickEnd])
        #expect(repaired.changes.allSatisfy { damaged.argb(x: $0.x, y: $0.y) == $0.from })
    }

    @Test func leavesWhatHasTwoMeaningsToAPerson() throws {
        for (name, rule) in [
            ("red_top", "NP004"), ("padding_gap_bottom", "NP006"), ("blue_top_and_grey_left", "NP003"),
            ("white_in_transparent", "NP003"), ("lb_bottom_middle", "NP008"),
        ] {
            let image = try Self.image("crafted/\(name).9.png")
            let repaired = FrameRepair().repair(image, file: name)
            #expect(!repaired.isAccepted, "\(name)")
            #expect(repaired.unresolved.map(\.ruleID).contains(rule), "\(name): \(repaired.unresolved.map(\.ruleID))")
        }
    }

    @Test func repairsFaintCornersAndNearBlackTicksOfCraftedFiles() throws {
        for name in [
            "alpha254_black_top", "nearblack_tick_top", "semi_black_top", "corner_tl_semi_white", "corner_tl_black",
        ] {
            let image = try Self.image("crafted/\(name).9.png")
            #expect(Self.model(image) == nil, "\(name) should be rejected before the repair")
            let repaired = FrameRepair().repair(image, file: name)
            #expect(repaired.isAccepted, "\(name): \(repaired.unresolved.map(\.message))")
            #expect(!repaired.changes.isEmpty)
            #expect(repaired.image.withoutFrame == image.withoutFrame)
        }
    }

    @Test func changesNothingOnAValidFile() throws {
        let image = try Self.image("crafted/lb_all.9.png")
        let repaired = FrameRepair().repair(image, file: "lb_all")
        #expect(repaired.changes.isEmpty && repaired.isAccepted && repaired.image == image)
    }

    @Test func checkHintsNameFixOnlyWhereItRepairs() {
        let hints = { (name: String) in
            NinePatchChecker().check(fileAt: Fixtures.testImage("crafted/\(name).9.png").path).diagnostics
                .compactMap(\.hint)
        }
        #expect(hints("semi_black_top").contains { $0.hasSuffix("; `playprep ninepatch fix` repairs this") })
        #expect(hints("corner_tl_black").contains { $0.hasSuffix("(`playprep ninepatch fix` does)") })
        #expect(!hints("grey_tick_top").contains { $0.contains("ninepatch fix") })
    }

    @Test func printsEachChangeWithItsRule() {
        let change = PixelChange(x: 3, y: 0, from: 0xFF0D_0D0D, to: 0xFF00_0000, reason: .nearBlackTick)
        #expect(change.description == "x=3 y=0: 0xFF0D0D0D -> 0xFF000000 (near-black-tick)")
    }
}

/// Every real NinePatch of the shared corpus, damaged as design tools damage frames, then repaired.
@Suite(.enabled(if: Fixtures.sharedCorpus != nil, "shared/corpus not found beside the checkout (set PLAYPREP_CORPUS)"))
struct FrameRepairCorpusTests {
    struct Case {
        var path: String
        var original: RGBAImage
        var repaired: RepairedFrame
    }

    /// The corpus files whose damaged frame aapt2 rejects, with their repairs.
    static func cases() throws -> [Case] {
        let folder = try #require(Fixtures.sharedCorpus).appendingPathComponent("ninepatch")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".9.png") }.sorted()
        #expect(files.count == 577)
        return try files.compactMap { file in
            let path = folder.appendingPathComponent(file).path
            let original = try #require(NinePatchChecker().check(fileAt: path, keepImage: true).image)
            let damaged = DesignToolDamage.damage(original)
            guard damaged != original else { return nil }
            #expect(FrameRepairTests.model(damaged) == nil, "\(file): the damage should make aapt2 reject it")
            return Case(path: file, original: original, repaired: FrameRepair().repair(damaged, file: file))
        }
    }

    @Test func everyRepairRestoresTheOriginalModelAndKeepsTheContent() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 570)
        for item in cases {
            #expect(item.repaired.isAccepted, "\(item.path): \(item.repaired.unresolved.map(\.message))")
            #expect(item.repaired.image.withoutFrame == item.original.withoutFrame, "\(item.path): content changed")
            let model = try #require(FrameRepairTests.model(item.repaired.image))
            let originalModel = try #require(FrameRepairTests.model(item.original))
            #expect(model.stretchX == originalModel.stretchX && model.stretchY == originalModel.stretchY)
            #expect(model.padding == originalModel.padding && model.layoutBounds == originalModel.layoutBounds)
        }
    }

    @Test(
        .enabled(
            if: Fixtures.executable(named: "aapt2") != nil,
            "aapt2 is not installed (Debian: apt-get install -y aapt); skipping the live check of repaired files"))
    func aapt2AcceptsEveryRepairedFile() throws {
        let (status, message) = try AAPT2Folder.compile(try Self.cases().map(\.repaired.image), prefix: "repaired")
        #expect(status == 0, "\(message)")
    }
}
