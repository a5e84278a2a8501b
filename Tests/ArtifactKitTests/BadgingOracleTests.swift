import ArtifactKit
import Foundation
import TestSupport
import Testing

/// What playprep reads from each APK fixture equals what `aapt2 dump badging` prints (Debian: aapt).
@Suite struct BadgingOracleTests {
    static let apks = [
        "release.apk", "release-v4.apk", "debuggable.apk", "test-only.apk", "old-target.apk", "min-above-target.apk",
        "wear-target-35.apk",
        "no-version.apk", "reserved-package.apk", "only-32-bit.apk", "page-4k.apk", "ninepatch-overflow.apk",
        "ninepatch-mismatch.apk", "unresolved-icon.apk",
    ]

    @Test(
        .enabled(
            if: Fixtures.executable(named: "aapt2") != nil,
            "aapt2 is not installed (Debian: apt-get install aapt); the badging comparison is skipped"))
    func applicationIDVersionCodeAndTargetSdkMatchAapt2() throws {
        let aapt2 = try #require(Fixtures.executable(named: "aapt2"))
        let checker = ArtifactChecker(date: "2026-11-23")
        for name in Self.apks {
            let path = Fixtures.testImage("artifacts/\(name)").path
            let badging = try Fixtures.standardOutput(of: aapt2, ["dump", "badging", path])
            let manifest = try checker.check(path: path).manifest
            #expect(manifest.package == Self.field("name", in: badging, line: "package:"), "\(name)")
            #expect(
                (manifest.versionCode.map(String.init) ?? "")
                    == Self.field("versionCode", in: badging, line: "package:"),
                "\(name)")
            #expect(
                manifest.targetSdkVersion.map(String.init) == Self.quoted(after: "targetSdkVersion:", in: badging),
                "\(name)")
            #expect(
                manifest.minSdkVersion.map(String.init) == Self.quoted(after: "sdkVersion:", in: badging), "\(name)")
        }
    }

    /// `name='value'` on the line starting with `line`.
    static func field(_ name: String, in text: String, line: String) -> String? {
        guard let row = text.split(separator: "\n").first(where: { $0.hasPrefix(line) }),
            let start = row.range(of: " \(name)='")
        else { return nil }
        return String(row[start.upperBound...].prefix { $0 != "'" })
    }

    /// The value of a line `key'value'`.
    static func quoted(after key: String, in text: String) -> String? {
        text.split(separator: "\n").first { $0.hasPrefix(key) }.map { String($0.dropFirst(key.count + 1).dropLast()) }
    }
}
