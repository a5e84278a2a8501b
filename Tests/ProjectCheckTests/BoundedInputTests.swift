import Diagnostics
import Foundation
import PlayListingKit
import TestSupport
import Testing
import UploadWiring

@testable import ProjectCheck

/// Issue 33: `playprep.yml` numbers, globs and errors; listing files and special files in a checked project.
/// Sizes are scaled so each test runs in well under a second; docs/performance.md has the full-size runs.
@Suite struct BoundedConfigurationTests {
    static func error(_ yaml: String) -> String? {
        do {
            _ = try ProjectConfiguration.parse(yaml, file: "playprep.yml")
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: ["-1", "0", "9223372036854775807", "99999999999999999999"])
    func aListingLimitOutOfRangeIsRefusedWithItsRange(value: String) {
        #expect(
            Self.error("listing: {limits: {title: \(value)}}\n")
                == "playprep.yml:1:27: 'title' must be a whole number from 1 to 1000000")
    }

    @Test func versionCodesAndAPILevelsAreCheckedToo() {
        #expect(
            Self.error("listing:\n  versionCode: -5\n")
                == "playprep.yml:2:16: 'versionCode' must be a whole number from 1 to 2100000000")
        #expect(
            Self.error("modules:\n  ':app': {versionCode: 0}\n")
                == "playprep.yml:2:25: 'versionCode' must be a whole number from 1 to 2100000000")
        #expect(Self.error("artifact:\n  targetSdk: -1\n")?.contains("from 1 to 1000") == true)
        #expect(Self.error("gradle:\n  maxVariants: 0\n")?.contains("from 1 to 100000") == true)
    }

    @Test func theVariantCapIsRaisedInPlayprepYml() throws {
        let configuration = try ProjectConfiguration.parse("gradle:\n  maxVariants: 5000\n", file: "playprep.yml")
        #expect(configuration.maximumVariants == 5_000)
        #expect(ProjectConfiguration().maximumVariants == 1_000)
    }

    @Test func aKeyThatIsAListOrMappingNamesTheSectionInPlainWords() {
        let message = Self.error("? [rules]\n: {NP103: error}\n")
        #expect(message == "playprep.yml:1:3: 'playprep.yml' must be keyed by plain words, not by a list")
        #expect(
            Self.error("rules:\n  {a: b}: error\n")
                == "playprep.yml:2:3: 'rules' must be keyed by plain words, not by a mapping")
        #expect(
            Self.error("listing: 3\n")
                == "playprep.yml:1:10: 'listing' must be a mapping of keys to values, not a single value")
        for yaml in ["? [rules]\n: x\n", "rules:\n  ? [a]\n  : b\n", "listing: [a]\n"] {
            let line = Self.error(yaml) ?? ""
            #expect(!line.contains("Yams") && !line.contains("Node") && !line.contains("(section)"))
            #expect(!line.contains("\n"))
        }
    }

    @Test func aGlobLongerThanTheLimitIsRefusedNamingIt() {
        let stars = String(repeating: "*", count: 200_000)
        #expect(
            Self.error("exclude:\n  - \"\(stars)\"\n")
                == "playprep.yml:2:5: 'exclude' must be patterns of at most 1024 characters (this one has 200000)")
    }

    @Test func aGlobRepeatedByAliasesIsOneGlob() throws {
        let glob = String(repeating: "a/", count: 500) + "**"
        let yaml = "exclude:\n  - &g \"\(glob)\"\n" + String(repeating: "  - *g\n", count: 1_000)
        let configuration = try ProjectConfiguration.parse(yaml, file: "playprep.yml")
        #expect(configuration.excludes == [Glob(glob)])
        let long = String(repeating: "a", count: 300_000)
        let bomb = "exclude:\n  - &g \"\(long)\"\n" + String(repeating: "  - *g\n", count: 1_000)
        #expect(Self.error(bomb)?.contains("at most 1024 characters") == true)
    }

    @Test func theGlobMatcherTakesNoRecursionPerStar() {
        // Runs of stars collapse; any other pattern is matched by a set of positions, not by recursion.
        #expect(Glob(String(repeating: "*", count: 200_000)).matches("app/src/main/x.txt"))
        #expect(Glob(String(repeating: "*", count: 199_999)).matches(""))
        let interleaved = String(repeating: "*a", count: 500)
        #expect(Glob(interleaved).matches(String(repeating: "a", count: 500)))
        #expect(!Glob(interleaved).matches(String(repeating: "a", count: 499)))
        #expect(Glob(String(repeating: "**/", count: 300) + "x.txt").matches("a/b/c/x.txt"))
        #expect(!Glob(String(repeating: "*/", count: 3) + "x.txt").matches("a/b/x.txt"))
    }
}

@Suite struct BoundedProjectTests {
    /// A copy of SampleApp to change, removed afterwards by the caller.
    static func sampleCopy() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: Fixtures.testImage("SampleApp").path, toPath: root)
        return root
    }

    static func run(_ root: String, maxFileBytes: Int? = nil) throws -> Report {
        var request = ProjectCheckRequest(projectDirectory: root)
        if let maxFileBytes { request.ninePatchChecker.decoder.limits.maxFileBytes = maxFileBytes }
        return try request.run().report
    }

    @Test(arguments: [
        "app/build.gradle.kts", "settings.gradle.kts", "app/src/main/AndroidManifest.xml",
        "fastlane/metadata/android/en-US/title.txt",
    ])
    func aFIFOIsAFindingNeverRead(file: String) throws {
        let root = try Self.sampleCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.removeItem(atPath: root + "/" + file)
        #expect(mkfifo(root + "/" + file, 0o600) == 0)
        let report = try Self.run(root)
        #expect(
            report.diagnostics.contains {
                $0.ruleID == "PRJ001" && $0.message.contains("not a regular file (a FIFO)")
            })
    }

    @Test func aFIFOAsPlayprepYmlIsAOneLineError() throws {
        let root = try Self.sampleCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(mkfifo(root + "/playprep.yml", 0o600) == 0)
        do {
            _ = try Self.run(root)
            Issue.record("a FIFO was read as playprep.yml")
        } catch let failure as ProjectCheckFailure {
            #expect(failure.error.description.hasSuffix("playprep.yml: cannot be read: not a regular file (a FIFO)"))
        }
    }

    @Test func aListingFileOverMaxFileBytesIsAFindingNamingTheLimit() throws {
        let root = try Self.sampleCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let description = root + "/fastlane/metadata/android/en-US/full_description.txt"
        try Data(repeating: UInt8(ascii: "a"), count: 300_000).write(to: URL(fileURLWithPath: description))
        let report = try Self.run(root, maxFileBytes: 100_000)
        #expect(
            report.diagnostics.contains {
                $0.ruleID == "PRJ001" && $0.severity == .error
                    && $0.message.contains("file is 300000 bytes, over the limit of 100000 bytes")
            })
    }

    /// Up to the limit of locale folders (en-US and 999 others) each stray folder is its own finding; past it the
    /// listing checker names the folder at the limit (`MalformedListingTests`).
    @Test func manyUnknownLocaleFoldersAreEachAFinding() throws {
        let root = try Self.sampleCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let count = ListingChecker.maximumLocaleFolders - 1
        for index in 0..<count {
            let folder = root + "/fastlane/metadata/android/zz\(index)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data("T\n".utf8).write(to: URL(fileURLWithPath: folder + "/title.txt"))
        }
        let report = try Self.run(root)
        let folders = Set(report.diagnostics.filter { $0.ruleID == "LAY001" }.map(\.file))
        #expect(folders.count == count)
        #expect(!report.diagnostics.contains { $0.ruleID == "PRJ001" })
    }

    /// Past the limit the walk does not enter the other locale folders (in name order): the first of them is one
    /// PRJ001 naming the limit and the count, and nothing in any of them is read or judged.
    @Test func localeFoldersPastTheLimitAreOneFindingAndNotRead() throws {
        let root = try Self.sampleCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let names = (0..<(ListingChecker.maximumLocaleFolders + 2)).map { "zz\($0)" }
        for name in names {
            let folder = root + "/fastlane/metadata/android/" + name
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data("T\n".utf8).write(to: URL(fileURLWithPath: folder + "/title.txt"))
        }
        let inOrder = (names + ["en-US"]).sorted()
        let report = try Self.run(root)
        let limit = report.diagnostics.filter { $0.ruleID == "PRJ001" }
        #expect(
            limit.map(\.file) == [root + "/fastlane/metadata/android/" + inOrder[ListingChecker.maximumLocaleFolders]])
        #expect(
            limit.map(\.message) == [
                "cannot read this listing folder (" + ListingChecker.localeFoldersOverLimit(3) + "): it was not checked"
            ])
        #expect(limit.first?.message.contains("locale folder 1001 of 1003") == true)
        let judged = Set(report.diagnostics.filter { $0.ruleID == "LAY001" }.map(\.file))
        #expect(judged.count == ListingChecker.maximumLocaleFolders - 1)
        #expect(!judged.contains { $0.hasSuffix("/" + inOrder[ListingChecker.maximumLocaleFolders]) })
    }

    /// A Fastfile the fastlane reader skips for its size (over 1 MiB) is a PRJ001 naming that limit: its lanes are
    /// unknown, and the tree's verdict must not change in silence.
    @Test func aFastfileOverTheFastlaneLimitIsAFindingNamingIt() throws {
        let root = try Self.sampleCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file = root + "/fastlane/Fastfile"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let padded = text + String(repeating: "# padding\n", count: FastlaneFiles.Limits.fileBytes / 10 + 1)
        try Data(padded.utf8).write(to: URL(fileURLWithPath: file))
        let report = try Self.run(root)
        #expect(
            report.diagnostics.filter { $0.ruleID == "PRJ001" }.map(\.message) == [
                "cannot read a fastlane file (file is \(padded.utf8.count) bytes, over the limit of "
                    + "\(FastlaneFiles.Limits.fileBytes) bytes): it was skipped"
            ])
    }

    @Test func aManifestNestedTooDeeplyIsANoteNamingTheLimit() throws {
        let root = try Self.sampleCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let depth = 20_000
        let manifest =
            "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">"
            + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</manifest>\n"
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: root + "/app/src/main/AndroidManifest.xml"))
        let report = try Self.run(root)
        #expect(report.diagnostics.contains { $0.ruleID == "DCL001" && $0.message.contains("more than 256 deep") })
    }

    @Test func aHugeQuotedValueIsCutInTheReport() throws {
        let root = try Self.sampleCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file = root + "/app/build.gradle.kts"
        let script = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
            of: "applicationId = \"com.playprep.sample\"",
            with: "applicationId = \"" + String(repeating: "\\\"", count: 200_000) + "\"")
        try Data(script.utf8).write(to: URL(fileURLWithPath: file))
        let report = try Self.run(root)
        let findings = report.diagnostics.filter { $0.ruleID.hasPrefix("PKG") }
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { $0.message.count < 1_000 })
        #expect(findings.contains { $0.message.contains("characters left out") })
    }

    @Test func theVariantCapIsAPRJ002Note() throws {
        let root = try Self.sampleCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let dimensions = (0..<12).map { "d\($0)" }
        var flavours = "  flavorDimensions += listOf(" + dimensions.map { "\"\($0)\"" }.joined(separator: ", ")
        flavours += ")\n  productFlavors {\n"
        for name in dimensions {
            for flavour in 0..<3 { flavours += "    create(\"\(name)x\(flavour)\") { dimension = \"\(name)\" }\n" }
        }
        let script =
            "plugins { id(\"com.android.application\") }\nandroid {\n  namespace = \"com.playprep.sample\"\n"
            + "  defaultConfig { applicationId = \"com.playprep.sample\"\n versionCode = 3 }\n" + flavours + "  }\n}\n"
        try Data(script.utf8).write(to: URL(fileURLWithPath: root + "/app/build.gradle.kts"))
        let report = try Self.run(root)
        #expect(
            report.diagnostics.contains {
                $0.ruleID == "PRJ002" && $0.severity == .note && $0.message.contains("cap of 1000 variants")
                    && $0.message.contains("12 flavour dimensions")
            })
    }
}
