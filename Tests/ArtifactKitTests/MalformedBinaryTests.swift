import ArtifactKit
import Foundation
import TestSupport
import Testing

/// Android's binary formats inside an artifact are untrusted too: every truncation and thousands of corrupted
/// bytes of real files parse or throw one error, and never crash.
@Suite struct MalformedBinaryTests {
    static func entry(_ archive: String, _ path: String) throws -> [UInt8] {
        try SafeArchive(path: Fixtures.testImage("artifacts/\(archive)").path).read(path)
    }

    /// Runs `parse` on every prefix of `bytes` and on copies with bytes overwritten by a fixed pseudo-random
    /// sequence; only thrown errors are allowed.
    func survive(_ bytes: [UInt8], _ parse: ([UInt8]) throws -> Void) {
        for length in 0..<bytes.count { _ = try? parse(Array(bytes.prefix(length))) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        for _ in 0..<3000 {
            var corrupted = bytes
            for _ in 0..<(1 + next() % 4) {
                corrupted[next() % corrupted.count] = UInt8(truncatingIfNeeded: next())
            }
            _ = try? parse(corrupted)
        }
    }

    @Test func binaryXML() throws {
        survive(try Self.entry("release.apk", "AndroidManifest.xml")) { bytes in
            _ = try AppManifest(elements: BinaryXML(bytes).elements)
        }
    }

    @Test func errorsSayWhatIsWrong() throws {
        let manifest = try Self.entry("release.apk", "AndroidManifest.xml")
        let truncated = #expect(throws: (any Error).self) { try BinaryXML(Array(manifest.prefix(6))) }
        #expect(truncated as? ArtifactParseError == .truncated(offset: 4, size: 4, available: 6))
        let resources = try Self.entry("release.apk", "resources.arsc")
        let notXML = #expect(throws: (any Error).self) { try BinaryXML(resources) }
        #expect(notXML as? ArtifactParseError == .invalid("not binary XML (chunk type 0x2)"))
    }

    /// Binary XML nested 300 deep (each element keeps its path, so depth costs its square) is refused.
    @Test func deepNestingIsRefused() throws {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { u16(value & 0xFFFF) + u16(value >> 16) }
        // A UTF-8 string pool holding "a", then 300 <a> start elements with no attributes and no end.
        let pool =
            u16(0x0001) + u16(28) + u32(36) + u32(1) + u32(0) + u32(0x100) + u32(32) + u32(0)
            + u32(0) + [1, 1, 0x61, 0]
        let element =
            u16(0x0102) + u16(16) + u32(36) + u32(1) + u32(0xFFFF_FFFF)
            + u32(0xFFFF_FFFF) + u32(0) + u16(20) + u16(20) + u16(0) + u16(0) + u16(0) + u16(0)
        let body = pool + Array([[UInt8]](repeating: element, count: 300).joined())
        let document = u16(0x0003) + u16(8) + u32(8 + body.count) + body
        let error = #expect(throws: (any Error).self) { try BinaryXML(document) }
        #expect(error as? ArtifactParseError == .invalid("elements nested more than 256 deep"))
    }

    /// Many elements near the depth limit (each keeps its path) are refused once their paths hold too many names.
    @Test func wideNestingIsRefused() throws {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { u16(value & 0xFFFF) + u16(value >> 16) }
        let pool =
            u16(0x0001) + u16(28) + u32(36) + u32(1) + u32(0) + u32(0x100) + u32(32) + u32(0)
            + u32(0) + [1, 1, 0x61, 0]
        let start =
            u16(0x0102) + u16(16) + u32(36) + u32(1) + u32(0xFFFF_FFFF)
            + u32(0xFFFF_FFFF) + u32(0) + u16(20) + u16(20) + u16(0) + u16(0) + u16(0) + u16(0)
        let end = u16(0x0103) + u16(16) + u32(24) + u32(1) + u32(0xFFFF_FFFF) + u32(0xFFFF_FFFF) + u32(0)
        // 200 nested <a>, then siblings 201 deep: 5,000 of them hold 20,100 + 1,005,000 names.
        func document(siblings: Int) -> [UInt8] {
            let nested = [[UInt8]](repeating: start, count: 200).joined()
            let wide = [[UInt8]](repeating: start + end, count: siblings).joined()
            let body = pool + Array(nested) + Array(wide) + Array([[UInt8]](repeating: end, count: 200).joined())
            return u16(0x0003) + u16(8) + u32(8 + body.count) + body
        }
        #expect(try BinaryXML(document(siblings: 4_000)).elements.last?.path.count == 201)
        let error = #expect(throws: (any Error).self) { try BinaryXML(document(siblings: 5_000)) }
        #expect(
            error as? ArtifactParseError
                == .invalid(
                    "the element paths hold more than 1000000 names (an element nested N deep counts N; playprep's limit)"
                ))
    }

    @Test func resourcesARSC() throws {
        survive(try Self.entry("release.apk", "resources.arsc")) { bytes in
            let table = try ResourceTable(bytes)
            _ = table.string(0x7F02_0000)
        }
    }

    @Test func protobufManifestAndResources() throws {
        survive(try Self.entry("release.aab", "base/manifest/AndroidManifest.xml")) { bytes in
            _ = try AppManifest(elements: BundleFormat.elements(bytes))
        }
        survive(try Self.entry("release.aab", "base/resources.pb")) { bytes in
            _ = try ResourceTable(protobuf: bytes)
        }
    }

    @Test func eLF() throws {
        survive(try Self.entry("release.apk", "lib/arm64-v8a/libanswer.so")) { bytes in _ = try ELFFile(bytes) }
        survive(try Self.entry("release.apk", "lib/armeabi-v7a/libanswer.so")) { bytes in _ = try ELFFile(bytes) }
    }
}
