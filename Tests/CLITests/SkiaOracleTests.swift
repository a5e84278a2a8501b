import Foundation
import TestSupport
import Testing

/// Runs scripts/compare-skia.py: `ninepatch render` against real Skia (shared/oracle/skia_render.py) on the
/// committed corpus subset and problem files at four sizes, with both filters.
@Suite(
    .enabled(
        if: Fixtures.sharedOracle != nil,
        "shared/oracle not found beside the checkout (set PLAYPREP_ORACLE); skipping the Skia comparison"))
struct SkiaOracleTests {
    static let python = TestPython.interpreter(importing: ["skia", "numpy", "PIL"])

    @Test(
        .enabled(
            if: SkiaOracleTests.python != nil,
            """
            no Python with skia-python, numpy and pillow (pip install -r scripts/oracle-requirements.txt, \
            or set PLAYPREP_PYTHON)
            """))
    func renderingsMatchSkia() throws {
        let python = try #require(Self.python)
        let folders = ["corpus", "problems", "unusual"].map { Fixtures.testImage($0).path }
        let result = try TestPython.run(
            python,
            [
                Fixtures.packageRoot.appendingPathComponent("scripts/compare-skia.py").path,
                "--playprep", PlayprepBinary.url.path, "--jobs", "2",
            ] + folders)
        #expect(result.status == 0, "\(result.output)")
        // Every linear rendering within 1 per channel; nearest identical but for sampling ties.
        let linear = result.output.split(separator: "\n").first { $0.hasPrefix("linear: ") } ?? ""
        #expect(linear.contains(" 0 of "), "\(result.output)")
    }
}
