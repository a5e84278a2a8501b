import Foundation
import NinePatchKit
import TestSupport
import Testing

/// All 577 real NinePatches of shared/corpus against what aapt2 printed for them
/// (aapt2-verdicts.tsv and aapt2-ninepatch-notes.tsv, recorded with `aapt2 compile -v`).
@Suite(.enabled(if: Fixtures.sharedCorpus != nil, "shared/corpus not found beside the checkout (set PLAYPREP_CORPUS)"))
struct SharedCorpusTests {
    struct Note: Sendable {
        var path: String
        var summary: String
    }

    static let folder = Fixtures.sharedCorpus?.appendingPathComponent("ninepatch")

    static func table(_ name: String) -> [[String]] {
        guard let folder, let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").dropFirst().map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// aapt2's own text form of a parsed NinePatch (`operator<<` in NinePatch.cpp), rebuilt from our model.
    static func aapt2Text(_ model: NinePatch) throws -> String {
        let spans = { (spans: [Span]) in spans.map { "[\($0.start), \($0.end))" }.joined(separator: " ") }
        let bounds = model.layoutBounds ?? .zero
        let outline = try #require(model.outline)
        let radius = outline.radius == 0 ? "0" : String(format: "%g", Double(outline.radius))
        return "horizontalStretch:\(spans(model.stretchX)) verticalStretch:\(spans(model.stretchY)) "
            + "padding: l=\(model.padding.left) t=\(model.padding.top) r=\(model.padding.right) b=\(model.padding.bottom), "
            + "bounds: l=\(bounds.left) t=\(bounds.top) r=\(bounds.right) b=\(bounds.bottom), "
            + "outline: l=\(outline.insets.left) t=\(outline.insets.top) r=\(outline.insets.right) b=\(outline.insets.bottom) "
            + "rad=\(radius) alpha=\(outline.alpha)"
    }

    @Test func everyVerdictMatches() throws {
        let folder = try #require(Self.folder)
        let rows = Self.table("aapt2-verdicts.tsv")
        #expect(rows.count == 577)
        let checker = NinePatchChecker()
        var disagreements = [String]()
        for row in rows {
            let check = checker.check(fileAt: folder.appendingPathComponent(row[0]).path)
            if check.report.isValid != (row[1] == "0") {
                disagreements.append("\(row[0]): aapt2 exit \(row[1]), ours \(check.diagnostics.map(\.ruleID))")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
    }

    @Test func everyParsedModelMatchesAAPT2sPrintout() throws {
        let folder = try #require(Self.folder)
        let notes = Self.table("aapt2-ninepatch-notes.tsv")
        #expect(notes.count == 577)
        let checker = NinePatchChecker()
        var differences = [String]()
        for note in notes {
            let check = checker.check(fileAt: folder.appendingPathComponent(note[0]).path)
            guard let model = check.ninePatch else {
                differences.append("\(note[0]): rejected")
                continue
            }
            let ours = try Self.aapt2Text(model)
            if ours != note[1] { differences.append("\(note[0]):\n  aapt2 \(note[1])\n  ours  \(ours)") }
        }
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }
}
