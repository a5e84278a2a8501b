import ArtifactKit
import Foundation
import PNGKit
import TestSupport
import Testing

/// A ZIP archive written byte by byte: stored entries, then a directory whose records may point anywhere.
struct HandMadeZip {
    private(set) var bytes = [UInt8]()
    private var records = [UInt8]()
    private var recordCount = 0

    private static func little(_ value: Int, _ width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// Appends a local header and `data` stored under `name`; returns where the header starts.
    @discardableResult mutating func entry(_ name: String, _ data: [UInt8]) -> Int {
        let offset = bytes.count
        bytes +=
            [0x50, 0x4B, 0x03, 0x04] + Self.little(20, 2) + Self.little(0, 2) + Self.little(0, 2)
            + Self.little(0, 4) + Self.little(Int(CRC32.checksum(data)), 4) + Self.little(data.count, 4)
            + Self.little(data.count, 4) + Self.little(name.utf8.count, 2) + Self.little(0, 2) + Array(name.utf8)
            + data
        return offset
    }

    /// Adds a directory record for a stored entry named `name` of `data`, whose local header is at `offset`;
    /// with `zip64Offset`, the offset is given in a ZIP64 field (the record's own marked 0xFFFFFFFF).
    mutating func record(
        _ name: String, at offset: Int, of data: [UInt8], crc: UInt32? = nil, zip64Offset: Bool = false
    ) {
        let checksum = Int(crc ?? CRC32.checksum(data))
        let extra = zip64Offset ? Self.little(1, 2) + Self.little(8, 2) + Self.little(offset, 8) : []
        records +=
            [0x50, 0x4B, 0x01, 0x02] + Self.little(20, 2) + Self.little(20, 2) + Self.little(0, 2)
            + Self.little(0, 2) + Self.little(0, 4) + Self.little(checksum, 4) + Self.little(data.count, 4)
            + Self.little(data.count, 4) + Self.little(name.utf8.count, 2) + Self.little(extra.count, 2)
            + Self.little(0, 2) + Self.little(0, 2) + Self.little(0, 2) + Self.little(0, 4)
            + Self.little(zip64Offset ? 0xFFFF_FFFF : offset, 4) + Array(name.utf8) + extra
        recordCount += 1
    }

    /// The archive: entries, directory, end record.
    var finished: [UInt8] {
        bytes + records + [0x50, 0x4B, 0x05, 0x06] + Self.little(0, 4) + Self.little(recordCount, 2)
            + Self.little(recordCount, 2) + Self.little(records.count, 4) + Self.little(bytes.count, 4)
            + Self.little(0, 2)
    }
}

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

    /// Seven directory records naming one local header: each passes every per-entry check, but together they
    /// would inflate one stream seven times. Refused by the directory, before anything is read.
    @Test func entriesSharingOneStreamAreRefused() throws {
        let data = [UInt8](repeating: 7, count: 4096)
        var zip = HandMadeZip()
        let shared = zip.entry("AndroidManifest.xml", data)
        for index in 0..<7 { zip.record("copy\(index).bin", at: shared, of: data) }
        #expect(throws: ArtifactError.overlappingEntries("copy0.bin", "copy1.bin")) {
            try SafeArchive(bytes: zip.finished)
        }
        #expect(
            ArtifactError.overlappingEntries("copy0.bin", "copy1.bin").description
                == "refused before extracting anything: entries 'copy0.bin' and 'copy1.bin' share compressed bytes "
                + "of the file (one stream inflated once per entry: a zip bomb)")
    }

    /// An entry whose local header lies inside another entry's data overlaps it, even at another offset.
    @Test func entriesWhoseDataOverlapAreRefused() throws {
        var inner = HandMadeZip()
        inner.entry("b.bin", [1, 2, 3])
        var zip = HandMadeZip()
        let outer = zip.entry("a.bin", [9, 9] + inner.bytes)
        zip.record("a.bin", at: outer, of: [9, 9] + inner.bytes)
        zip.record("b.bin", at: outer + 30 + 5 + 2, of: [1, 2, 3])
        #expect(throws: ArtifactError.overlappingEntries("a.bin", "b.bin")) { try SafeArchive(bytes: zip.finished) }
        // The same two entries one after the other are read.
        var apart = HandMadeZip()
        let first = apart.entry("a.bin", [9, 9])
        let second = apart.entry("b.bin", [1, 2, 3])
        apart.record("a.bin", at: first, of: [9, 9])
        apart.record("b.bin", at: second, of: [1, 2, 3])
        let archive = try SafeArchive(bytes: apart.finished)
        #expect(try archive.read("b.bin") == [1, 2, 3])
    }

    /// The checksum the directory declares is compared with the bytes read: a wrong one names the entry.
    @Test func aManifestWithAWrongChecksumIsRefused() throws {
        let manifest = Array("<manifest/>".utf8)
        var zip = HandMadeZip()
        let offset = zip.entry("AndroidManifest.xml", manifest)
        zip.record("AndroidManifest.xml", at: offset, of: manifest, crc: CRC32.checksum(manifest) ^ 1)
        let archive = try SafeArchive(bytes: zip.finished)
        let expected = ArtifactError.corruptEntry(
            "AndroidManifest.xml",
            reason: "its CRC-32 is \(hex(CRC32.checksum(manifest))) where the directory declares "
                + "\(hex(CRC32.checksum(manifest) ^ 1))")
        #expect(throws: expected) { try archive.read("AndroidManifest.xml") }
        // The shipped APK's own manifest, its directory's checksum changed.
        var apk = try Fixtures.bytes(Fixtures.testImage("artifacts/release.apk"))
        let name = Array("AndroidManifest.xml".utf8)
        let signature: [UInt8] = [0x50, 0x4B, 0x01, 0x02]
        let starts = (0..<(apk.count - 46)).filter { (start: Int) -> Bool in
            apk[start..<(start + 4)].elementsEqual(signature)
                && apk[(start + 46)..<(start + 46 + name.count)].elementsEqual(name)
        }
        let record = try #require(starts.first)
        apk[record + 16] ^= 0xFF
        let error = #expect(throws: ArtifactError.self) { try SafeArchive(bytes: apk).read("AndroidManifest.xml") }
        #expect(error?.description.hasPrefix("entry 'AndroidManifest.xml' is corrupt: its CRC-32 is ") == true)
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// An APK written with ZIP64 records (`zip -fz`: the directory's offsets in ZIP64 fields and a ZIP64 end
    /// record) is read like the same APK without them.
    @Test(
        .enabled(
            if: Fixtures.executable(named: "zip") != nil && Fixtures.executable(named: "unzip") != nil,
            "zip or unzip is not installed (Debian: zip, unzip)"))
    func aZIP64ArchiveIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip64-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("tree"), withIntermediateDirectories: true)
        let original = Fixtures.testImage("artifacts/release.apk").path
        func run(_ tool: String, _ arguments: [String]) throws {
            let process = Process()
            process.executableURL = Fixtures.executable(named: tool)
            process.arguments = arguments
            process.currentDirectoryURL = folder.appendingPathComponent("tree")
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(tool) \(arguments)")
        }
        try run("unzip", ["-q", original])
        try run("zip", ["-q", "-r", "-fz", "../zip64.apk", "."])
        let zip64 = try Fixtures.bytes(folder.appendingPathComponent("zip64.apk"))
        #expect(
            (0..<(zip64.count - 3)).contains { zip64[$0..<($0 + 4)] == [0x50, 0x4B, 0x06, 0x06] }, "no ZIP64 end record"
        )
        let archive = try SafeArchive(bytes: zip64)
        let plain = try SafeArchive(path: original)
        #expect(Set(archive.entries.map(\.path)) == Set(plain.entries.map(\.path)))
        #expect(try archive.read("AndroidManifest.xml") == plain.read("AndroidManifest.xml"))
    }

    /// A local header's offset given only in a ZIP64 field is read; given so as 0 (the first entry's), which
    /// ZIPFoundation takes for none given and reads at 0xFFFFFFFF instead (a trap past the end of the file), it
    /// is refused by the directory.
    @Test func aZIP64OffsetOfZeroIsRefusedNotTrappedOn() throws {
        let data = Array("<manifest/>".utf8)
        var zip = HandMadeZip()
        let first = zip.entry("AndroidManifest.xml", data)
        zip.record("AndroidManifest.xml", at: first, of: data, zip64Offset: true)
        #expect(
            throws: ArtifactError.notAnArchive(
                "entry 1 gives its local header's offset or its size as 0 in a ZIP64 field, which the ZIP reader "
                    + "takes for none given")
        ) { try SafeArchive(bytes: zip.finished) }
        var later = HandMadeZip()
        let padding = later.entry("padding", [0])
        let second = later.entry("AndroidManifest.xml", data)
        later.record("padding", at: padding, of: [0])
        later.record("AndroidManifest.xml", at: second, of: data, zip64Offset: true)
        #expect(try SafeArchive(bytes: later.finished).read("AndroidManifest.xml") == data)
    }

    @Test func storedLibrariesStartOnSixteenKilobyteBoundaries() throws {
        let archive = try SafeArchive(path: Fixtures.testImage("artifacts/release.apk").path)
        #expect(archive.storedDataOffsets["lib/arm64-v8a/libanswer.so"].map { $0 % 16_384 } == 0)
        #expect(try archive.read("lib/arm64-v8a/libanswer.so").prefix(4) == [0x7F, 0x45, 0x4C, 0x46])
    }
}
