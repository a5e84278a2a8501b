import ArtifactKit
import Diagnostics
import Foundation
import TestSupport
import XCTest

/// Each ART rule on the APKs `scripts/make-artifacts.sh` builds with aapt2, clang, zipalign and apksigner: one
/// fixture fails it, `release.apk` passes every rule.
final class ArtifactFixtureTests: XCTestCase {
    /// A day under the 2026 requirement (API 36).
    static let checker = ArtifactChecker(date: "2026-11-23")

    static func path(_ name: String) -> String { Fixtures.testImage("artifacts/\(name)").path }

    /// The findings but DCL001's note, which lists the Advertising ID form every fixture (API 33+) needs and
    /// `DeclarationTests` checks.
    func findings(_ name: String, checker: ArtifactChecker = ArtifactFixtureTests.checker) throws -> [Diagnostic] {
        try checker.check(path: Self.path(name)).files.flatMap(\.diagnostics).filter { $0.ruleID != "DCL001" }
    }

    func rules(_ name: String) throws -> [String] { try findings(name).map(\.ruleID) }

    func testReleaseReadsItsManifestAndPassesEveryRule() throws {
        let check = try Self.checker.check(path: Self.path("release.apk"))
        XCTAssertEqual(check.manifest.package, "com.playprep.sample")
        XCTAssertEqual(check.manifest.versionCode, 3)
        XCTAssertEqual(check.manifest.versionName, "1.2.0")
        XCTAssertEqual(check.manifest.minSdkVersion, 24)
        XCTAssertEqual(check.manifest.targetSdkVersion, 36)
        XCTAssertFalse(check.manifest.isDebuggable)
        XCTAssertFalse(check.manifest.isTestOnly)
        XCTAssertEqual(check.files.flatMap(\.diagnostics).map(\.ruleID), ["DCL001"])
        XCTAssertEqual(check.declarations.needs.map(\.key), ["advertisingId"])
    }

    func testVersionCodeAndName() throws {
        XCTAssertEqual(try rules("no-version.apk"), ["ART001", "ART002"])
    }

    func testTargetSdkBelowPlaysRequirement() throws {
        let found = try findings("old-target.apk")
        XCTAssertEqual(found.map(\.ruleID), ["ART003"])
        XCTAssertTrue(found[0].message.contains("targetSdkVersion is 33; Play requires 36"), found[0].message)
        // Before the 2026 deadline, 35 was enough; a pinned level replaces the table.
        let earlier = ArtifactChecker(date: "2026-01-10")
        XCTAssertTrue(try findings("old-target.apk", checker: earlier)[0].message.contains("Play requires 35"))
        var pinned = TargetAPIPolicy.play2026
        pinned.override = 33
        XCTAssertEqual(try findings("old-target.apk", checker: ArtifactChecker(date: "2026-11-23", policy: pinned)), [])
    }

    /// Wear OS, TV and Automotive apps may target one level lower (35 since 2026-08-31).
    func testOtherFormFactorsHaveTheirOwnLevel() throws {
        let wear = try Self.checker.check(path: Self.path("wear-target-35.apk"))
        XCTAssertEqual(wear.manifest.features, ["android.hardware.type.watch"])
        XCTAssertTrue(wear.manifest.isOtherFormFactor)
        XCTAssertEqual(try findings("wear-target-35.apk"), [])
        XCTAssertEqual(TargetAPIPolicy.play2026.requirement(on: "2026-11-23", otherFormFactor: false)?.level, 36)
        XCTAssertEqual(TargetAPIPolicy.play2026.requirement(on: "2026-11-23", otherFormFactor: true)?.level, 35)
        XCTAssertNil(TargetAPIPolicy.play2026.requirement(on: "2024-01-01", otherFormFactor: false))
    }

    func testMinSdkAboveTargetSdk() throws {
        XCTAssertEqual(Set(try rules("min-above-target.apk")), ["ART003", "ART004"])
    }

    func testDebuggableAndTestOnly() throws {
        XCTAssertEqual(try rules("debuggable.apk"), ["ART005"])
        XCTAssertEqual(try rules("test-only.apk"), ["ART006"])
    }

    func testApplicationIDThroughThePackageNameRules() throws {
        XCTAssertEqual(try rules("reserved-package.apk"), ["PKG007"])
        let expecting = ArtifactChecker(date: "2026-11-23", expectedApplicationID: "com.playprep.other")
        XCTAssertEqual(try findings("release.apk", checker: expecting).map(\.ruleID), ["PKG013"])
    }

    func testThirtyTwoBitLibrariesNeedSixtyFourBitOnes() throws {
        let found = try findings("only-32-bit.apk")
        XCTAssertEqual(found.map(\.ruleID), ["ART007"])
        XCTAssertTrue(found[0].message.contains("lib/armeabi-v7a/ has libanswer.so but lib/arm64-v8a/ does not"))
    }

    func testFourKilobytePagesInTheELFAndTheZip() throws {
        // The 4 KB fixture keeps its classic v1 signature (JAR signing, then zipalign -p), which ART017 reports.
        let found = try findings("page-4k.apk").filter { $0.ruleID != "ART017" }
        XCTAssertEqual(found.map(\.ruleID), ["ART008", "ART009"])
        XCTAssertEqual(Set(found.map(\.file)), [Self.path("page-4k.apk") + "!/lib/arm64-v8a/libanswer.so"])
        XCTAssertTrue(found.allSatisfy { $0.severity == .error })
        XCTAssertTrue(found[0].message.contains("aligned to 4096 bytes"), found[0].message)
        XCTAssertTrue(found[1].message.contains("offset 8192"), found[1].message)
    }

    func testCompiledNinePatchChunksMustFitTheImage() throws {
        let found = try findings("ninepatch-mismatch.apk")
        XCTAssertEqual(found.map(\.ruleID), ["ART010"])
        XCTAssertEqual(
            found.first?.file, Self.path("ninepatch-mismatch.apk") + "!/res/drawable-mdpi-v4/many_stripes.9.png")
        XCTAssertTrue(
            found.first?.message.contains("outside the image's 3 pixels") ?? false, found.first?.message ?? "")
    }

    /// aapt2 compiles a source with 130 stretch runs (NP104) into an npTc whose one-byte count wrapped to 4: the
    /// chunk is self-consistent (two spans), so the artifact cannot show the overflow; only the source check can.
    func testAnOverflowedNinePatchIsConsistentInTheArtifact() throws {
        XCTAssertEqual(try findings("ninepatch-overflow.apk"), [])
    }

    func testIconAndLabelMustResolve() throws {
        let found = try findings("unresolved-icon.apk")
        XCTAssertEqual(found.map(\.ruleID), ["ART011", "ART011"])
        XCTAssertTrue(found[0].message.contains("android:icon"))
        XCTAssertTrue(found[1].message.contains("android:label"))
    }

    func testTheLabelResolvesToItsString() throws {
        let archive = try SafeArchive(path: Self.path("release.apk"))
        let check = try Self.checker.check(archive, path: "release.apk")
        guard case .reference(let id) = check.manifest.label else { return XCTFail("label is not a reference") }
        let table = try ResourceTable(try archive.read("resources.arsc"))
        XCTAssertEqual(table.string(id), "Playprep Sample")
    }
}
