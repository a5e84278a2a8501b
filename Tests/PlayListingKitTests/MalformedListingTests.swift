import Diagnostics
import Foundation
import PlayListingKit
import TestSupport
import Testing

/// Committed fixtures under TestImages/listings: bad input gives diagnostics, never a crash.
@Suite("Listing fixtures")
struct MalformedListingTests {
    static func report(_ fixture: String, options: ListingOptions = ListingOptions()) throws -> Report {
        let folder = Fixtures.testImage("listings/\(fixture)")
        return try ListingChecker().check(DirectoryFileSource(root: folder), options: options, displayRoot: fixture)
    }

    @Test func binaryAndLatin1Text() throws {
        let report = try Self.report("malformed")
        let encoding = report.diagnostics.filter { $0.ruleID == "TXT008" && $0.severity == .error }
        let title = try #require(encoding.first { $0.file == "malformed/en-US/title.txt" })
        #expect(title.message.contains("not valid UTF-8: byte 0x89 at offset 0"))
        #expect(title.location == .text(line: 1, column: 1))
        let short = try #require(encoding.first { $0.file == "malformed/en-US/short_description.txt" })
        #expect(short.message.contains("byte 0xE9 at offset 3"))
        #expect(short.location == .text(line: 1, column: 4))
        #expect(
            !report.diagnostics.contains { ["TXT009", "TXT010"].contains($0.ruleID) },
            "unreadable files are not also missing")
    }

    @Test func notAListing() throws {
        let report = try Self.report("not-a-listing")
        #expect(report.diagnostics.map(\.ruleID) == ["LAY010"])
        #expect(report.fails(strict: false))
    }

    @Test func mixedFastlaneTree() throws {
        let report = try Self.report("fastlane-mixed", options: ListingOptions(checksAllChangelogs: true))
        let byRule = Dictionary(grouping: report.diagnostics, by: \.ruleID)
        #expect(byRule["TXT002"]?.first?.file == "fastlane-mixed/es-ES/short_description.txt")
        #expect(byRule["TXT002"]?.first?.location == .text(line: 1, column: 81))
        #expect(byRule["TXT004"]?.first?.message.contains("over the limit of 500") == true)
        #expect(byRule["LOC001"]?.first?.file == "fastlane-mixed/zz")
        #expect(byRule["LAY002"]?.first?.hint == "move it to en-US/images/featureGraphic.png")
        let errors = Set(report.diagnostics.filter { $0.severity == .error }.map(\.ruleID))
        #expect(errors == ["TXT002", "TXT004", "LOC001"])
        // supply never globs the hidden changelogs/.txt, so it is no part of the listing.
        #expect(!report.files.contains { $0.file.hasSuffix("/.txt") })
        // 58.txt is an old changelog: only the release's (here none, so default.txt) is checked by default.
        #expect(!(try Self.report("fastlane-mixed")).diagnostics.contains { $0.ruleID == "TXT004" })
    }

    @Test func explicitLayoutAndMissingFolder() throws {
        let gpp = try Self.report("fastlane-mixed", options: ListingOptions(layout: .gpp))
        #expect(gpp.diagnostics.contains { $0.ruleID == "LAY003" })
        #expect(throws: ListingReadError.self) {
            try ListingChecker().check(
                DirectoryFileSource(root: Fixtures.testImage("listings/absent")), displayRoot: "absent")
        }
    }

    @Test func limitsCanBeOverridden() throws {
        var limits = ListingLimits.play2026
        limits.shortDescriptionMaxCharacters.value = 100
        let folder = Fixtures.testImage("listings/fastlane-mixed")
        let report = try ListingChecker(limits: limits).check(DirectoryFileSource(root: folder), displayRoot: "x")
        #expect(!report.diagnostics.contains { $0.ruleID == "TXT002" })
    }

    /// A tree with more locale folders than Play has languages is read up to the limit: the folder after it is one
    /// unreadable entry naming the limit, and nothing in it or after it is checked.
    @Test func localeFoldersBeyondTheLimitAreNamedNotRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locales-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let limit = ListingChecker.maximumLocaleFolders
        for index in 0..<(limit + 2) {
            let locale = folder.appendingPathComponent(String(format: "zz%05d", index))
            try FileManager.default.createDirectory(at: locale, withIntermediateDirectories: true)
            try Data("T\n".utf8).write(to: locale.appendingPathComponent("title.txt"))
        }
        let report = try ListingChecker().check(DirectoryFileSource(root: folder), displayRoot: "tree")
        let unreadable = report.files.filter { $0.unreadable != nil }
        #expect(unreadable.map(\.file) == [String(format: "tree/zz%05d/", limit)])
        #expect(
            unreadable.first?.unreadable
                == "locale folder \(limit + 1) of \(limit + 2) in name order, over playprep's limit of \(limit) a "
                + "listing; the 1 after it are skipped too")
        #expect(!report.files.contains { $0.file.hasPrefix(String(format: "tree/zz%05d/t", limit + 1)) })
        #expect(report.diagnostics.filter { $0.ruleID == "LAY001" }.count == limit)
    }
}
