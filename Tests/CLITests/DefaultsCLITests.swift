import Foundation
import TestSupport
import Testing

/// Issue 35's papercuts, as a new user meets them on the command line: every writing command takes `-o`, each
/// refusal says what the command expects, one spelling of errors, and the artifact and listing lines said once.
@Suite struct DefaultsCLITests {
    /// A fresh scratch folder, removed by `cleanUp`.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-defaults-cli-\(UUID())")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func copy(_ fixture: String, to name: String) throws -> String {
        let target = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.testImage(fixture), to: target)
        return target.path
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    @Test func checkAndNinePatchCheckTakeO() throws {
        defer { cleanUp() }
        let check = try PlayprepBinary.run(["check", "TestImages/SampleApp", "-o", path("check.txt")])
        #expect(check.status == 0, "\(check.standardError)")
        #expect(try String(contentsOfFile: path("check.txt"), encoding: .utf8).hasSuffix("0 notes\n"))
        let ninePatch = try PlayprepBinary.run(
            ["ninepatch", "check", "TestImages/crafted/basic.9.png", "-o", path("np.json"), "--format", "json"])
        #expect(ninePatch.status == 0)
        #expect(try String(contentsOfFile: path("np.json"), encoding: .utf8).contains("\"files\""))
    }

    @Test func fixOnAFolderSaysWhatItTakes() throws {
        let run = try PlayprepBinary.run(["ninepatch", "fix", "TestImages/crafted"])
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "playprep: error: TestImages/crafted: is a folder: ninepatch fix takes .9.png files (playprep "
                + "ninepatch check TestImages/crafted finds the ones that need fixing)\n")
    }

    /// scale has no -o and always refuses its source, --force or not; the refusal says so.
    @Test func scaleRefusesItsSourceInItsOwnWords() throws {
        defer { cleanUp() }
        let source = try copy("crafted/basic.9.png", to: "res/drawable-xxhdpi/b.9.png")
        let run = try PlayprepBinary.run(
            ["ninepatch", "scale", source, "--res-dir", path("res"), "--to", "xxhdpi", "--force"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("ninepatch scale never writes over its source: leave xxhdpi out of --to"))
        #expect(!run.standardError.contains("-o") && !run.standardError.contains("or pass --force"))
    }

    /// create never replaces its input (its help says so), and never frames a NinePatch a second time.
    @Test func createNeverReplacesItsInputNorFramesTwice() throws {
        defer { cleanUp() }
        let plain = try copy("crafted/basic.9.png", to: "plain.png")
        let before = try Data(contentsOf: URL(fileURLWithPath: plain))
        let over = try PlayprepBinary.run(
            ["ninepatch", "create", plain, "--stretch-x", "1:2", "--stretch-y", "1:2", "-o", plain, "--force"])
        #expect(over.status == 2)
        #expect(over.standardError.contains("ninepatch create never writes over its input"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: plain)) == before)
        let framed = try copy("crafted/basic.9.png", to: "framed.9.png")
        let twice = try PlayprepBinary.run(
            ["ninepatch", "create", framed, "--stretch-x", "1:2", "--stretch-y", "1:2", "-o", path("out.9.png")])
        #expect(twice.status == 2)
        #expect(twice.standardError.contains("already has a frame"))
        #expect(!FileManager.default.fileExists(atPath: path("out.9.png")))
    }

    /// ninepatch compile's output carries npTc and no frame: inspect shows the chunk and, as check does, that aapt2
    /// compile refuses it where a source is expected.
    @Test func inspectKnowsACompiledNinePatchAndAgreesWithCheck() throws {
        defer { cleanUp() }
        let compile = try PlayprepBinary.run(
            ["ninepatch", "compile", "TestImages/crafted/basic.9.png", "-o", path("compiled.9.png")])
        #expect(compile.status == 0)
        let check = try PlayprepBinary.run(["ninepatch", "check", path("compiled.9.png")])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("NP002"))
        let text = try PlayprepBinary.run(["ninepatch", "inspect", path("compiled.9.png")])
        #expect(text.status == check.status)
        #expect(text.standardOutput.contains("NP002"))
        #expect(
            text.standardOutput.contains(
                "rejected: aapt2 compile refuses it where a source is expected, as it is already compiled by aapt2 "
                    + "(npTc chunk, no frame)"))
        #expect(!text.standardOutput.contains("already accepted"))
        let json = try PlayprepBinary.run(["ninepatch", "inspect", path("compiled.9.png"), "--format", "json"])
        #expect(json.status == check.status)
        let record = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])?.first)
        #expect(record["valid"] as? Bool == false)
        #expect(record["compiled"] as? Bool == true)
        #expect(record["stretchX"] as? [[Int]] == [[2, 3]])
        #expect((record["diagnostics"] as? [[String: Any]])?.first?["rule"] as? String == "NP002")
    }

    @Test func everyErrorIsSpeltTheSameWay() throws {
        let usage = try PlayprepBinary.run(["check", "--bogus"])
        #expect(usage.status == 2)
        #expect(usage.standardError.hasPrefix("playprep: error: Unknown option '--bogus'"))
        let missing = try PlayprepBinary.run(["ninepatch", "fix"])
        #expect(missing.standardError.hasPrefix("playprep: error: Missing expected argument"))
    }

    /// A YAML type error names the key whose value has the wrong type.
    @Test func aConfigurationTypeErrorNamesItsKey() throws {
        defer { cleanUp() }
        try FileManager.default.copyItem(at: Fixtures.testImage("SampleApp"), to: folder.appendingPathComponent("app"))
        try "gradle: 3\n".write(toFile: path("app/playprep.yml"), atomically: true, encoding: .utf8)
        let run = try PlayprepBinary.run(["check", path("app")])
        #expect(run.status == 2)
        #expect(
            run.standardError.contains(
                "playprep.yml:1:9: 'gradle' must be a mapping of keys to values, not a single value"))
    }

    @Test func planOnAnEmptyFolderExitsTwoAsCheckDoes() throws {
        defer { cleanUp() }
        for command in ["check", "plan"] {
            let run = try PlayprepBinary.run([command, folder.path])
            #expect(run.status == 2, "\(command)")
            #expect(run.standardError.contains("nothing to check in \(folder.path)"), "\(command)")
        }
        #expect(try PlayprepBinary.run(["plan", folder.path, "--allow-empty"]).status == 0)
    }

    /// Rule pages print control characters escaped and name fixtures without the TestImages/ a tarball lacks.
    @Test func rulePagesAreReadableFromATarball() throws {
        let page = try PlayprepBinary.run(["rules", "TXT007"])
        #expect(!page.standardOutput.contains("\r"))
        #expect(page.standardOutput.contains("\\r\\n"))
        for id in ["NP006", "RES001", "ART013", "DCL004", "PRJ003"] {
            let run = try PlayprepBinary.run(["rules", id])
            #expect(run.status == 0 && !run.standardOutput.contains("TestImages/"), "\(id)")
        }
    }

    @Test func ruleIdsAreCaseInsensitiveInEnable() throws {
        let enabled = try PlayprepBinary.run(
            ["listing", "check", "TestImages/defaults/trailing-newline", "--enable", "txt011", "--format", "json"])
        #expect(enabled.standardOutput.contains("\"TXT011\""), "\(enabled.standardError)")
        let disabled = try PlayprepBinary.run(
            ["listing", "check", "TestImages/defaults/trailing-newline", "--disable", "txt007", "--format", "json"])
        #expect(!disabled.standardOutput.contains("\"TXT007\""))
    }

    /// An unreadable artifact's error is said once in a text report; other formats also get the line on stderr.
    @Test func anUnreadableArtifactIsSaidOnce() throws {
        let text = try PlayprepBinary.run(["artifact", "check", "TestImages/artifacts/truncated.apk"])
        #expect(text.status == 1)
        #expect(text.standardOutput.contains("error[PRJ001]: cannot read the artifact"))
        #expect(!text.standardError.contains("truncated.apk"))
        let json = try PlayprepBinary.run([
            "artifact", "check", "TestImages/artifacts/truncated.apk", "--format", "json",
        ])
        #expect(json.standardError.hasPrefix("playprep: error: TestImages/artifacts/truncated.apk: not a ZIP archive"))
        let check = try PlayprepBinary.run(
            ["check", "TestImages/SampleApp", "--artifact", "TestImages/artifacts/truncated.apk"])
        #expect(check.status == 1)
        #expect(!check.standardError.contains("playprep: error:"))
        #expect(check.standardOutput.components(separatedBy: "cannot read the artifact").count == 2)
    }

    /// A truncated signing block or certificate: aapt2 reads the manifest, and so does the identity line.
    @Test(arguments: ["truncated-signing-block.apk", "truncated-certificate.apk"])
    func aBrokenSignatureKeepsTheIdentity(name: String) throws {
        let run = try PlayprepBinary.run(["artifact", "check", "TestImages/artifacts/\(name)"])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains(": com.playprep.sample 3 (1.2.0) min 24 target 36"))
        #expect(run.standardOutput.contains("signature unreadable"))
        #expect(run.standardOutput.contains("error[ART013]: the APK's signature cannot be read"))
    }

    @Test func listingCheckSaysWhichReleaseNotesItJudged() throws {
        let run = try PlayprepBinary.run([
            "listing", "check", "--store", "play", "TestImages/defaults/newest-changelog",
        ])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("error[TXT004]"))
        #expect(
            run.standardError
                == "playprep: release notes judged: changelogs/5.txt (else default.txt): the newest numbered "
                + "changelog, as no versionCode is known\n")
    }
}
