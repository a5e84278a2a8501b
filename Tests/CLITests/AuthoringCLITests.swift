import Foundation
import TestSupport
import Testing

/// End-to-end: `ninepatch fix`, its output, its refusals and exit codes.
@Suite struct FixCLITests {
    /// A fresh scratch folder, removed by `cleanUp`.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-fix-cli-\(UUID())")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func copy(_ fixture: String, to name: String) throws -> String {
        try FileManager.default.copyItem(at: Fixtures.testImage(fixture), to: folder.appendingPathComponent(name))
        return path(name)
    }

    func contents(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func leftovers() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    @Test func withoutATargetItPrintsEveryChangeWritesNothingAndFails() throws {
        defer { cleanUp() }
        let input = try copy("crafted/nearblack_tick_top.9.png", to: "in.9.png")
        let before = try contents(input)
        let run = try PlayprepBinary.run(["ninepatch", "fix", input])
        #expect(run.status == 1)
        var lines = run.standardOutput.split(separator: "\n")
        // The last line says that nothing was written, and how to write it.
        let last = lines.removeLast()
        #expect(
            !lines.isEmpty && lines.allSatisfy { $0.hasPrefix("\(input): x=") && $0.hasSuffix("(near-black-tick)") })
        #expect(
            last == "\(input): not written: \(lines.count) pixel(s) need repair; -o OUT or --in-place writes the "
                + "repaired image")
        #expect(run.standardError.isEmpty)
        #expect(try contents(input) == before && leftovers() == ["in.9.png"])
    }

    @Test func writesARepairAaptAcceptsAndRefusesExistingOutputs() throws {
        defer { cleanUp() }
        let input = try copy("crafted/semi_black_top.9.png", to: "in.9.png")
        let run = try PlayprepBinary.run(["ninepatch", "fix", input, "-o", path("out.9.png")])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("written to \(path("out.9.png"))\n"))
        #expect(try PlayprepBinary.run(["ninepatch", "check", path("out.9.png")]).status == 0)
        let again = try PlayprepBinary.run(["ninepatch", "fix", input, "-o", path("out.9.png")])
        #expect(again.status == 2)
        #expect(
            again.standardError
                == "playprep: error: \(path("out.9.png")): cannot be written: it exists (pass --force to replace it)\n")
        #expect(try PlayprepBinary.run(["ninepatch", "fix", input, "-o", path("out.9.png"), "--force"]).status == 0)
        let overInput = try PlayprepBinary.run(["ninepatch", "fix", input, "-o", input])
        #expect(
            overInput.status == 2
                && overInput.standardError.contains("is a NinePatch this run reads; choose another path"))
        #expect(try leftovers() == ["in.9.png", "out.9.png"])
    }

    @Test func inPlaceRepairsEachFileAndLeavesValidOnesUntouched() throws {
        defer { cleanUp() }
        let broken = try copy("crafted/alpha254_black_top.9.png", to: "broken.9.png")
        let valid = try copy("crafted/lb_all.9.png", to: "valid.9.png")
        let validBefore = try contents(valid)
        let run = try PlayprepBinary.run(["ninepatch", "fix", "--in-place", broken, valid])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(try PlayprepBinary.run(["ninepatch", "check", broken, valid]).status == 0)
        #expect(try contents(valid) == validBefore)
        #expect(try PlayprepBinary.run(["ninepatch", "fix", broken, valid]).status == 0)
    }

    @Test func saysWhatAPersonMustChooseAndWritesNothing() throws {
        defer { cleanUp() }
        let input = try copy("crafted/padding_gap_bottom.9.png", to: "gap.9.png")
        let run = try PlayprepBinary.run(["ninepatch", "fix", input, "-o", path("out.9.png")])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("\(input): cannot fix NP006 at x="))
        #expect(
            run.standardOutput.hasSuffix("\(input): not written: aapt2 would still reject it; a person must choose\n"))
        #expect(try leftovers() == ["gap.9.png"])
    }

    @Test func refusesBadUsageInOneLine() throws {
        defer { cleanUp() }
        let input = try copy("crafted/basic.9.png", to: "a.9.png")
        let two = try PlayprepBinary.run(["ninepatch", "fix", input, input, "-o", path("out.9.png")])
        #expect(two.status == 2 && two.standardError.contains("-o takes exactly one input file"))
        let missing = try PlayprepBinary.run(["ninepatch", "fix", path("nope.9.png")])
        #expect(missing.status == 2)
        #expect(missing.standardError == "playprep: error: \(path("nope.9.png")): no such file or folder\n")
    }
}

/// End-to-end: `ninepatch scale` writes every density, `check` finds no NP106 in the set, refusals write nothing.
@Suite(.enabled(if: Fixtures.sharedCorpus != nil, "shared/corpus not found beside the checkout (set PLAYPREP_CORPUS)"))
struct ScaleCLITests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-scale-cli-\(UUID())")

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    /// Three real xxhdpi NinePatches copied into `res/drawable-xxhdpi` of the scratch folder.
    func sources() throws -> [String] {
        let corpus = try #require(Fixtures.sharedCorpus).appendingPathComponent(
            "projects/Telegram-FOSS-Team-Telegram-FOSS/TMessagesProj/src/main/res/drawable-xxhdpi")
        let res = folder.appendingPathComponent("res/drawable-xxhdpi")
        try FileManager.default.createDirectory(at: res, withIntermediateDirectories: true)
        return try ["stickers_back_left.9.png", "nophotos3.9.png", "gradient_bottom_rounded.9.png"].map { name in
            try FileManager.default.copyItem(
                at: corpus.appendingPathComponent(name), to: res.appendingPathComponent(name))
            return res.appendingPathComponent(name).path
        }
    }

    @Test func everyDensityPassesCheckWithoutNP106() throws {
        defer { cleanUp() }
        let res = folder.appendingPathComponent("res").path
        for source in try sources() {
            let run = try PlayprepBinary.run(["ninepatch", "scale", source, "--res-dir", res])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.split(separator: "\n").count == 3)
        }
        let check = try PlayprepBinary.run(["check", folder.path, "--format", "json"])
        let report = try JSONSerialization.jsonObject(with: Data(check.standardOutput.utf8)) as? [String: Any]
        let files = try #require(report?["files"] as? [[String: Any]])
        #expect(files.count == 12)
        let rules = files.flatMap { ($0["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String } }
        #expect(!rules.contains("NP106") && !rules.contains { $0.hasPrefix("NP0") }, "\(rules)")
    }

    @Test func refusesExistingFilesTheSourceAndAFolderWithoutDensity() throws {
        defer { cleanUp() }
        let source = try sources()[0]
        let res = folder.appendingPathComponent("res").path
        #expect(try PlayprepBinary.run(["ninepatch", "scale", source, "--res-dir", res, "--to", "mdpi"]).status == 0)
        let again = try PlayprepBinary.run(["ninepatch", "scale", source, "--res-dir", res, "--to", "hdpi,mdpi"])
        #expect(again.status == 2 && again.standardError.contains("it exists (pass --force to replace it)"))
        #expect(!FileManager.default.fileExists(atPath: res + "/drawable-hdpi"))
        let forced = try PlayprepBinary.run(["ninepatch", "scale", source, "--res-dir", res, "--to", "mdpi", "--force"])
        #expect(forced.status == 0)
        let itself = try PlayprepBinary.run([
            "ninepatch", "scale", source, "--res-dir", res, "--to", "xxhdpi", "--force",
        ])
        #expect(
            itself.status == 2
                && itself.standardError.contains(
                    "ninepatch scale never writes over its source: leave xxhdpi out of --to")
        )
        let plain = folder.appendingPathComponent("plain.9.png").path
        try FileManager.default.copyItem(atPath: source, toPath: plain)
        let unknown = try PlayprepBinary.run(["ninepatch", "scale", plain, "--res-dir", res])
        #expect(unknown.status == 2 && unknown.standardError.contains("say which with --from"))
    }
}

/// End-to-end: `ninepatch export`'s insets against `inspect`'s spans, and its files.
@Suite struct ExportCLITests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-export-cli-\(UUID())")

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    func json(_ text: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require((value as? [[String: Any]])?.first ?? value as? [String: Any])
    }

    @Test(arguments: ["crafted/multi_stretch", "crafted/lb_all", "crafted/padding_explicit", "crafted/no_ticks"])
    func insetsEqualInspectsSpans(name: String) throws {
        defer { cleanUp() }
        let source = Fixtures.testImage("\(name).9.png").path
        let run = try PlayprepBinary.run(["ninepatch", "export", source, "--format", "json", "-o", folder.path])
        #expect(run.status == 0, "\(run.standardError)")
        let base = String(name.split(separator: "/").last!)
        let exported = try json(
            String(contentsOfFile: folder.appendingPathComponent("\(base).json").path, encoding: .utf8))
        let inspected = try json(
            try PlayprepBinary.run(["ninepatch", "inspect", "--format", "json", source]).standardOutput)
        let spansX = try #require(inspected["stretchX"] as? [[Int]])
        let spansY = try #require(inspected["stretchY"] as? [[Int]])
        let (width, height) = (try #require(inspected["width"] as? Int), try #require(inspected["height"] as? Int))
        let insets = try #require(exported["insets"] as? [String: Int])
        #expect(insets["left"] == (spansX.first?[0] ?? 0) && insets["right"] == width - (spansX.last?[1] ?? width))
        #expect(insets["top"] == (spansY.first?[0] ?? 0) && insets["bottom"] == height - (spansY.last?[1] ?? height))
        #expect(
            NSDictionary(dictionary: exported["padding"] as? [String: Int] ?? [:])
                == NSDictionary(dictionary: inspected["padding"] as? [String: Int] ?? [:]))
        let png = try PlayprepBinary.run(["ninepatch", "inspect", folder.appendingPathComponent("\(base).png").path])
        #expect(png.standardOutput.contains("(\(width)x\(height) with frame)"))
    }

    @Test func refusesExistingFilesAndWritesEachFormat() throws {
        defer { cleanUp() }
        let source = Fixtures.testImage("crafted/multi_stretch.9.png").path
        let first = try PlayprepBinary.run(["ninepatch", "export", source, "--format", "css", "-o", folder.path])
        #expect(first.status == 0 && first.standardError.contains("x has 2 stretch spans"))
        let again = try PlayprepBinary.run(["ninepatch", "export", source, "--format", "flutter", "-o", folder.path])
        #expect(again.status == 2 && again.standardError.contains("it exists (pass --force to replace it)"))
        for format in ["flutter", "ios", "compose"] {
            let run = try PlayprepBinary.run([
                "ninepatch", "export", source, "--format", format, "-o", folder.path, "--force",
            ])
            #expect(run.status == 0)
        }
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        #expect(
            files == [
                "multi_stretch.css", "multi_stretch.dart", "multi_stretch.imageset",
                "multi_stretch.imageset/Contents.json", "multi_stretch.imageset/multi_stretch.png", "multi_stretch.kt",
                "multi_stretch.png",
            ])
    }
}

/// End-to-end: `ninepatch create` round-trips with `inspect`, and refuses what it cannot draw.
@Suite struct CreateCLITests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-create-cli-\(UUID())")

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    @Test func createdFramesReadBackAsGiven() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A plain PNG: any PNG not named .9.png is one; this 12x9 file is used as content, its old frame pixels
        // included (a .9.png, which has a frame already, is refused).
        let plain = folder.appendingPathComponent("content.png").path
        try FileManager.default.copyItem(atPath: Fixtures.testImage("crafted/multi_stretch.9.png").path, toPath: plain)
        let out = folder.appendingPathComponent("made.9.png").path
        let run = try PlayprepBinary.run([
            "ninepatch", "create", plain, "--stretch-x", "2:4,6:10", "--stretch-y", "3:5", "--padding", "1,2,3,1",
            "-o", out,
        ])
        #expect(run.status == 0 && run.standardError.isEmpty, "\(run.standardError)")
        let inspect = try PlayprepBinary.run(["ninepatch", "inspect", "--format", "json", out])
        let entry = try #require(
            (try JSONSerialization.jsonObject(with: Data(inspect.standardOutput.utf8)) as? [[String: Any]])?.first)
        #expect(entry["width"] as? Int == 12 && entry["height"] as? Int == 9)
        #expect(entry["stretchX"] as? [[Int]] == [[2, 4], [6, 10]] && entry["stretchY"] as? [[Int]] == [[3, 5]])
        #expect(entry["padding"] as? [String: Int] == ["left": 1, "top": 2, "right": 3, "bottom": 1])
        #expect(entry["valid"] as? Bool == true)
        let again = try PlayprepBinary.run([
            "ninepatch", "create", plain, "--stretch-x", "2:4", "--stretch-y", "3:5", "-o", out,
        ])
        #expect(again.status == 2 && again.standardError.contains("it exists"))
        let touching = try PlayprepBinary.run([
            "ninepatch", "create", plain, "--stretch-x", "2:4,4:6", "--stretch-y", "3:5", "-o", out + ".2.9.png",
        ])
        #expect(touching.status == 2 && touching.standardError.contains("[4, 6)"))
        #expect(!FileManager.default.fileExists(atPath: out + ".2.9.png"))
    }
}

/// End-to-end: `ninepatch gallery` writes one page that headless Chromium loads with every picture decoded.
@Suite struct GalleryCLITests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-gallery-cli-\(UUID())")

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    @Test func everyNinePatchOfAProjectIsDrawnAtFourSizes() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = folder.appendingPathComponent("gallery.html")
        let run = try PlayprepBinary.run(["ninepatch", "gallery", "TestImages/BrokenApp", "-o", page.path])
        #expect(run.status == 0 && run.standardOutput == "\(page.path): 5 NinePatch file(s)\n", "\(run.standardError)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.ranges(of: "<figure>").count == 12)
        #expect(html.contains("NP003: top border x=9: opaque almost black (0xFF010101) is not a valid frame colour"))
        let again = try PlayprepBinary.run(["ninepatch", "gallery", "TestImages/BrokenApp", "-o", page.path])
        #expect(again.status == 2 && again.standardError.contains("it exists (pass --force to replace it)"))
        guard Chromium.executable != nil else { return }
        let load = try Chromium.run(["--virtual-time-budget=5000", "--dump-dom", page.absoluteString])
        #expect(load.status == 0)
        #expect(
            load.standardOutput.contains("data-images-loaded=\"12\" data-images-broken=\"0\""),
            "\(load.standardOutput.prefix(300))")
    }
}

/// End-to-end: every image-writing command holds what it would write to the decoder's pixel limits
/// (`--max-pixels`), checked before the image is made: a one-line error naming the output, its size and the
/// limit, exit 2, and nothing written.
@Suite struct OutputPixelLimitCLITests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-pixels-cli-\(UUID())")

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    /// `run`'s standard error is the one line `playprep: error: PATH: cannot be written: it would be SIZE pixels…`.
    func expectRefusal(_ run: ChildProcess.Outcome, naming path: String, size: String, limit: Int) {
        #expect(run.status == 2, "\(run.standardError)")
        #expect(
            run.standardError
                == "playprep: error: \(path): cannot be written: it would be \(size) pixels, over the limit of "
                + "32768x32768 and \(limit) pixels (raise it with --max-width/--max-height/--max-pixels)\n")
    }

    @Test func scaleRefusesADensityOverTheLimit() throws {
        defer { cleanUp() }
        let res = folder.appendingPathComponent("res").path
        try FileManager.default.createDirectory(atPath: res + "/drawable-mdpi", withIntermediateDirectories: true)
        let source = res + "/drawable-mdpi/bg.9.png"
        try FileManager.default.copyItem(
            atPath: Fixtures.testImage("corpus/res__drawable-mdpi__directory_bg.9.png").path, toPath: source)
        // 103x63 content, 4 times as large at xxxhdpi, frame included: 414x254 = 105156 pixels.
        let run = try PlayprepBinary.run([
            "ninepatch", "scale", source, "--res-dir", res, "--to", "xxxhdpi", "--max-pixels", "100000",
        ])
        expectRefusal(run, naming: res + "/drawable-xxxhdpi/bg.9.png", size: "414x254", limit: 100_000)
        #expect(!FileManager.default.fileExists(atPath: res + "/drawable-xxxhdpi"))
        let within = try PlayprepBinary.run([
            "ninepatch", "scale", source, "--res-dir", res, "--to", "xxxhdpi", "--max-pixels", "105156",
        ])
        #expect(within.status == 0, "\(within.standardError)")
    }

    @Test func renderAndCreateRefuseAnOutputOverTheLimit() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let rendered = folder.appendingPathComponent("big.png").path
        let render = try PlayprepBinary.run([
            "ninepatch", "render", "TestImages/SampleApp/app/src/main/res/drawable-mdpi/tab_unselected.9.png",
            "--size", "1000x1000", "--max-pixels", "999999", "-o", rendered,
        ])
        expectRefusal(render, naming: rendered, size: "1000x1000", limit: 999_999)
        #expect(!FileManager.default.fileExists(atPath: rendered))
        // A scale too large for any image was converted to Int and trapped; it is one line now.
        let scaled = try PlayprepBinary.run([
            "ninepatch", "render", "TestImages/SampleApp/app/src/main/res/drawable-mdpi/tab_unselected.9.png",
            "--size", "20x20", "--scale", "1e30", "-o", rendered,
        ])
        #expect(scaled.status == 2)
        #expect(scaled.standardError.hasSuffix("exceeds the limit of 67108864 pixels\n"), "\(scaled.standardError)")
        #expect(scaled.standardError.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: rendered))
        // A 12x9 plain PNG framed is 14x11 = 154 pixels.
        let plain = folder.appendingPathComponent("content.png").path
        try FileManager.default.copyItem(atPath: Fixtures.testImage("crafted/multi_stretch.9.png").path, toPath: plain)
        let made = folder.appendingPathComponent("made.9.png").path
        let create = try PlayprepBinary.run([
            "ninepatch", "create", plain, "--stretch-x", "2:4", "--stretch-y", "3:5", "--max-pixels", "153", "-o", made,
        ])
        expectRefusal(create, naming: made, size: "14x11", limit: 153)
        #expect(!FileManager.default.fileExists(atPath: made))
    }

    @Test func galleryRefusesADrawingOverTheLimitAndWritesNoPage() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("bg.9.png").path
        try FileManager.default.copyItem(
            atPath: Fixtures.testImage("corpus/res__drawable-mdpi__directory_bg.9.png").path, toPath: source)
        let page = folder.appendingPathComponent("gallery.html").path
        // Drawn 3 times as wide and twice as tall: 309x126 = 38934 pixels.
        let run = try PlayprepBinary.run(["ninepatch", "gallery", source, "--max-pixels", "20000", "-o", page])
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "playprep: error: \(page): cannot be written: \(source) cannot be drawn: it would be 309x126 "
                + "pixels, over the limit of 32768x32768 and 20000 pixels (raise it with "
                + "--max-width/--max-height/--max-pixels)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bg.9.png"])
    }
}
