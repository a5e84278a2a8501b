import ArtifactKit
import Foundation
import TestSupport
import Testing

/// Untrusted archives are refused by their directory, before any entry is read, and never written to disk.
@Suite struct SafeArchiveTests {
    func refusal(_ name: String, limits: ArchiveLimits = ArchiveLimits()) -> ArtifactError? {
        do {
            _ = try SafeArchive(path: Fixtures.testImage("artifacts/\(name)").path, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func aTruncatedArchiveHasNoDirectory() {
        guard case .notAnArchive? = refusal("truncated.apk") else {
            Issue.record("\(String(describing: refusal("truncated.apk")))")
            return
        }
    }

    /// ZIPFoundation traps on a directory offset past the end of the file; the directory is checked first.
    @Test func offsetsPastTheEndAreRefusedBeforeZIPFoundationReadsThem() throws {
        var bytes = try Fixtures.bytes(Fixtures.testImage("artifacts/release.apk"))
        let record = try #require((0..<(bytes.count - 4)).last { bytes[$0..<($0 + 4)] == [0x50, 0x4B, 0x01, 0x02] })
        bytes.replaceSubrange((record + 42)..<(record + 46), with: [0, 0, 0, 0x10])
        let error = #expect(throws: (any Error).self) { try SafeArchive(bytes: bytes) }
        guard case .notAnArchive(let reason) = error as? ArtifactError else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(reason.contains("points at a local header outside the file"), "\(reason)")
    }

    @Test func aTextFileIsNotAnArchive() {
        #expect(refusal("not-a-zip.apk") == .notAnArchive("it does not start with a ZIP local file header"))
    }

    @Test func aZipBombIsRefusedByItsRatio() {
        guard case .compressionRatio(let name, let ratio, let limit)? = refusal("zip-bomb.apk") else {
            Issue.record("\(String(describing: refusal("zip-bomb.apk")))")
            return
        }
        #expect(name == "AndroidManifest.xml")
        #expect(ratio > 1000)
        #expect(limit == 200)
        // Without the ratio limit, the per-entry and total budgets still refuse it.
        var loose = ArchiveLimits(maxEntryBytes: 1 << 20)
        loose.maxCompressionRatio = .max
        guard case .entryTooLarge? = refusal("zip-bomb.apk", limits: loose) else {
            Issue.record("the per-entry budget did not refuse it")
            return
        }
        loose = ArchiveLimits(maxTotalBytes: 1 << 20)
        loose.maxCompressionRatio = .max
        guard case .archiveTooLarge? = refusal("zip-bomb.apk", limits: loose) else {
            Issue.record("the total budget did not refuse it")
            return
        }
    }

    @Test func entriesThatClimbOutAreRefused() {
        #expect(
            refusal("path-traversal.apk")
                == .unsafeEntryName("../../escaped.txt", reason: "climbs out of the archive with '..'"))
    }

    @Test func tooManyEntries() {
        #expect(refusal("release.apk", limits: ArchiveLimits(maxEntries: 3)) == .tooManyEntries(count: 7, limit: 3))
    }

    @Test func unsafeNames() {
        let refused = ["/etc/passwd", "C:/x", "a\\..\\b", "lib/../../x", "..", "a/../b"]
        for name in refused { #expect(SafeArchive.unsafeReason(name) != nil, "\(name)") }
        for name in ["AndroidManifest.xml", "lib/arm64-v8a/libx.so", "res/..x/a.png", "a..b"] {
            #expect(SafeArchive.unsafeReason(name) == nil, "\(name)")
        }
    }

    @Test func storedLibrariesStartOnSixteenKilobyteBoundaries() throws {
        let archive = try SafeArchive(path: Fixtures.testImage("artifacts/release.apk").path)
        #expect(archive.storedDataOffsets["lib/arm64-v8a/libanswer.so"].map { $0 % 16_384 } == 0)
        #expect(try archive.read("lib/arm64-v8a/libanswer.so").prefix(4) == [0x7F, 0x45, 0x4C, 0x46])
    }
}
