import Foundation
import TestSupport
import Testing

/// Every path gets a true answer, and a run that finds nothing to check does not pass.
@Suite struct PathAnswerCLITests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-paths-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func path(_ relative: String) -> String { folder.appendingPathComponent(relative).path }

    @Test func anEmptyFolderIsNotAPass() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try PlayprepBinary.run(["check", folder.path])
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "playprep: error: nothing to check in \(folder.path) (looked for settings.gradle(.kts)/"
                + "build.gradle(.kts), listing folders, res/*/…9.png); --allow-empty accepts that\n")
        #expect(run.standardOutput.isEmpty)
        let allowed = try PlayprepBinary.run(["check", folder.path, "--allow-empty"])
        #expect(allowed.status == 0, "\(allowed.standardError)")
    }

    @Test(arguments: ["text", "json", "sarif", "junit"])
    func aFolderWithoutNinePatchesIsNotAPass(format: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try "notes".write(toFile: path("notes.txt"), atomically: true, encoding: .utf8)
        let run = try PlayprepBinary.run(["ninepatch", "check", folder.path, "--format", format])
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "playprep: error: nothing to check in \(folder.path) (looked for *.9.png, skipping hidden and "
                + "build folders); --allow-empty accepts that\n")
        #expect(run.standardOutput.isEmpty)
        let allowed = try PlayprepBinary.run(["ninepatch", "check", folder.path, "--allow-empty"])
        #expect(allowed.status == 0, "\(allowed.standardError)")
        #expect(allowed.standardOutput == "0 files checked: 0 errors, 0 warnings, 0 notes\n")
    }

    @Test func looseNinePatchesAreNamedWithTheCommandThatChecksThem() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["button.9.png", "exports/panel.9.png"] {
            try FileManager.default.createDirectory(
                atPath: (path(name) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: Fixtures.testImage("crafted/basic.9.png"), to: URL(fileURLWithPath: path(name)))
        }
        let run = try PlayprepBinary.run(["check", folder.path])
        #expect(run.status == 2)
        #expect(
            run.standardError.hasPrefix(
                "playprep: 2 .9.png files outside res/ folders were not checked; "
                    + "run playprep ninepatch check \(folder.path)\nplaypreperror: nothing to check"
                    .replacingOccurrences(
                        of: "playpreperror", with: "playprep: error")))
        try FileManager.default.copyItem(at: Fixtures.testImage("SampleApp"), to: URL(fileURLWithPath: path("app")))
        let withProject = try PlayprepBinary.run(["check", folder.path])
        #expect(withProject.status == 0)
        #expect(withProject.standardError.contains("2 .9.png files outside res/ folders were not checked"))
    }

    @Test func aFileWhereAFolderIsExpectedGetsTheCommandThatTakesIt() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try "notes".write(toFile: path("notes.txt"), atomically: true, encoding: .utf8)
        let nine = "TestImages/SampleApp/app/src/main/res/drawable-mdpi/tab_unselected.9.png"
        let answers = [
            (path("notes.txt"), "is a file; check takes a project folder (for this file, run playprep listing check"),
            (nine, "is a file; check takes a project folder (for this file, run playprep ninepatch check \(nine))"),
            (
                "TestImages/artifacts/release.apk",
                "(for this file, run playprep artifact check TestImages/artifacts/release.apk)"
            ),
            (path("notes.txt/res"), "\(path("notes.txt/res")): not a folder (\(path("notes.txt")) is a file)"),
            (path("missing"), "\(path("missing")): no such file or folder"),
        ]
        for (argument, answer) in answers {
            let run = try PlayprepBinary.run(["check", argument])
            #expect(run.status == 2)
            #expect(run.standardError.hasPrefix("playprep: error: "), "\(run.standardError)")
            #expect(run.standardError.contains(answer), "\(run.standardError)")
            #expect(!run.standardError.contains("no such") || argument == path("missing"))
        }
        let folderAsArtifact = try PlayprepBinary.run(["artifact", "check", folder.path])
        #expect(folderAsArtifact.standardError == "playprep: error: \(folder.path): is a folder, not a file\n")
        let fileAsListing = try PlayprepBinary.run(["listing", "check", path("notes.txt")])
        #expect(fileAsListing.standardError == "playprep: error: \(path("notes.txt")): is a file, not a folder\n")
    }

    @Test(.enabled(if: geteuid() != 0, "root reads every folder, so permission denied cannot happen"))
    func anUnreadableFolderIsAFindingAndAnUnreadableProjectAnError() throws {
        defer {
            chmod(path("app/locked"), 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        try FileManager.default.copyItem(at: Fixtures.testImage("SampleApp"), to: URL(fileURLWithPath: path("app")))
        try FileManager.default.createDirectory(atPath: path("app/locked"), withIntermediateDirectories: true)
        chmod(path("app/locked"), 0)
        let run = try PlayprepBinary.run(["check", "--format", "json", path("app")])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("PRJ001") && run.standardOutput.contains("locked"))
        let denied = try PlayprepBinary.run(["check", path("app/locked")])
        #expect(denied.standardError == "playprep: error: \(path("app/locked")): permission denied\n")
    }

    @Test func aBuildFileThatIsNotUTF8IsAFindingOnItsPath() throws {
        let run = try PlayprepBinary.run(["check", "--format", "json", "TestImages/NotUTF8"])
        #expect(run.status == 1)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        let build = try #require(files.first { ($0["file"] as? String)?.hasSuffix("app/build.gradle") == true })
        let diagnostics = try #require(build["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.compactMap { $0["rule"] as? String } == ["PRJ001"])
        #expect((diagnostics.first?["message"] as? String)?.contains("not UTF-8 text") == true)
    }

    /// Gradle reads gradle.properties as ISO-8859-1 (DAVx⁵ has a Latin-1 '©' in it): not a finding, and its values
    /// are read as Gradle reads them.
    @Test func aLatin1GradlePropertiesFileIsReadAsGradleReadsIt() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(atPath: path("app"), withIntermediateDirectories: true)
        try "include ':app'\n".write(toFile: path("settings.gradle"), atomically: true, encoding: .utf8)
        try Data([0x23, 0x20, 0xA9, 0x0A] + Array("appId=org.example.app\n".utf8)).write(
            to: URL(fileURLWithPath: path("gradle.properties")))
        try """
        plugins { id 'com.android.application' }
        android { namespace 'org.example.app'; defaultConfig { applicationId appId; versionCode 1 } }

        """.write(toFile: path("app/build.gradle"), atomically: true, encoding: .utf8)
        let run = try PlayprepBinary.run(["check", "--format", "json", folder.path])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(!run.standardOutput.contains("PRJ001"))
        let plan = try PlayprepBinary.run(["plan", folder.path])
        #expect(plan.standardOutput.contains("applicationId org.example.app"), "\(plan.standardOutput)")
    }

    @Test func aConfigurationThatIsNotUTF8StopsTheRunNamingTheByte() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Fixtures.testImage("SampleApp"), to: URL(fileURLWithPath: path("app")))
        try Data([0x72, 0x75, 0x6C, 0x65, 0x73, 0x3A, 0x0A, 0x23, 0xE9, 0x0A]).write(
            to: URL(fileURLWithPath: path("app/playprep.yml")))
        let run = try PlayprepBinary.run(["check", path("app")])
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "playprep: error: \(path("app/playprep.yml")): cannot be read: not UTF-8 text (byte 8 is invalid)\n")
    }

    @Test func aModuleFolderSaysItIsOneModuleAndNamesTheBuild() throws {
        let run = try PlayprepBinary.run(["check", "TestImages/SampleApp/app"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "playprep: checking one module: TestImages/SampleApp/app is inside the Gradle build at "))
        #expect(run.standardError.contains("TestImages/SampleApp (playprep check "))
    }
}
