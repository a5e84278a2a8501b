import ArtifactKit
import Diagnostics
import Foundation
import TestSupport
import Testing

/// Android App Bundles: the base module's protobuf manifest and resources.pb, and the same findings as an APK
/// (16 KB pages from the ELF segments only: bundletool decides the zip alignment of the APKs it makes).
@Suite struct BundleTests {
    static func path(_ name: String) -> String { Fixtures.testImage("artifacts/\(name)").path }

    func rules(_ name: String) throws -> [String] {
        try ArtifactFixtureTests.checker.check(path: Self.path(name)).files.flatMap(\.diagnostics).map(\.ruleID)
            .filter { $0 != "DCL001" }
    }

    /// A protobuf manifest of `depth` nested elements, each named `e`, encoded by hand (XmlNode.element = 1,
    /// XmlElement.name = 3, XmlElement.child = 5).
    static func nestedManifest(depth: Int) -> [UInt8] {
        func field(_ number: UInt8, _ bytes: [UInt8]) -> [UInt8] {
            var length = [UInt8]()
            var count = bytes.count
            repeat {
                length.append(UInt8(count & 0x7F) | (count > 0x7F ? 0x80 : 0))
                count >>= 7
            } while count > 0
            return [number << 3 | 2] + length + bytes
        }
        var node = [UInt8]()
        for level in 0..<depth {
            node = field(1, field(3, Array("e".utf8)) + (level == 0 ? [] : field(5, node)))
        }
        return node
    }

    /// SwiftProtobuf's decoding depth is said as the manifest's nesting, not as its error's name.
    @Test func aDeepManifestIsNamedByItsNesting() throws {
        let limit = BundleFormat.maximumElementDepth
        #expect(try BundleFormat.elements(Self.nestedManifest(depth: limit)).count == limit)
        #expect(
            throws: ArtifactParseError.invalid(
                "the manifest nests deeper than \(limit) levels (protobuf's limit of \(2 * limit) nested messages; "
                    + "an element is two)")
        ) {
            try BundleFormat.elements(Self.nestedManifest(depth: limit + 1))
        }
    }

    @Test func theReleaseBundleReadsLikeTheReleaseAPK() throws {
        let bundle = try ArtifactFixtureTests.checker.check(path: Self.path("release.aab"))
        let apk = try ArtifactFixtureTests.checker.check(path: Self.path("release.apk"))
        #expect(bundle.manifest == apk.manifest)
        let relabelled = apk.files.flatMap(\.diagnostics).map {
            var diagnostic = $0
            diagnostic.file = Self.path("release.aab")
            return diagnostic
        }
        #expect(bundle.files.flatMap(\.diagnostics) == relabelled)
        #expect(bundle.declarations.needs == apk.declarations.needs)
    }

    @Test func theLabelResolvesInResourcesPB() throws {
        let archive = try SafeArchive(path: Self.path("release.aab"))
        let manifest = try ArtifactFixtureTests.checker.check(archive, path: "release.aab").manifest
        guard case .reference(let label) = manifest.label, case .reference(let icon) = manifest.icon else {
            Issue.record("icon and label are not references")
            return
        }
        let table = try ResourceTable(protobuf: try archive.read("base/resources.pb"))
        #expect(table.string(label) == "Playprep Sample")
        #expect(table.contains(icon))
        #expect(!table.contains(icon + 1))
    }

    @Test func theSameFindingsAsAnAPK() throws {
        #expect(try rules("debuggable.aab") == ["ART005"])
        #expect(try rules("only-32-bit.aab") == ["ART007"])
        #expect(try rules("page-4k.aab") == ["ART008"])
    }

    /// The base module's manifest and resources.pb, put at the root of a zip, are a proto-format APK that
    /// `aapt2 dump badging` reads: its package, versionCode and SDK levels equal playprep's.
    @Test(
        .enabled(
            if: Fixtures.executable(named: "aapt2") != nil && Fixtures.executable(named: "zip") != nil,
            "aapt2 or zip is not installed (Debian: aapt, zip); the badging comparison is skipped"))
    func theBaseModuleMatchesAapt2() throws {
        let aapt2 = try #require(Fixtures.executable(named: "aapt2"))
        let zip = try #require(Fixtures.executable(named: "zip"))
        for name in ["release.aab", "debuggable.aab", "only-32-bit.aab", "page-4k.aab"] {
            let archive = try SafeArchive(path: Self.path(name))
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-aab-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data(try archive.read("base/manifest/AndroidManifest.xml"))
                .write(to: folder.appendingPathComponent("AndroidManifest.xml"))
            try Data(try archive.read("base/resources.pb")).write(to: folder.appendingPathComponent("resources.pb"))
            let module = folder.appendingPathComponent("module.zip").path
            _ = try Fixtures.standardOutput(
                of:
                    zip,
                [
                    "-q", "-j", module, folder.appendingPathComponent("AndroidManifest.xml").path,
                    folder.appendingPathComponent("resources.pb").path,
                ])
            let badging = try Fixtures.standardOutput(of: aapt2, ["dump", "badging", module])
            let manifest = try ArtifactFixtureTests.checker.check(archive, path: name).manifest
            #expect(manifest.package == BadgingOracleTests.field("name", in: badging, line: "package:"), "\(name)")
            #expect(
                manifest.versionCode.map(String.init)
                    == BadgingOracleTests.field("versionCode", in: badging, line: "package:"))
            #expect(
                manifest.targetSdkVersion.map(String.init)
                    == BadgingOracleTests.quoted(after: "targetSdkVersion:", in: badging))
            #expect(
                manifest.minSdkVersion.map(String.init) == BadgingOracleTests.quoted(after: "sdkVersion:", in: badging))
        }
    }
}
