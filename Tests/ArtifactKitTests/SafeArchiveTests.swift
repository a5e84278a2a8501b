import ArtifactKit
import Foundation
import TestSupport
import XCTest

/// Untrusted archives are refused by their directory, before any entry is read, and never written to disk.
final class SafeArchiveTests: XCTestCase {
    func refusal(_ name: String, limits: ArchiveLimits = ArchiveLimits()) -> ArtifactError? {
        do {
            _ = try SafeArchive(path: Fixtures.testImage("artifacts/\(name)").path, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    func testATruncatedArchiveHasNoDirectory() {
        guard case .notAnArchive? = refusal("truncated.apk") else {
            return XCTFail("\(String(describing: refusal("truncated.apk")))")
        }
    }

    /// ZIPFoundation traps on a directory offset past the end of the file; the directory is checked first.
    func testOffsetsPastTheEndAreRefusedBeforeZIPFoundationReadsThem() throws {
        var bytes = try Fixtures.bytes(Fixtures.testImage("artifacts/release.apk"))
        let record = try XCTUnwrap((0..<(bytes.count - 4)).last { bytes[$0..<($0 + 4)] == [0x50, 0x4B, 0x01, 0x02] })
        bytes.replaceSubrange((record + 42)..<(record + 46), with: [0, 0, 0, 0x10])
        XCTAssertThrowsError(try SafeArchive(bytes: bytes)) { error in
            guard case .notAnArchive(let reason) = error as? ArtifactError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("points at a local header outside the file"), reason)
        }
    }

    func testATextFileIsNotAnArchive() {
        XCTAssertEqual(refusal("not-a-zip.apk"), .notAnArchive("it does not start with a ZIP local file header"))
    }

    func testAZipBombIsRefusedByItsRatio() {
        guard case .compressionRatio(let name, let ratio, let limit)? = refusal("zip-bomb.apk") else {
            return XCTFail("\(String(describing: refusal("zip-bomb.apk")))")
        }
        XCTAssertEqual(name, "AndroidManifest.xml")
        XCTAssertGreaterThan(ratio, 1000)
        XCTAssertEqual(limit, 200)
        // Without the ratio limit, the per-entry and total budgets still refuse it.
        var loose = ArchiveLimits(maxEntryBytes: 1 << 20)
        loose.maxCompressionRatio = .max
        guard case .entryTooLarge? = refusal("zip-bomb.apk", limits: loose) else { return XCTFail() }
        loose = ArchiveLimits(maxTotalBytes: 1 << 20)
        loose.maxCompressionRatio = .max
        guard case .archiveTooLarge? = refusal("zip-bomb.apk", limits: loose) else { return XCTFail() }
    }

    func testEntriesThatClimbOutAreRefused() {
        XCTAssertEqual(
            refusal("path-traversal.apk"),
            .unsafeEntryName("../../escaped.txt", reason: "climbs out of the archive with '..'"))
    }

    func testTooManyEntries() {
        XCTAssertEqual(
            refusal("release.apk", limits: ArchiveLimits(maxEntries: 3)), .tooManyEntries(count: 7, limit: 3))
    }

    func testUnsafeNames() {
        let refused = ["/etc/passwd", "C:/x", "a\\..\\b", "lib/../../x", "..", "a/../b"]
        for name in refused { XCTAssertNotNil(SafeArchive.unsafeReason(name), name) }
        for name in ["AndroidManifest.xml", "lib/arm64-v8a/libx.so", "res/..x/a.png", "a..b"] {
            XCTAssertNil(SafeArchive.unsafeReason(name), name)
        }
    }

    func testStoredLibrariesStartOnSixteenKilobyteBoundaries() throws {
        let archive = try SafeArchive(path: Fixtures.testImage("artifacts/release.apk").path)
        XCTAssertEqual(archive.storedDataOffsets["lib/arm64-v8a/libanswer.so"].map { $0 % 16_384 }, 0)
        XCTAssertEqual(try archive.read("lib/arm64-v8a/libanswer.so").prefix(4), [0x7F, 0x45, 0x4C, 0x46])
    }
}
