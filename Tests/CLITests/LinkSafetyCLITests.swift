import Foundation
import TestSupport
import Testing

/// A hostile repository's symbolic links: nothing outside the project is read (or quoted), and no output is
/// written through a link, in every command. Each test builds its repository in a fresh folder beside an
/// `outside` folder that holds what must stay untouched and unquoted.
@Suite struct LinkSafetyCLITests {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-links-\(UUID())")
    /// A copy of the SampleApp fixture, the repository under attack.
    var project: String { scratch.appendingPathComponent("project").path }
    var outside: String { scratch.appendingPathComponent("outside").path }
    static let secret = "SECRET-TOKEN-7f3a9c"

    init() throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Fixtures.testImage("SampleApp"), to: scratch.appendingPathComponent("project"))
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try write("[remote]\n\turl = https://x-access-token:\(Self.secret)@example.com/repo\n", at: outside + "/config")
    }

    func cleanUp() { try? FileManager.default.removeItem(at: scratch) }

    func write(_ text: String, at path: String) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func link(_ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: project + "/" + relative, withDestinationPath: target)
    }

    func names(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    func isLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }

    /// The rule ids and files of a JSON report's findings.
    func findings(_ json: String) throws -> [(rule: String, file: String, message: String)] {
        let report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let files = try #require(report?["files"] as? [[String: Any]])
        return files.flatMap { file in
            (file["diagnostics"] as? [[String: Any]] ?? []).map {
                ($0["rule"] as? String ?? "", file["file"] as? String ?? "", $0["message"] as? String ?? "")
            }
        }
    }

    @Test func aReportIsNeverWrittenThroughACommittedLink() throws {
        defer { cleanUp() }
        try write("#!/bin/sh\necho victim\n", at: outside + "/victim")
        chmod(outside + "/victim", 0o755)
        try link("playprep.sarif", to: "../outside/victim")
        let run = try PlayprepBinary.run(["check", project, "--format", "sarif", "-o", project + "/playprep.sarif"])
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "playprep: error: \(project)/playprep.sarif: cannot be written: \(project)/playprep.sarif is a "
                + "symbolic link (to ../outside/victim); playprep never writes through a link\n")
        #expect(run.standardOutput.isEmpty)
        #expect(try read(outside + "/victim") == "#!/bin/sh\necho victim\n")
        // A dangling link creates nothing outside.
        try link("report.json", to: "../outside/made.json")
        let dangling = try PlayprepBinary.run(["check", project, "--format", "json", "-o", project + "/report.json"])
        #expect(dangling.status == 2)
        #expect(try names(outside) == ["config", "victim"])
    }

    @Test func aLinkedFolderOnTheWayAndTheBaselineAreRefusedToo() throws {
        defer { cleanUp() }
        try link("reports", to: "../outside")
        let projectURL = URL(fileURLWithPath: project)
        for arguments in [["--format", "json", "-o", "reports/r.json"], ["--write-baseline", "reports/b.json"]] {
            let run = try PlayprepBinary.run(["check", "."] + arguments, in: projectURL)
            #expect(run.status == 2, "\(arguments)")
            #expect(
                run.standardError.hasSuffix(
                    "reports is a symbolic link (to ../outside); playprep never writes through a link (make it a "
                        + "folder of its own)\n"), "\(run.standardError)")
        }
        try link("baseline.json", to: "../outside/config")
        let baseline = try PlayprepBinary.run(["check", project, "--write-baseline", project + "/baseline.json"])
        #expect(baseline.status == 2)
        #expect(try names(outside) == ["config"])
        #expect(try read(outside + "/config").contains(Self.secret))
        let own = scratch.appendingPathComponent("own.json").path
        // The user's own path outside the project is honoured; the two links are one PRJ001 each.
        let ownRun = try PlayprepBinary.run(["check", project, "--format", "json", "-o", own])
        #expect(ownRun.status == 1, "\(ownRun.standardError)")
        #expect(try findings(read(own)).map(\.file) == [project + "/baseline.json", project + "/reports"])
    }

    /// A listing text file linked to a secret outside the tree: one PRJ001 naming the link and its target, and
    /// the secret in no output of any format, nor in `plan` or `listing check`.
    @Test func aLinkedListingFileIsNotReadInAnyFormat() throws {
        defer { cleanUp() }
        try link("fastlane/metadata/android/en-US/video.txt", to: "../../../../../outside/config")
        let json = try PlayprepBinary.run(["check", project, "--format", "json"])
        #expect(json.status == 1)
        let found = try findings(json.standardOutput)
        #expect(found.count == 1)
        #expect(found.first?.rule == "PRJ001")
        #expect(found.first?.file.hasSuffix("fastlane/metadata/android/en-US/video.txt") == true)
        #expect(
            found.first?.message
                == "a symbolic link to ../../../../../outside/config, outside the project: it was not read")
        for format in ["text", "sarif", "junit", "github", "codeclimate", "gcc", "html"] {
            let run = try PlayprepBinary.run(["check", project, "--format", format])
            #expect(run.status == 1, "\(format)")
            #expect(!(run.standardOutput + run.standardError).contains(Self.secret), "\(format)")
            #expect(!(run.standardOutput + run.standardError).contains("x-access-token"), "\(format)")
        }
        let plan = try PlayprepBinary.run(["plan", project])
        #expect(!(plan.standardOutput + plan.standardError).contains(Self.secret))
        let listing = try PlayprepBinary.run(["listing", "check", project + "/fastlane/metadata/android"])
        #expect(listing.status == 1)
        #expect(!(listing.standardOutput + listing.standardError).contains(Self.secret))
        #expect(listing.standardOutput.contains("outside the project"), "\(listing.standardOutput)")
    }

    @Test func aLinkedGradlePropertiesIsNotRead() throws {
        defer { cleanUp() }
        try write("storePassword=\(Self.secret)\nandroid.useAndroidX=true\n", at: outside + "/keys.properties")
        try link("gradle.properties", to: "../outside/keys.properties")
        for format in ["json", "text", "github"] {
            let run = try PlayprepBinary.run(["check", project, "--format", format])
            #expect(run.status == 1, "\(format): \(run.standardError)")
            #expect(!(run.standardOutput + run.standardError).contains(Self.secret), "\(format)")
            if format == "json" {
                let unread = try findings(run.standardOutput).filter { $0.rule == "PRJ001" }
                #expect(unread.map(\.file) == [project + "/gradle.properties"], "\(unread)")
            }
        }
    }

    /// Locale folders linked to `/` and `/usr`: the walk enters neither; each is one finding, and the run is quick.
    @Test func localeFoldersLinkedToTheRootOrUsrAreOneFindingEach() throws {
        defer { cleanUp() }
        try link("fastlane/metadata/android/xx", to: "/")
        try link("fastlane/metadata/android/yy", to: "/usr")
        let started = Date()
        let run = try PlayprepBinary.run(["check", project, "--format", "json"])
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(run.status == 1)
        let found = try findings(run.standardOutput)
        #expect(found.map(\.rule) == ["PRJ001", "PRJ001"], "\(found)")
        #expect(
            found.map(\.message).sorted() == [
                "a symbolic link to /, outside the project: it was not read",
                "a symbolic link to /usr, outside the project: it was not read",
            ])
        let listing = try PlayprepBinary.run([
            "listing", "check", project + "/fastlane/metadata/android", "--format", "json",
        ])
        #expect(listing.status == 1)
        let listed = try findings(listing.standardOutput)
        #expect(listed.filter { $0.rule == "PRJ001" }.count == 2, "\(listed)")
        #expect(listed.count < 10, "\(listed.count) findings")
    }

    /// A link inside the project (a locale sharing another's files) is read exactly as a copy would be.
    @Test func aLinkInsideTheProjectIsReadAsBefore() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(
            atPath: project + "/fastlane/metadata/android/de-DE", withIntermediateDirectories: true)
        try write("Beispiel\n", at: project + "/fastlane/metadata/android/de-DE/title.txt")
        try link("fastlane/metadata/android/fr-FR", to: "de-DE")
        let linked = try PlayprepBinary.run(["check", project, "--format", "json"])
        try FileManager.default.removeItem(atPath: project + "/fastlane/metadata/android/fr-FR")
        try FileManager.default.copyItem(
            atPath: project + "/fastlane/metadata/android/de-DE", toPath: project + "/fastlane/metadata/android/fr-FR")
        let copied = try PlayprepBinary.run(["check", project, "--format", "json"])
        #expect(linked.status == copied.status)
        #expect(try findings(linked.standardOutput).map(\.rule) == findings(copied.standardOutput).map(\.rule))
        #expect(!linked.standardOutput.contains("outside the project"))
    }

    /// `ninepatch check` and `gallery` of a folder: a NinePatch linked outside it is one unread file, its pixels
    /// neither judged nor drawn.
    @Test func ninePatchCommandsDoNotReadALinkOutOfTheFolder() throws {
        defer { cleanUp() }
        try FileManager.default.copyItem(
            at: Fixtures.testImage("crafted/nearblack_tick_top.9.png"),
            to: URL(fileURLWithPath: outside + "/private.9.png"))
        try link("app/src/main/res/drawable-hdpi/linked.9.png", to: "../../../../../../outside/private.9.png")
        let run = try PlayprepBinary.run(["ninepatch", "check", project + "/app", "--format", "json"])
        #expect(run.status == 1)
        let linked = try findings(run.standardOutput).filter { $0.file.hasSuffix("/linked.9.png") }
        #expect(linked.count == 1, "\(linked)")
        #expect(linked.first?.message.contains("outside the project: not read") == true, "\(linked)")
        let page = scratch.appendingPathComponent("gallery.html").path
        let gallery = try PlayprepBinary.run(["ninepatch", "gallery", project + "/app", "-o", page])
        #expect(gallery.status == 0, "\(gallery.standardError)")
        #expect(try read(page).contains("outside the project"))
    }

    /// `ninepatch scale` into a density folder linked outside, `export` through a dangling link, `fix --in-place`
    /// on a link: refused, nothing outside changes; with `--force`, export and fix replace the link itself.
    @Test func authoringCommandsNeverWriteThroughALink() throws {
        defer { cleanUp() }
        let res = project + "/app/src/main/res"
        try FileManager.default.createDirectory(atPath: outside + "/density", withIntermediateDirectories: true)
        try link("app/src/main/res/drawable-xxhdpi", to: "../../../../../outside/density")
        let source = res + "/drawable-hdpi/tab_unselected.9.png"
        let scale = try PlayprepBinary.run(["ninepatch", "scale", source, "--res-dir", res, "--to", "xxhdpi"])
        #expect(scale.status == 2)
        #expect(scale.standardError.contains("drawable-xxhdpi is a symbolic link"), "\(scale.standardError)")
        #expect(try names(outside + "/density").isEmpty)

        let exported = scratch.appendingPathComponent("exported").path
        try FileManager.default.createDirectory(atPath: exported, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: exported + "/tab_unselected.png", withDestinationPath: "../outside/slice.png")
        let export = try PlayprepBinary.run(["ninepatch", "export", source, "--format", "css", "-o", exported])
        #expect(export.status == 2)
        #expect(export.standardError.contains("(pass --force to replace the link)"), "\(export.standardError)")
        #expect(try names(exported) == ["tab_unselected.png"])
        let forced = try PlayprepBinary.run([
            "ninepatch", "export", source, "--format", "css", "-o", exported, "--force",
        ])
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(!isLink(exported + "/tab_unselected.png"))
        #expect(try names(outside) == ["config", "density"])

        let victim = outside + "/victim.9.png"
        try FileManager.default.copyItem(
            at: Fixtures.testImage("crafted/nearblack_tick_top.9.png"), to: URL(fileURLWithPath: victim))
        let before = try Data(contentsOf: URL(fileURLWithPath: victim))
        try link("linked.9.png", to: "../outside/victim.9.png")
        let fix = try PlayprepBinary.run(["ninepatch", "fix", "--in-place", project + "/linked.9.png"])
        #expect(fix.status == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == before)
        let forcedFix = try PlayprepBinary.run(["ninepatch", "fix", "--in-place", "--force", project + "/linked.9.png"])
        #expect(forcedFix.status == 0, "\(forcedFix.standardError)")
        #expect(!isLink(project + "/linked.9.png"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == before)
    }
}
