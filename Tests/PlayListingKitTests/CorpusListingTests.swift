import Diagnostics
import Foundation
import PlayListingKit
import TestSupport
import Testing

/// The eight real listings of the shared corpus: known problems are found, nothing Play accepts is an error.
@Suite("Real listings", .enabled(if: Fixtures.sharedCorpus != nil, "shared corpus not found (set PLAYPREP_CORPUS)"))
struct CorpusListingTests {
    static let expectedErrors: [String: Set<String>] = [
        "2dust__v2rayNG": [],
        "OpenTracksApp__OpenTracks": ["LOC001", "LOC003"],
        "SimonMarquis__Android-SoundQuickSettings": [],
        "connectbot__connectbot": ["LOC001", "LOC003"],
        "gsantner__markor": ["LOC001"],
        // es-ES and ta-IN short descriptions: 80 characters and a newline, which supply sends and Play counts.
        "kylecorry31__Trail-Sense": ["LOC001", "LOC003"],
        "markusfisch__BinaryEye": ["LOC001", "LOC003", "TXT002"],
        "markusfisch__ShaderEditor": [],
    ]

    static func report(_ app: String, options: ListingOptions = ListingOptions()) throws -> Report {
        let corpus = try #require(Fixtures.sharedCorpus)
        let folder = corpus.appendingPathComponent("listings").appendingPathComponent(app)
        return try ListingChecker().check(DirectoryFileSource(root: folder), options: options, displayRoot: app)
    }

    static func findings(_ report: Report, _ rule: String) -> [Diagnostic] {
        report.diagnostics.filter { $0.ruleID == rule }
    }

    @Test("exact error rule ids per app", arguments: expectedErrors.keys.sorted())
    func errorRuleIDs(app: String) throws {
        let errors = try Self.report(app).diagnostics.filter { $0.severity == .error }
        #expect(Set(errors.map(\.ruleID)) == Self.expectedErrors[app])
    }

    @Test func binaryEyeShortDescriptions() throws {
        let report = try Self.report("markusfisch__BinaryEye")
        let short = Self.findings(report, "TXT002")
        #expect(
            short.map(\.file).sorted() == [
                "markusfisch__BinaryEye/es/short_description.txt", "markusfisch__BinaryEye/it/short_description.txt",
            ])
        #expect(short.contains { $0.message.contains("is 88 characters, over the limit of 80") })
        #expect(short.contains { $0.message.contains("is 96 characters") })
    }

    @Test(
        "changelogs over 500 characters, all of them checked on request",
        arguments: [
            ("OpenTracksApp__OpenTracks", 85), ("kylecorry31__Trail-Sense", 126), ("gsantner__markor", 4),
            ("markusfisch__BinaryEye", 2),
        ])
    func longChangelogs(app: String, count: Int) throws {
        #expect(Self.findings(try Self.report(app), "TXT004").isEmpty, "old changelogs are not uploaded again")
        let notes = Self.findings(try Self.report(app, options: ListingOptions(checksAllChangelogs: true)), "TXT004")
        #expect(notes.count == count)
        #expect(notes.allSatisfy { $0.file.contains("/changelogs/") && $0.location?.line != nil })
    }

    @Test func shaderEditorsHiddenChangelogIsNotPartOfTheListing() throws {
        // supply's globs skip hidden files, so ShaderEditor's empty changelogs/.txt is never uploaded.
        let report = try Self.report("markusfisch__ShaderEditor")
        #expect(!report.files.contains { $0.file.hasSuffix("/.txt") })
    }

    @Test func imagesDirectlyInLocaleFolders() throws {
        let openTracks = Self.findings(try Self.report("OpenTracksApp__OpenTracks"), "LAY002")
        #expect(openTracks.map(\.file) == ["OpenTracksApp__OpenTracks/en-US/icon.png"])
        #expect(openTracks.first?.hint == "move it to en-US/images/icon.png")
        let markor = Self.findings(try Self.report("gsantner__markor"), "LAY002").map(\.file)
        #expect(markor.contains("gsantner__markor/en-US/featureGraphic.png"))
        #expect(markor.contains("gsantner__markor/en-US/phoneScreenshots/01.jpg"))
    }

    @Test func markorPlaceholderLocale() throws {
        let unsupported = Self.findings(try Self.report("gsantner__markor"), "LOC001")
        #expect(unsupported.map(\.file) == ["gsantner__markor/zz"])
    }

    @Test func gppTreesAreDetected() throws {
        let report = try Self.report("connectbot__connectbot")
        #expect(report.files.contains { $0.file == "connectbot__connectbot/listings/en-US/title.txt" })
        #expect(
            Self.findings(report, "LOC003").contains {
                $0.file == "connectbot__connectbot/listings/de" && $0.hint == "rename it to 'de-DE'"
            })
    }
}
