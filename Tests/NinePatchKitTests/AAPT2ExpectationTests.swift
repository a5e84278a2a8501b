import Diagnostics
import Foundation
import NinePatchKit
import PNGKit
import TestSupport
import Testing

/// What aapt2 stored for an accepted file, as shared/oracle/run_cases.py decodes its npTc/npLb/npOl chunks.
struct AAPT2Chunks: Decodable, Equatable, Sendable {
    var xDivs: [Int]
    var yDivs: [Int]
    /// left, top, right, bottom
    var padding: [Int]
    var layoutBounds: [Int]?
    var colors: [String]
    var outline: [Int]
    var radius: Double
    var alpha: Int

    /// The same fields computed from our model (a full-detail parse).
    init(_ model: NinePatch) throws {
        xDivs = model.stretchX.flatMap { [$0.start, $0.end] }
        yDivs = model.stretchY.flatMap { [$0.start, $0.end] }
        padding = [model.padding.left, model.padding.top, model.padding.right, model.padding.bottom]
        layoutBounds = model.layoutBounds.map { [$0.left, $0.top, $0.right, $0.bottom] }
        colors = try #require(model.regionColors).map { String(format: "0x%08X", $0.storedValue) }
        let modelOutline = try #require(model.outline)
        let insets = modelOutline.insets
        outline = [insets.left, insets.top, insets.right, insets.bottom]
        radius = (Double(modelOutline.radius) * 10_000).rounded() / 10_000
        alpha = Int(modelOutline.alpha)
    }
}

/// One crafted case of shared/oracle/make_cases.py with aapt2's result (TestImages/crafted/aapt2-results.json).
struct CraftedCase: Decodable, Sendable, CustomTestStringConvertible {
    struct Result: Decodable, Sendable {
        var rc: Int
        var message: String
        var out: AAPT2Chunks?
    }

    var name: String
    var aapt2: Result

    var testDescription: String { name }

    static let all: [CraftedCase] = {
        let url = Fixtures.testImage("crafted/aapt2-results.json")
        guard let data = try? Data(contentsOf: url) else { return [] }
        return (try? JSONDecoder().decode([CraftedCase].self, from: data)) ?? []
    }()

    /// The rule that matches the error aapt2 printed.
    var aapt2Rule: String? {
        let table: [(String, String)] = [
            ("image must be at least 3x3", "NP001"),
            ("top-left corner pixel", "NP002"),
            ("found an invalid color", "NP003"),
            ("found unexpected optical bounds (red pixel) on top", "NP004"),
            ("error: .", "NP005"),
            ("too many padding sections", "NP006"),
            ("too many layout bounds sections", "NP007"),
            ("must start at edge", "NP008"),
            ("too many regions", "NP009"),
        ]
        return table.first { aapt2.message.contains($0.0) }?.1
    }
}

@Suite struct CraftedCaseTests {
    @Test func allCasesAreThere() {
        #expect(CraftedCase.all.count == 79)
        #expect(CraftedCase.all.count { $0.aapt2.rc == 0 } == 49)
    }

    @Test(arguments: CraftedCase.all)
    func verdictDataAndRuleMatchAAPT2(testCase: CraftedCase) throws {
        let file = Fixtures.testImage("crafted/\(testCase.name).9.png").path
        let check = NinePatchChecker().check(fileAt: file)
        #expect(check.report.isValid == (testCase.aapt2.rc == 0), "\(check.diagnostics.map(\.message))")
        if testCase.aapt2.rc == 0 {
            let model = try #require(check.ninePatch)
            let expected = try #require(testCase.aapt2.out)
            if check.diagnostics.contains(where: { $0.ruleID == "NP104" }) {
                // aapt2's one-byte counts wrapped (the case NP104 warns about); our model keeps every span.
                #expect(model.stretchX.count * 2 % 256 == expected.xDivs.count)
            } else {
                #expect(try AAPT2Chunks(model) == expected)
            }
        } else {
            let rule = try #require(testCase.aapt2Rule, "unmapped aapt2 message: \(testCase.aapt2.message)")
            #expect(
                check.diagnostics.contains { $0.ruleID == rule && $0.severity == .error },
                "aapt2 said \(testCase.aapt2.message); we said \(check.diagnostics.map(\.ruleID))")
        }
    }
}

/// The committed corpus subset against aapt2's chunks, through the `inspect --format json` document.
@Suite struct CorpusSubsetTests {
    struct Model: Decodable, Equatable, Sendable {
        struct Outline: Decodable, Equatable, Sendable {
            var left, top, right, bottom, alpha: Int
            var radius: Double
        }

        var stretchX: [[Int]]
        var stretchY: [[Int]]
        var padding: [String: Int]
        var layoutBounds: [String: Int]?
        var regionColors: [String]
        var outline: Outline
    }

    static let expected: [String: Model] = {
        let url = Fixtures.testImage("corpus/aapt2-expected.json")
        guard let data = try? Data(contentsOf: url) else { return [:] }
        return (try? JSONDecoder().decode([String: Model].self, from: data)) ?? [:]
    }()

    @Test func subsetIsThere() {
        #expect(Self.expected.count == 9)
    }

    @Test(arguments: expected.keys.sorted())
    func inspectionMatchesAAPT2Chunks(name: String) throws {
        let check = NinePatchChecker().check(fileAt: Fixtures.testImage("corpus/\(name)").path)
        #expect(check.diagnostics.isEmpty)
        let inspection = JSONReporter.encode(NinePatchInspection(check))
        let ours = try JSONDecoder().decode(Model.self, from: Data(inspection.utf8))
        #expect(ours == Self.expected[name])
    }
}
