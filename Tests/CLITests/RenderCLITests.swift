import Foundation
import TestSupport
import Testing

/// End-to-end: `ninepatch render` and `ninepatch preview` write what they are asked, atomically, and nothing
/// else.
@Suite struct RenderCLITests {
    let sample = "TestImages/SampleApp/app/src/main/res/drawable-mdpi/tab_unselected.9.png"

    func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "playprep-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Width and height from a PNG's IHDR.
    func pngSize(_ url: URL) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        let number = { (offset: Int) in bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    /// Whether the file is a whole PNG: signature at the start, IEND at the end.
    func isCompletePNG(_ url: URL) throws -> Bool {
        let bytes = [UInt8](try Data(contentsOf: url))
        return bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && bytes.suffix(8).starts(with: Array("IEND".utf8))
    }

    @Test func renderWritesTheRequestedSize() throws {
        let folder = try scratchFolder()
        let output = folder.appendingPathComponent("out.png")
        for arguments in [[], ["--filter", "nearest"], ["--overlay"], ["--scale", "1.5"]] {
            let run = try PlayprepBinary.run(
                ["ninepatch", "render", sample, "--size", "120x48", "-o", output.path] + arguments)
            #expect(run.status == 0, "\(arguments): \(run.standardError)")
            #expect(try pngSize(output) == (120, 48))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.png"])
    }

    @Test func emptySizesAreUsageErrorsAndWriteNothing() throws {
        let folder = try scratchFolder()
        let output = folder.appendingPathComponent("out.png")
        for size in ["0x10", "10x0", "-3x4", "ten"] {
            let run = try PlayprepBinary.run(["ninepatch", "render", sample, "--size", size, "-o", output.path])
            #expect(run.status == 2, "\(size)")
            #expect(run.standardError.hasPrefix("playprep: error: "), "\(size): \(run.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func theInputIsNeverOverwrittenWithoutForce() throws {
        let folder = try scratchFolder()
        let input = folder.appendingPathComponent("copy.9.png")
        try FileManager.default.copyItem(
            at: Fixtures.testImage(String(sample.dropFirst("TestImages/".count))), to: input)
        let before = try Data(contentsOf: input)
        for command in [["render", "--size", "20x20"], ["preview"]] {
            let run = try PlayprepBinary.run(["ninepatch"] + command + [input.path, "-o", input.path])
            #expect(run.status == 2)
            #expect(run.standardError.contains("is a NinePatch this run reads; choose another path (or pass --force)"))
            #expect(try Data(contentsOf: input) == before)
        }
        let forced = try PlayprepBinary.run([
            "ninepatch", "render", input.path, "--size", "20x20", "-o", input.path, "--force",
        ])
        #expect(forced.status == 0)
        #expect(try pngSize(input) == (20, 20))
    }

    @Test func aRejectedNinePatchIsExplainedAndNothingIsWritten() throws {
        let folder = try scratchFolder()
        let output = folder.appendingPathComponent("out.png")
        let run = try PlayprepBinary.run(
            ["ninepatch", "render", "TestImages/problems/three_problems.9.png", "--size", "30x30", "-o", output.path])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("error[NP003]"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func previewDrawsARejectedNinePatchWithItsOffendingPixelsRinged() throws {
        let folder = try scratchFolder()
        let output = folder.appendingPathComponent("rejected.png")
        let run = try PlayprepBinary.run(
            ["ninepatch", "preview", "TestImages/crafted/alpha254_black_top.9.png", "-o", output.path])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("error[NP003] (3,0)"))
        let (width, height) = try pngSize(output)
        #expect(width > 100 && height > 100)

        let notPNG = folder.appendingPathComponent("not.9.png")
        try Data("not a png".utf8).write(to: notPNG)
        let refused = try PlayprepBinary.run(
            ["ninepatch", "preview", notPNG.path, "-o", folder.appendingPathComponent("none.png").path])
        #expect(refused.status == 1 && refused.standardOutput.contains("error[PNG001]"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none.png").path))
    }

    @Test func previewDrawsASheetLargerThanItsRenderings() throws {
        let folder = try scratchFolder()
        let output = folder.appendingPathComponent("sheet.png")
        let run = try PlayprepBinary.run(
            [
                "ninepatch", "preview", "TestImages/problems/bad_patch.9.png", "-o", output.path, "--sizes",
                "40x20,20x60", "90x30",
            ])
        #expect(run.status == 0, "\(run.standardError)")
        let (width, height) = try pngSize(output)
        #expect(width > 200 && height > 200)
    }

    @Test func aRenderKilledMidwayLeavesNoFile() throws {
        let folder = try scratchFolder()
        let output = folder.appendingPathComponent("big.png")
        for delay in [0.05, 0.15, 0.3, 0.6] {
            let process = try PlayprepBinary.start([
                "ninepatch", "render", sample, "--size", "6000x6000", "-o", output.path,
            ])
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            // Either nothing, or (when the render finished before the kill) the complete file; never a fragment
            // or a temporary file.
            let complete = left == ["big.png"] ? try isCompletePNG(output) : false
            #expect(left.isEmpty || complete, "after \(delay)s: \(left)")
            try? FileManager.default.removeItem(at: output)
        }
    }
}
