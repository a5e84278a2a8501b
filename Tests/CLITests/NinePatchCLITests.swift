import Foundation
import TestSupport
import Testing

/// End-to-end: the built `playprep` binary, its output formats and exit codes.
@Suite struct NinePatchCLITests {
    func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// A report that cannot be delivered (here: standard output on a full device) fails the run with exit 2 and
    /// one line saying why, instead of passing silently.
    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full")))
    func anUnwritableStandardOutputFailsTheRun() throws {
        let run = try PlayprepBinary.run(["ninepatch", "check", "TestImages/corpus"], standardOutputFile: "/dev/full")
        #expect(run.status == 2)
        #expect(run.standardError == "playprep: error: cannot write to standard output: No space left on device\n")
    }

    @Test func brokenFilesGetOneLineEachAndOthersAreStillChecked() throws {
        let broken = ["malformed/truncated_idat.9.png", "malformed/text_file.9.png", "malformed/empty.9.png"]
        let files = broken + ["corpus/res__drawable-mdpi__directory_bg.9.png"]
        let run = try PlayprepBinary.run(["ninepatch", "check"] + files.map { "TestImages/" + $0 })
        #expect(run.status == 1)
        let lines = run.standardOutput.split(separator: "\n")
        for file in broken {
            let mentions = lines.filter { $0.contains(file) }
            #expect(mentions.count == 1, "\(file): \(mentions)")
            #expect(mentions.first?.contains("error[PNG001]") == true)
        }
        #expect(lines.last == "4 files checked: 3 errors, 0 warnings, 0 notes")

        let asJSON = try PlayprepBinary.run(
            ["ninepatch", "check", "--format", "json"] + files.map { "TestImages/" + $0 })
        let document = try #require(try json(asJSON.standardOutput) as? [String: Any])
        let valid = (document["files"] as? [[String: Any]])?.map { $0["valid"] as? Bool }
        #expect(valid == [false, false, false, true])
    }

    static let malformed: [String] = {
        let folder = Fixtures.testImage("malformed").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }()

    @Test func malformedFolderIsThere() {
        #expect(Self.malformed.count == 11)
    }

    @Test(arguments: malformed)
    func everyMalformedFileGetsOneLineAndExitOne(name: String) throws {
        let run = try PlayprepBinary.run(["ninepatch", "check", "TestImages/malformed/" + name])
        #expect(run.status == 1)
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 2, "\(run.standardOutput)")
        #expect(lines.first?.hasPrefix("TestImages/malformed/\(name): error[PNG00") == true)
        #expect(run.standardError.isEmpty)
    }

    @Test func unusualFilesThatAAPT2AcceptsPass() throws {
        let run = try PlayprepBinary.run(["ninepatch", "check", "TestImages/unusual"])
        #expect(run.status == 0, "\(run.standardOutput)")
    }

    @Test func checkingNeverModifiesInputs() throws {
        let folder = Fixtures.testImage("").path
        func digests() throws -> [String: Int] {
            var result = [String: Int]()
            for case let path as String in FileManager.default.enumerator(atPath: folder)! where path.hasSuffix(".png")
            {
                var hasher = Hasher()
                hasher.combine(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path)))
                result[path] = hasher.finalize()
            }
            return result
        }
        let before = try digests()
        _ = try PlayprepBinary.run(["ninepatch", "check", "TestImages"])
        _ = try PlayprepBinary.run(["check", "TestImages/BrokenApp"])
        #expect(try digests() == before)
        #expect(before.count > 100)
    }

    @Test func threeProblemsAreListedWithRuleAndPixel() throws {
        let run = try PlayprepBinary.run(
            ["ninepatch", "check", "--format", "json", "TestImages/problems/three_problems.9.png"])
        #expect(run.status == 1)
        let document = try #require(try json(run.standardOutput) as? [String: Any])
        let file = try #require((document["files"] as? [[String: Any]])?.first)
        let diagnostics = try #require(file["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["rule"] as? String } == ["NP003", "NP005", "NP006"])
        #expect(diagnostics.map { [$0["x"] as? Int, $0["y"] as? Int] } == [[8, 0], [0, 8], [7, 11]])
        #expect((document["summary"] as? [String: Int])?["errors"] == 3)
    }

    @Test func folderSearchFindsNinePatchesAndExitsZeroWhenClean() throws {
        let run = try PlayprepBinary.run(["ninepatch", "check", "TestImages/corpus", "--bad-patch-tolerance", "255"])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput == "9 files checked: 0 errors, 0 warnings, 0 notes\n")
        // At the default threshold the toast frame's soft shadow stretches without a visible smear; with an
        // exact threshold its cells are flagged (NP107), a warning only.
        let linted = try PlayprepBinary.run(["ninepatch", "check", "TestImages/corpus"])
        #expect(linted.status == 0)
        #expect(linted.standardOutput == "9 files checked: 0 errors, 0 warnings, 0 notes\n")
        let exact = try PlayprepBinary.run(["ninepatch", "check", "TestImages/corpus", "--bad-patch-tolerance", "0"])
        #expect(exact.status == 0)
        #expect(exact.standardOutput.contains("warning[NP107]"))
    }

    @Test func warningsFailOnlyWhenStrict() throws {
        let file = "TestImages/problems/end_only_layout_bound.9.png"
        #expect(try PlayprepBinary.run(["ninepatch", "check", file]).status == 0)
        let strict = try PlayprepBinary.run(["ninepatch", "check", "--strict", file])
        #expect(strict.status == 1)
        #expect(strict.standardOutput.contains("warning[NP103]"))
    }

    /// `--max-warnings N`: warnings fail the run only past N, and standard error says why; a negative N is refused.
    @Test func warningsFailPastMaxWarnings() throws {
        let file = "TestImages/problems/end_only_layout_bound.9.png"
        let within = try PlayprepBinary.run(["ninepatch", "check", "--max-warnings", "2", file])
        #expect(within.status == 0, "\(within.standardOutput)\(within.standardError)")
        let past = try PlayprepBinary.run(["ninepatch", "check", "--max-warnings", "1", file])
        #expect(past.status == 1)
        #expect(past.standardError == "playprep: 2 warnings, more than --max-warnings 1\n", "\(past.standardError)")
        let refused = try PlayprepBinary.run(["ninepatch", "check", "--max-warnings=-1", file])
        #expect(refused.status == 2, "\(refused.standardError)")
        #expect(refused.standardError.contains("--max-warnings -1: give a number of warnings, 0 or more"))
    }

    @Test func filesAAPT2DoesNotProcessAreWarnedAboutNotChecked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-cli-\(UUID())")
        let drawable = folder.appendingPathComponent("res/drawable")
        let raw = folder.appendingPathComponent("res/raw")
        try FileManager.default.createDirectory(at: drawable, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: raw, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = Fixtures.testImage("problems/three_problems.9.png")
        try FileManager.default.copyItem(at: broken, to: drawable.appendingPathComponent("upper.9.PNG"))
        try FileManager.default.copyItem(at: broken, to: raw.appendingPathComponent("raw.9.png"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("build/intermediates"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: broken, to: folder.appendingPathComponent("build/intermediates/skipped.9.png"))

        let run = try PlayprepBinary.run(["ninepatch", "check", "--format", "json", folder.path])
        #expect(run.status == 0, "\(run.standardOutput)")
        let document = try #require(try json(run.standardOutput) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        let rules = files.flatMap { ($0["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String } }
        #expect(rules.sorted() == ["NP101", "NP102"])
        #expect(!run.standardOutput.contains("skipped.9.png"))
    }

    @Test func inspectPrintsTheDesignJSON() throws {
        let run = try PlayprepBinary.run([
            "ninepatch", "inspect", "--format", "json",
            "TestImages/crafted/lb_all.9.png", "TestImages/malformed/empty.9.png",
        ])
        #expect(run.status == 1)
        let list = try #require(try json(run.standardOutput) as? [[String: Any]])
        #expect(list.count == 2)
        let good = list[0]
        #expect(good["width"] as? Int == 7 && good["height"] as? Int == 7)
        #expect(good["stretchX"] as? [[Int]] == [[3, 4]])
        #expect(good["padding"] as? [String: Int] == ["left": 3, "top": 3, "right": 3, "bottom": 3])
        #expect(good["layoutBounds"] as? [String: Int] == ["left": 2, "top": 1, "right": 1, "bottom": 2])
        #expect((good["regionColors"] as? [String])?.count == 9)
        #expect((good["outline"] as? [String: Any])?["alpha"] as? Int == 255)
        #expect(good["valid"] as? Bool == true)
        let bad = list[1]
        for key in ["width", "stretchX", "padding", "layoutBounds", "regionColors", "outline"] {
            #expect(bad[key] is NSNull, "\(key)")
        }
        #expect(bad["valid"] as? Bool == false)
    }

    @Test func inspectTextIsReadable() throws {
        let run = try PlayprepBinary.run(["ninepatch", "inspect", "TestImages/crafted/lb_all.9.png"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("stretch x:     [3, 4)"))
        #expect(run.standardOutput.contains("layout bounds: left 2, top 1, right 1, bottom 2"))
        #expect(run.standardOutput.contains("verdict:       accepted by aapt2"))
    }

    @Test func missingPathAndBadUsageExitTwoWithOneLine() throws {
        let missing = try PlayprepBinary.run(["ninepatch", "check", "TestImages/no-such-folder"])
        #expect(missing.status == 2)
        #expect(missing.standardOutput.isEmpty)
        #expect(missing.standardError == "playprep: error: TestImages/no-such-folder: no such file or folder\n")

        let usage = try PlayprepBinary.run(["ninepatch", "check", "--format", "yaml", "TestImages/corpus"])
        #expect(usage.status == 2)
        #expect(usage.standardError.contains("yaml"))

        let inspectMissing = try PlayprepBinary.run(["ninepatch", "inspect", "nope.9.png"])
        #expect(inspectMissing.status == 2)
    }

    @Test func noColourOutsideATerminal() throws {
        let run = try PlayprepBinary.run(["ninepatch", "check", "TestImages/problems"], environment: ["TERM": "xterm"])
        #expect(!run.standardOutput.contains("\u{1B}["))
    }
}

/// Runs scripts/verify-aapt2.py: the real `aapt2 compile` against playprep on the crafted cases, the committed
/// fixtures and (when present) the whole shared corpus.
@Suite(
    .enabled(
        if: Fixtures.executable(named: "aapt2") != nil && Fixtures.executable(named: "python3") != nil,
        "aapt2 is not installed (Debian: apt-get install -y aapt); skipping the live aapt2 comparison"),
    .enabled(
        if: Fixtures.sharedOracle != nil,
        "shared/oracle/np_chunks.py not found beside the checkout (set PLAYPREP_ORACLE); skipping the live aapt2 comparison"
    ))
struct AAPT2LiveTests {
    @Test func verdictsAndDataEqualAAPT2() throws {
        var folders = ["crafted", "corpus", "malformed", "problems", "unusual"].map { Fixtures.testImage($0).path }
        if let corpus = Fixtures.sharedCorpus { folders.append(corpus.appendingPathComponent("ninepatch").path) }
        let python = try #require(Fixtures.executable(named: "python3"))
        let run = try ChildProcess.run(
            python,
            [
                Fixtures.packageRoot.appendingPathComponent("scripts/verify-aapt2.py").path,
                "--playprep", PlayprepBinary.url.path,
            ] + folders,
            environment: Fixtures.sharedOracle.map { ["PLAYPREP_ORACLE": $0.path] } ?? [:], mergingStandardError: true)
        let text = run.standardOutput
        #expect(run.status == 0, "\(text)")
        #expect(text.contains("verdicts agree"))
        print(String(text.split(separator: "\n").last ?? ""))
    }
}
