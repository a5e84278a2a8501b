import ArtifactKit
import Diagnostics
import Foundation
import TestSupport
import Testing

/// Each ART rule on the APKs `scripts/make-artifacts.sh` builds with aapt2, clang, zipalign and apksigner: one
/// fixture fails it, `release.apk` passes every rule.
@Suite struct ArtifactFixtureTests {
    /// A day under the 2026 requirement (API 36).
    static let checker = ArtifactChecker(date: "2026-11-23")

    static func path(_ name: String) -> String { Fixtures.testImage("artifacts/\(name)").path }

    /// The findings but DCL001's note, which lists the Advertising ID form every fixture (API 33+) needs and
    /// `DeclarationTests` checks.
    func findings(_ name: String, checker: ArtifactChecker = ArtifactFixtureTests.checker) throws -> [Diagnostic] {
        try checker.check(path: Self.path(name)).files.flatMap(\.diagnostics).filter { $0.ruleID != "DCL001" }
    }

    func rules(_ name: String) throws -> [String] { try findings(name).map(\.ruleID) }

    @Test func releaseReadsItsManifestAndPassesEveryRule() throws {
        let check = try Self.checker.check(path: Self.path("release.apk"))
        #expect(check.manifest.package == "com.playprep.sample")
        #expect(check.manifest.versionCode == 3)
        #expect(check.manifest.versionName == "1.2.0")
        #expect(check.manifest.minSdkVersion == 24)
        #expect(check.manifest.targetSdkVersion == 36)
        #expect(!check.manifest.isDebuggable)
        #expect(!check.manifest.isTestOnly)
        #expect(check.files.flatMap(\.diagnostics).map(\.ruleID) == ["DCL001"])
        #expect(check.declarations.needs.map(\.key) == ["advertisingId"])
    }

    @Test func versionCodeAndName() throws {
        #expect(try rules("no-version.apk") == ["ART001", "ART002"])
    }

    @Test func targetSdkBelowPlaysRequirement() throws {
        let found = try findings("old-target.apk")
        #expect(found.map(\.ruleID) == ["ART003"])
        #expect(found[0].message.contains("targetSdkVersion is 33; Play requires 36"), "\(found[0].message)")
        // Before the 2026 deadline, 35 was enough; a pinned level replaces the table.
        let earlier = ArtifactChecker(date: "2026-01-10")
        #expect(try findings("old-target.apk", checker: earlier)[0].message.contains("Play requires 35"))
        var pinned = TargetAPIPolicy.play2026
        pinned.override = 33
        #expect(try findings("old-target.apk", checker: ArtifactChecker(date: "2026-11-23", policy: pinned)) == [])
    }

    /// Wear OS, TV and Automotive apps may target one level lower (35 since 2026-08-31).
    @Test func otherFormFactorsHaveTheirOwnLevel() throws {
        let wear = try Self.checker.check(path: Self.path("wear-target-35.apk"))
        #expect(wear.manifest.features == ["android.hardware.type.watch"])
        #expect(wear.manifest.isOtherFormFactor)
        #expect(try findings("wear-target-35.apk") == [])
        #expect(TargetAPIPolicy.play2026.requirement(on: "2026-11-23", otherFormFactor: false)?.level == 36)
        #expect(TargetAPIPolicy.play2026.requirement(on: "2026-11-23", otherFormFactor: true)?.level == 35)
        #expect(TargetAPIPolicy.play2026.requirement(on: "2024-01-01", otherFormFactor: false)?.level == 33)
        #expect(TargetAPIPolicy.play2026.requirement(on: "2018-01-01", otherFormFactor: false) == nil)
    }

    @Test func minSdkAboveTargetSdk() throws {
        #expect(Set(try rules("min-above-target.apk")) == ["ART003", "ART004"])
    }

    @Test func debuggableAndTestOnly() throws {
        #expect(try rules("debuggable.apk") == ["ART005"])
        #expect(try rules("test-only.apk") == ["ART006"])
    }

    @Test func applicationIDThroughThePackageNameRules() throws {
        #expect(try rules("reserved-package.apk") == ["PKG007"])
        let expecting = ArtifactChecker(date: "2026-11-23", expectedApplicationID: "com.playprep.other")
        #expect(try findings("release.apk", checker: expecting).map(\.ruleID) == ["PKG013"])
    }

    @Test func thirtyTwoBitLibrariesNeedSixtyFourBitOnes() throws {
        let found = try findings("only-32-bit.apk")
        #expect(found.map(\.ruleID) == ["ART007"])
        #expect(found[0].message.contains("lib/armeabi-v7a/ has libanswer.so but lib/arm64-v8a/ does not"))
    }

    @Test func fourKilobytePagesInTheELFAndTheZip() throws {
        // The 4 KB fixture keeps its classic v1 signature (JAR signing, then zipalign -p), which ART017 reports.
        let found = try findings("page-4k.apk").filter { $0.ruleID != "ART017" }
        #expect(found.map(\.ruleID) == ["ART008", "ART009"])
        #expect(Set(found.map(\.file)) == [Self.path("page-4k.apk") + "!/lib/arm64-v8a/libanswer.so"])
        #expect(found.allSatisfy { $0.severity == .error })
        #expect(found[0].message.contains("aligned to 4096 bytes"), "\(found[0].message)")
        #expect(found[1].message.contains("offset 8192"), "\(found[1].message)")
    }

    @Test func compiledNinePatchChunksMustFitTheImage() throws {
        let found = try findings("ninepatch-mismatch.apk")
        #expect(found.map(\.ruleID) == ["ART010"])
        #expect(found.first?.file == Self.path("ninepatch-mismatch.apk") + "!/res/drawable-mdpi-v4/many_stripes.9.png")
        #expect(found.first?.message.contains("outside the image's 3 pixels") ?? false, "\(found.first?.message ?? "")")
    }

    /// aapt2 compiles a source with 130 stretch runs (NP104) into an npTc whose one-byte count wrapped to 4: the
    /// chunk is self-consistent (two spans), so the artifact cannot show the overflow; only the source check can.
    @Test func anOverflowedNinePatchIsConsistentInTheArtifact() throws {
        #expect(try findings("ninepatch-overflow.apk") == [])
    }

    @Test func iconAndLabelMustResolve() throws {
        let found = try findings("unresolved-icon.apk")
        #expect(found.map(\.ruleID) == ["ART011", "ART011"])
        #expect(found[0].message.contains("android:icon"))
        #expect(found[1].message.contains("android:label"))
    }

    @Test func theLabelResolvesToItsString() throws {
        let archive = try SafeArchive(path: Self.path("release.apk"))
        let check = try Self.checker.check(archive, path: "release.apk")
        guard case .reference(let id) = check.manifest.label else {
            Issue.record("label is not a reference")
            return
        }
        let table = try ResourceTable(try archive.read("resources.arsc"))
        #expect(table.string(id) == "Playprep Sample")
    }
}
