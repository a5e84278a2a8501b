import Foundation
import TestSupport
import Testing

/// `playprep check PROJECT_DIR`: the README's first command, the planted problems, config and baseline.
@Suite struct ProjectCheckCLITests {
    func rules(in json: String) throws -> [String] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        return files.flatMap { file in
            (file["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        }.sorted()
    }

    /// A scratch copy of a TestImages project.
    func copy(_ project: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-\(project)-\(UUID())")
        try FileManager.default.copyItem(at: Fixtures.testImage(project), to: folder)
        return folder
    }

    @Test func sampleAppIsCleanAndExitsZero() throws {
        let run = try PlayprepBinary.run(["check", "TestImages/SampleApp"])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput == "20 files checked: 0 errors, 0 warnings, 0 notes\n")
        #expect(
            run.standardError.hasPrefix(
                "playprep: checked 6 NinePatches, 4 build files (2 release variants) and 1 listing in "))
        #expect(
            run.standardError.contains(
                "playprep: listing fastlane/metadata/android: Play via supply (lane release) "
                    + "[shown: .github/workflows/release.yml:14 `bundle exec fastlane release`]\n"))
        #expect(run.standardError.contains("see `playprep plan` for why"))
    }

    /// `plan` shows the release before judging it, as text and as JSON, and fails like `check` on bad input.
    @Test func planShowsReadersAndEvidence() throws {
        let text = try PlayprepBinary.run(["plan", "TestImages/SampleApp"])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("read by: Play via supply (lane release) [proof: shown]\n"))
        #expect(
            text.standardOutput.contains(
                "evidence: .github/workflows/release.yml:14 `bundle exec fastlane release`\n"))
        let json = try PlayprepBinary.run(["plan", "--format", "json", "TestImages/releases/gpp-without-plugin"])
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let listings = object?["listings"] as? [[String: Any]]
        #expect(listings?.first?["store"] as? String == "fdroid")
        let missing = try PlayprepBinary.run(["plan", "no/such/project"])
        #expect(missing.status == 2)
        #expect(missing.standardOutput.isEmpty)
    }

    /// `plan --artifact`: the artifact's versionCode picks the release notes, its merged manifest the Play Console
    /// declarations (each with its trigger element in JSON), and the forms every app files are listed once.
    @Test func planWithTheArtifactListsItsDeclarations() throws {
        let apk = "TestImages/artifacts/declarations/photo-video.apk"
        let text = try PlayprepBinary.run(["plan", "TestImages/SampleApp", "--artifact", apk])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("Play Console declarations of \(apk):\n"))
        #expect(text.standardOutput.contains("Photo and video permissions"))
        #expect(text.standardOutput.contains("  - Data safety: every app"))
        let json = try PlayprepBinary.run(["plan", "--format", "json", "TestImages/SampleApp", "--artifact", apk])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let needs = try #require((object["declarations"] as? [String: Any])?["needs"] as? [[String: Any]])
        let photo = try #require(needs.first { $0["key"] as? String == "photoVideo" })
        #expect(
            (photo["triggers"] as? [String])?.contains {
                $0.contains("android.permission.READ_MEDIA_IMAGES")
                    || $0.contains("android.permission.READ_MEDIA_VIDEO")
            } == true)
        #expect((object["appLevelForms"] as? [[String: Any]])?.first?["form"] as? String == "Data safety")
        let without = try PlayprepBinary.run(["plan", "TestImages/SampleApp"])
        #expect(
            without.standardOutput.contains(
                "the release's merged manifest decides: give its APK or AAB with --artifact"))
    }

    @Test func brokenAppListsEachPlantedProblemOnce() throws {
        let run = try PlayprepBinary.run(["check", "--format", "json", "TestImages/BrokenApp"])
        #expect(run.status == 1)
        #expect(
            try rules(in: run.standardOutput) == [
                "IMG002", "NP003", "NP102", "NP105", "NP106", "PKG007", "RES002", "TXT001",
            ])
    }

    @Test func baselineSilencesKnownProblemsButNotNewOnes() throws {
        let project = try copy("BrokenApp")
        defer { try? FileManager.default.removeItem(at: project) }
        let baseline = project.appendingPathComponent("playprep-baseline.json").path
        let write = try PlayprepBinary.run(["check", project.path, "--write-baseline", baseline])
        #expect(write.status == 0)
        #expect(write.standardError.contains("recorded 8 known problems"))

        let known = try PlayprepBinary.run(["check", project.path, "--baseline", baseline])
        #expect(known.status == 0, "\(known.standardOutput)")
        #expect(known.standardError.contains("8 known problems ignored"))

        // One new problem: a second planted NinePatch with the same almost-black tick.
        let res = project.appendingPathComponent("app/src/main/res")
        try FileManager.default.copyItem(
            at: res.appendingPathComponent("drawable-mdpi/chip_background.9.png"),
            to: res.appendingPathComponent("drawable-mdpi/chip_selected.9.png"))
        let grown = try PlayprepBinary.run(["check", "--format", "json", project.path, "--baseline", baseline])
        #expect(grown.status == 1)
        #expect(try rules(in: grown.standardOutput) == ["NP003"])
        #expect(grown.standardOutput.contains("chip_selected.9.png"))
    }

    @Test func baselineEntriesThatNoLongerOccurAreReported() throws {
        let project = try copy("BrokenApp")
        defer { try? FileManager.default.removeItem(at: project) }
        let baseline = project.appendingPathComponent("playprep-baseline.json").path
        #expect(try PlayprepBinary.run(["check", project.path, "--write-baseline", baseline]).status == 0)
        let title = project.appendingPathComponent("fastlane/metadata/android/en-US/title.txt")
        try "Broken App".write(to: title, atomically: true, encoding: .utf8)

        let text = try PlayprepBinary.run(["check", project.path, "--baseline", baseline])
        #expect(text.status == 0)
        #expect(
            text.standardError.contains(
                "playprep: 1 baseline entry no longer occurs; rewrite the baseline with --write-baseline\n"))
        let json = try PlayprepBinary.run(["check", "--format", "json", project.path, "--baseline", baseline])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let use = try #require(document["baseline"] as? [String: Any])
        let stale = try #require(use["staleEntries"] as? [[String: Any]])
        #expect(stale.map { $0["rule"] as? String } == ["TXT001"])
        #expect(use["suppressed"] as? Int == 7)
    }

    @Test func aCorruptBaselineIsOneLineWithItsPosition() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-baseline-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.json")
        try "{\"tool\": \"playprep\",\n  \"entries\": [,]}".write(to: baseline, atomically: true, encoding: .utf8)
        let run = try PlayprepBinary.run(["check", "TestImages/SampleApp", "--baseline", baseline.path])
        #expect(run.status == 2)
        #expect(run.standardError == "playprep: error: \(baseline.path):2:15: not JSON: unexpected character\n")
        #expect(run.standardOutput.isEmpty)

        let missing = try PlayprepBinary.run([
            "check", "TestImages/SampleApp", "--baseline", folder.path + "/none.json",
        ])
        #expect(missing.status == 2)
        #expect(missing.standardError == "playprep: error: \(folder.path)/none.json: cannot be read: no such file\n")
    }

    @Test func configurationFileIsReadFromTheProject() throws {
        let project = try copy("BrokenApp")
        defer { try? FileManager.default.removeItem(at: project) }
        let config = """
            rules:
              NP003: warning
              PKG007: warning
              TXT001: warning
              IMG002: warning
              NP105: off
            exclude:
              - "**/raw/**"
            """
        try config.write(to: project.appendingPathComponent("playprep.yml"), atomically: true, encoding: .utf8)
        let run = try PlayprepBinary.run(["check", "--format", "json", project.path])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(try rules(in: run.standardOutput) == ["IMG002", "NP003", "NP106", "PKG007", "TXT001"])
        let strict = try PlayprepBinary.run(["check", "--strict", project.path])
        #expect(strict.status == 1)
    }

    /// `--quiet` (`-q`): the errors only, on standard output and nothing informative on standard error; the
    /// warnings still count for `--strict`.
    @Test func quietReportsTheErrorsOnly() throws {
        let full = try PlayprepBinary.run(["check", "TestImages/BrokenApp"])
        #expect(full.standardOutput.contains("warning["), "\(full.standardOutput)")
        #expect(!full.standardError.isEmpty)
        let quiet = try PlayprepBinary.run(["check", "TestImages/BrokenApp", "-q"])
        #expect(quiet.status == 1)
        #expect(!quiet.standardOutput.contains("warning[") && quiet.standardOutput.contains("error[TXT001]"))
        #expect(quiet.standardOutput.hasSuffix(" errors, 0 warnings, 0 notes\n"), "\(quiet.standardOutput)")
        #expect(quiet.standardError.isEmpty, "\(quiet.standardError)")
        let sample = try PlayprepBinary.run(["check", "TestImages/SampleApp", "--quiet", "--strict"])
        let loud = try PlayprepBinary.run(["check", "TestImages/SampleApp", "--strict"])
        #expect(sample.status == loud.status, "\(sample.standardOutput)")
    }

    @Test func badConfigurationAndMissingFolderExitTwo() throws {
        let project = try copy("SampleApp")
        defer { try? FileManager.default.removeItem(at: project) }
        let config = project.appendingPathComponent("playprep.yml")
        try "rules:\n  NP003: off\nnine: 1\n".write(to: config, atomically: true, encoding: .utf8)
        let run = try PlayprepBinary.run(["check", project.path])
        #expect(run.status == 2)
        #expect(run.standardError.contains("playprep.yml:3:1: unknown key 'nine'"))
        #expect(run.standardError.split(separator: "\n").count == 1)

        let missing = try PlayprepBinary.run(["check", "TestImages/NoSuchApp"])
        #expect(missing.status == 2)
        #expect(missing.standardError == "playprep: error: TestImages/NoSuchApp: no such file or folder\n")

        let missingConfig = try PlayprepBinary.run(["check", "TestImages/SampleApp", "--config", "nope.yml"])
        #expect(missingConfig.status == 2)

        try "listing:\n  roots:\n    - { path: app-metadata/org.example, store: play }\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let missingRoot = try PlayprepBinary.run(["check", project.path])
        #expect(missingRoot.status == 2)
        #expect(
            missingRoot.standardError.hasPrefix(
                "playprep: error: listing root 'app-metadata/org.example' (playprep.yml listing.roots): "))
        #expect(missingRoot.standardOutput.isEmpty)
    }

    @Test func configuredListingRootIsCheckedForItsStore() throws {
        let project = try copy("SampleApp")
        defer { try? FileManager.default.removeItem(at: project) }
        // The same listing, moved to a per-applicationId folder that only playprep.yml names.
        try FileManager.default.moveItem(
            at: project.appendingPathComponent("fastlane/metadata"),
            to: project.appendingPathComponent("app-metadata"))
        try "listing:\n  roots:\n    - { path: app-metadata/android, store: fdroid }\n"
            .write(to: project.appendingPathComponent("playprep.yml"), atomically: true, encoding: .utf8)
        let run = try PlayprepBinary.run(["check", project.path])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(
            run.standardError.contains(
                "playprep: listing app-metadata/android: F-Droid (configured) "
                    + "[none: playprep.yml:3 `path: app-metadata/android`]\n"))
    }
}
