import NinePatchKit
import TestSupport
import Testing

/// NP108: the content box (padding) reaching past the layout (optical) bounds.
@Suite struct ContentBoxLintTests {
    func findings(_ name: String) throws -> [String] {
        let check = NinePatchChecker().check(fileAt: Fixtures.testImage("problems/" + name).path)
        #expect(check.ninePatch != nil, "aapt2 accepts \(name)")
        return check.diagnostics.map { "\($0.ruleID) \($0.location?.x ?? -1),\($0.location?.y ?? -1)" }
    }

    @Test func aMissingPaddingLineBesideLayoutBoundsIsReported() throws {
        #expect(try findings("content_outside_layout_bounds.9.png") == ["NP108 1,9"])
    }

    @Test func anExplicitPaddingRunBetweenTheRedRunsPasses() throws {
        #expect(try findings("content_inside_layout_bounds.9.png").isEmpty)
    }

    @Test func everySideIsCompared() {
        let model = NinePatch(
            width: 20, height: 10, stretchX: [], stretchY: [], padding: Insets(left: 1, top: 5, right: 2, bottom: 0),
            layoutBounds: Insets(left: 2, top: 1, right: 3, bottom: 1), regionColors: [],
            outline: Outline(insets: .zero, radius: 0, alpha: 0))
        let messages = NinePatchRules.contentOutsideLayoutBounds.findings(on: AcceptedNinePatch(model)).map(\.message)
        #expect(messages.count == 3)
        #expect(messages.allSatisfy { $0.contains("past the") })
        #expect(!messages.contains { $0.contains("past the top") })
    }
}
