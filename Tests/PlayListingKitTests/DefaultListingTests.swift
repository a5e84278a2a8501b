import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import PlayListingKit

/// Issue 35 on listings: what Play's counting proves (TXT007), one unreadable file among readable ones, and the
/// release notes judged without a versionCode, on the fixtures in TestImages/defaults/.
@Suite struct DefaultListingTests {
    static func report(_ fixture: String, options: ListingOptions = ListingOptions()) throws -> Report {
        let folder = Fixtures.testImage("defaults/\(fixture)")
        return try ListingChecker().check(DirectoryFileSource(root: folder), options: options, displayRoot: fixture)
    }

    /// A title and a short description over their limits only by the final newline supply sends are warnings
    /// (Play's counting of it is unproven for them); release notes over theirs by it stay errors ("length 1004").
    @Test func trailingWhitespaceIsProvenOnlyForReleaseNotes() throws {
        let report = try Self.report("trailing-newline", options: ListingOptions(versionCode: 7))
        let found = report.diagnostics.filter { $0.ruleID == "TXT007" }
        let byFile = Dictionary(uniqueKeysWithValues: found.map { ($0.file, $0) })
        let title = try #require(byFile["trailing-newline/en-US/title.txt"])
        #expect(title.severity == .warning)
        #expect(title.message.contains("is unproven"))
        #expect(byFile["trailing-newline/en-US/short_description.txt"]?.severity == .warning)
        let notes = try #require(byFile["trailing-newline/en-US/changelogs/7.txt"])
        #expect(notes.severity == .error)
        #expect(notes.message.contains("Play counts what it receives and refuses it"))
        #expect(found.count == 3)
    }

    /// The newest numbered changelog stands for the release when no versionCode is given, as `check` decides it.
    @Test func theNewestNumberedChangelogIsChosen() throws {
        let files = ["en-US/changelogs/5.txt", "en-US/changelogs/12.txt", "de-DE/changelogs/9.txt", "en-US/title.txt"]
        let choice = ReleaseNotesChoice(withoutVersionCodeIn: files, tree: "")
        #expect(choice.versionCodes == [12])
        #expect(
            choice.description
                == "changelogs/12.txt (else default.txt): the newest numbered changelog, as no versionCode is known")
        let prefixed = ReleaseNotesChoice(withoutVersionCodeIn: files.map { "root/tree/" + $0 }, tree: "root/tree")
        #expect(prefixed == choice)
        let onlyDefault = ReleaseNotesChoice(withoutVersionCodeIn: ["en-US/changelogs/default.txt"], tree: "")
        #expect(onlyDefault.versionCodes == [])
        #expect(onlyDefault.description == "changelogs/default.txt: no numbered changelog and no known versionCode")
        let source = DirectoryFileSource(root: Fixtures.testImage("defaults/newest-changelog"))
        #expect(try ListingChecker().releaseNotesChoice(source, options: ListingOptions())?.versionCodes == [5])
        // Given a versionCode, or asked for every changelog, there is nothing to choose.
        #expect(try ListingChecker().releaseNotesChoice(source, options: ListingOptions(versionCode: 4)) == nil)
        #expect(
            try ListingChecker().releaseNotesChoice(source, options: ListingOptions(checksAllChangelogs: true)) == nil)
    }

    /// A numbered changelog is read by bytes with the answer of the character-level reading: empty parts left
    /// out, signs, other folders and names, non-ASCII text.
    @Test(arguments: [
        "en-US/changelogs/7.txt", "en-US//changelogs/7.txt", "/en-US/changelogs/7.txt", "en-US/changelogs/7.txt/",
        "en-US/changelogs/+7.txt", "en-US/changelogs/-7.txt", "en-US/changelogs/.txt", "en-US/changelogs/7.TXT",
        "en-US/changelog/7.txt", "en-US/changelogs/7.txt.txt", "en-US/changelogs/x/7.txt", "changelogs/7.txt",
        "é/changelogs/7.txt", "en-US/changelogs/7\u{301}.txt", "en-US/changelogs/\u{667}.txt",
        "en-US/changelogs/ 7.txt",
        "en-US/changelogs/7.txt\u{301}", "en-US/changelogs/99999999999999999999.txt", "", "/", "a/changelogs/",
    ])
    func aChangelogNumberIsReadAsByCharacters(_ path: String) {
        let parts = path.split(separator: "/")
        let number =
            parts.count == 3 && parts[1] == "changelogs" && parts[2].hasSuffix(".txt") ? Int(parts[2].dropLast(4)) : nil
        #expect(ReleaseNotesChoice(withoutVersionCodeIn: [path], tree: "").versionCodes == (number.map { [$0] } ?? []))
    }

    /// One file that cannot be read is one entry saying why; every other file is still checked.
    @Test func anUnreadableFileHidesNothingElse() throws {
        var files = ListingExample.fastlane("").files.mapValues(\.bytes)
        files["de-DE/title.txt"] = Array("Titel".utf8)
        files["de-DE/short_description.txt"] = Array(String(repeating: "b", count: 81).utf8)
        let source = FailingSource(files: files, unreadable: "en-US/title.txt")
        let report = try ListingChecker().check(source, displayRoot: "tree")
        let unreadable = report.files.filter { $0.unreadable != nil }
        #expect(unreadable.map(\.file) == ["tree/en-US/title.txt"])
        #expect(unreadable.first?.unreadable == "Permission denied")
        #expect(unreadable.first?.diagnostics == [])
        #expect(report.diagnostics.contains { $0.ruleID == "TXT002" && $0.file == "tree/de-DE/short_description.txt" })
        #expect(report.files.count > 2)
    }
}

/// Files in memory of which one cannot be read, as a file without read permission answers.
private struct FailingSource: ListingFileSource {
    var files: [String: [UInt8]]
    var unreadable: String

    func filePaths() -> [String] { files.keys.sorted() }

    func contents(of path: String) throws(ListingReadError) -> [UInt8] {
        if path == unreadable { throw .unreadable(path, reason: "Permission denied") }
        guard let bytes = files[path] else { throw .notFound(path) }
        return bytes
    }
}
