import FileAccess
import Foundation
import ZIPFoundation

/// An untrusted ZIP archive (APK or AAB) judged by its directory before anything is read, whose entries are then
/// read into memory only, within ``ArchiveLimits``. Nothing is ever written to disk.
public struct SafeArchive {
    /// One entry as the archive's directory declares it.
    public struct EntryInfo: Sendable, Hashable {
        public var path: String
        public var compressedSize: UInt64
        public var uncompressedSize: UInt64
        public var isCompressed: Bool
        public var isFolder: Bool
    }

    private let archive: Archive
    /// Each entry with its uncompressed size as the directory declares it.
    private let entriesByPath: [String: (entry: Entry, size: UInt64)]
    public let limits: ArchiveLimits
    /// Every file entry, in directory order.
    public let entries: [EntryInfo]
    /// Where each stored (uncompressed) entry's data starts in the archive file, for alignment checks.
    public let storedDataOffsets: [String: Int]
    /// The archive file itself, for what lies outside the entries (the APK Signing Block). For an archive read
    /// from a file, the file mapped into memory: only what is read of it is ever loaded.
    let bytes: Data

    /// Maps the archive at `path` into memory (``FileReader/map(_:)``: a 1 GiB archive costs the pages of its
    /// directory and of the entries read, not 1 GiB) and judges its directory: entry names, count, sizes and
    /// compression ratios. Throws the first refusal.
    public init(path: String, limits: ArchiveLimits = ArchiveLimits()) throws(ArtifactError) {
        let file: MappedFile
        do {
            file = try FileReader(maxBytes: limits.maxArchiveBytes).map(path)
        } catch {
            throw .unreadable(error.description)
        }
        // The `Data` points at the mapped pages and keeps the mapping until it is released; neither ZIPFoundation
        // (which opens it read-only) nor anything here writes to it.
        let data = file.withUnsafeBytes { bytes in
            bytes.baseAddress.map { start in
                Data(
                    bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: bytes.count,
                    deallocator: .custom { _, _ in withExtendedLifetime(file) {} })
            } ?? Data()
        }
        try self.init(data: data, limits: limits)
    }

    /// The archive held in `bytes`.
    public init(bytes: [UInt8], limits: ArchiveLimits = ArchiveLimits()) throws(ArtifactError) {
        try self.init(data: Data(bytes), limits: limits)
    }

    private init(data bytes: Data, limits: ArchiveLimits) throws(ArtifactError) {
        guard bytes.count >= 4, bytes[0] == 0x50, bytes[1] == 0x4B else {
            throw .notAnArchive("it does not start with a ZIP local file header")
        }
        // ZIPFoundation trusts the directory's offsets and traps on one past the end: check them first.
        let records = try ZipDirectory.records(bytes)
        let archive: Archive
        do {
            archive = try Archive(data: bytes, accessMode: .read)
        } catch {
            // ZIPFoundation's error names (missingEndOfCentralDirectoryRecord, …) say no more than this.
            throw .notAnArchive("no readable central directory: the file is truncated or corrupt")
        }
        let all = Array(archive)
        guard all.count <= limits.maxEntries else { throw .tooManyEntries(count: all.count, limit: limits.maxEntries) }
        // The sizes are the directory's as read here: ZIPFoundation takes a ZIP64 size of 0 for "not given" and
        // keeps 0xFFFFFFFF (`zip -fz` writes every size as a ZIP64 field).
        guard all.count == records.count else {
            throw .notAnArchive("its directory holds \(records.count) records, of which \(all.count) could be read")
        }
        var total: UInt64 = 0
        var infos = [EntryInfo]()
        var byPath = [String: (entry: Entry, size: UInt64)]()
        for (entry, record) in zip(all, records) {
            let path = entry.path
            if let reason = Self.unsafeReason(path) { throw .unsafeEntryName(path, reason: reason) }
            guard byPath[path] == nil else { throw .unsafeEntryName(path, reason: "appears twice") }
            let size = UInt64(record.uncompressedSize)
            let compressedSize = UInt64(record.compressedSize)
            if size > UInt64(limits.maxEntryBytes) {
                throw .entryTooLarge(path, bytes: size, limit: limits.maxEntryBytes)
            }
            if size >= UInt64(limits.ratioCheckMinimumBytes) {
                let ratio = size / max(compressedSize, 1)
                if ratio > UInt64(limits.maxCompressionRatio) {
                    throw .compressionRatio(path, ratio: ratio, limit: limits.maxCompressionRatio)
                }
            }
            total += size
            if total > UInt64(limits.maxTotalBytes) {
                throw .archiveTooLarge(bytes: total, limit: limits.maxTotalBytes)
            }
            byPath[path] = (entry, size)
            infos.append(
                EntryInfo(
                    path: path, compressedSize: compressedSize, uncompressedSize: size,
                    isCompressed: entry.isCompressed, isFolder: entry.type == .directory))
        }
        self.archive = archive
        self.entriesByPath = byPath
        self.limits = limits
        self.entries = infos.filter { !$0.isFolder }
        self.storedDataOffsets = Dictionary(
            records.filter { $0.method == 0 }.map { ($0.name, $0.dataStart) }, uniquingKeysWith: { first, _ in first })
        self.bytes = bytes
    }

    /// Whether the archive has an entry named `path`.
    public func contains(_ path: String) -> Bool { entriesByPath[path] != nil }

    /// The bytes of entry `path`, inflated in memory; stops as soon as more bytes arrive than the directory
    /// declared or the per-entry limit allows, and checks the CRC.
    public func read(_ path: String) throws(ArtifactError) -> [UInt8] {
        guard let (entry, declared) = entriesByPath[path] else { throw .missingEntry(path) }
        // Nothing to inflate (and ZIPFoundation would read a ZIP64 entry of 0 bytes as one of 0xFFFFFFFF).
        if declared == 0 {
            guard entry.checksum == 0 else {
                throw .corruptEntry(path, reason: "empty, but the directory declares the CRC-32 \(hex(entry.checksum))")
            }
            return []
        }
        let limit = min(declared, UInt64(limits.maxEntryBytes))
        var data = [UInt8]()
        data.reserveCapacity(Int(limit))
        let checksum: CRC32
        do {
            checksum = try archive.extract(entry, skipCRC32: false) { chunk in
                guard UInt64(data.count + chunk.count) <= limit else {
                    throw ArtifactError.entryTooLarge(
                        path, bytes: UInt64(data.count + chunk.count), limit: Int(limit))
                }
                data.append(contentsOf: chunk)
            }
        } catch let error as ArtifactError {
            throw error
        } catch {
            throw .corruptEntry(path, reason: "\(error)")
        }
        guard UInt64(data.count) == declared else {
            throw .corruptEntry(path, reason: "\(data.count) bytes where the directory declares \(declared)")
        }
        guard checksum == entry.checksum else {
            throw .corruptEntry(
                path, reason: "its CRC-32 is \(hex(checksum)) where the directory declares \(hex(entry.checksum))")
        }
        return data
    }

    /// Entry `path` read and parsed by `body`; a parse failure names the entry.
    public func parse<T>(_ path: String, _ body: ([UInt8]) throws(ArtifactParseError) -> T) throws(ArtifactError) -> T {
        let bytes = try read(path)
        do {
            return try body(bytes)
        } catch {
            throw .malformed(path, reason: error.description)
        }
    }

    /// Why an entry name is refused: one that an extractor could write outside its folder (`..`, absolute,
    /// drive letters), or one whose meaning differs between systems (backslashes, NUL).
    public static func unsafeReason(_ path: String) -> String? {
        if path.isEmpty { return "has an empty name" }
        if path.contains("\\") { return "contains a backslash, which Windows reads as a folder separator" }
        if path.unicodeScalars.contains(where: { $0.value == 0 }) { return "contains a NUL character" }
        if path.hasPrefix("/") { return "is an absolute path" }
        if path.count >= 2, path.dropFirst().first == ":", path.first?.isLetter == true {
            return "starts with a drive letter"
        }
        if path.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
            return "climbs out of the archive with '..'"
        }
        return nil
    }
}

/// A CRC-32 as eight hexadecimal digits.
private func hex(_ checksum: CRC32) -> String {
    let digits = String(checksum, radix: 16)
    return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
}

/// The central directory read directly (ZIP64 records too), for what ZIPFoundation does not expose or trusts:
/// where an entry's data starts, whether every place the directory points at lies inside the file, and whether
/// two entries share compressed bytes.
enum ZipDirectory {
    /// One directory record: its name, compression method and where its local header and data lie.
    struct Record {
        var name: String
        var method: Int
        var localHeader: Int
        var dataStart: Int
        var compressedSize: Int
        var uncompressedSize: Int
    }

    /// Where the directory lies and how many records it holds, from the end record (or its ZIP64 record).
    struct Location {
        var start: Int
        var count: Int
        /// Where the records must end: the ZIP64 end record if there is one, else the end record.
        var end: Int
    }

    /// Every record of the directory, in directory order; empty when there is no end record to read (which
    /// ZIPFoundation then refuses itself). Throws why the directory cannot be trusted: a record, a local header or
    /// an entry's data past the end of the file, or entries whose data overlap, which would inflate one deflate
    /// stream once per entry and so pass every per-entry check (an overlapping-entry zip bomb).
    static func records(_ bytes: Data) throws(ArtifactError) -> [Record] {
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        guard let location = try location(bytes) else { return [] }
        var record = location.start
        var records = [Record]()
        records.reserveCapacity(min(location.count, 1 << 16))
        for index in 0..<location.count {
            guard record + 46 <= location.end, u32(record) == 0x0201_4B50 else {
                throw .notAnArchive(
                    "directory record \(index + 1) of \(location.count) lies outside the file or is damaged")
            }
            let nameLength = u16(record + 28)
            let extraLength = u16(record + 30)
            let next = record + 46 + nameLength + extraLength + u16(record + 32)
            guard next <= location.end else {
                throw .notAnArchive("directory record \(index + 1) of \(location.count) runs past the directory's end")
            }
            var compressed = u32(record + 20)
            var uncompressed = u32(record + 24)
            var local = u32(record + 42)
            // ZIP64: the sizes and offset marked 0xFFFFFFFF are in the record's extra field 0x0001, in this order.
            if uncompressed == 0xFFFF_FFFF || compressed == 0xFFFF_FFFF || local == 0xFFFF_FFFF {
                var values = zip64Values(
                    bytes, extra: (record + 46 + nameLength)..<(record + 46 + nameLength + extraLength))
                var zeroSize = false
                var zeroOffset = false
                if uncompressed == 0xFFFF_FFFF, !values.isEmpty {
                    uncompressed = values.removeFirst()
                    zeroSize = uncompressed == 0
                }
                if compressed == 0xFFFF_FFFF, !values.isEmpty {
                    compressed = values.removeFirst()
                    zeroSize = zeroSize || compressed == 0
                }
                if local == 0xFFFF_FFFF, !values.isEmpty {
                    local = values.removeFirst()
                    zeroOffset = local == 0
                }
                // ZIPFoundation takes a ZIP64 value of 0 for "not given" and reads at 0xFFFFFFFF instead, past the
                // end of a smaller file, where it traps: a first local header at offset 0 given only in ZIP64, or a
                // data descriptor after data whose size is given so (a size of 0 is read as 0 otherwise).
                let usesDescriptor = u16(record + 8) & 0x8 != 0
                if zeroOffset || (usesDescriptor && zeroSize) {
                    throw .notAnArchive(
                        "entry \(index + 1) gives its local header's offset or its size as 0 in a ZIP64 field, which "
                            + "the ZIP reader takes for none given")
                }
            }
            guard local >= 0, local <= bytes.count - 30, u32(local) == 0x0403_4B50 else {
                throw .notAnArchive(
                    "entry \(index + 1) points at a local header outside the file (offset \(local) of \(bytes.count) bytes)"
                )
            }
            let data = local + 30 + u16(local + 26) + u16(local + 28)
            guard compressed >= 0, compressed <= bytes.count, data + compressed <= bytes.count else {
                throw .notAnArchive(
                    "entry \(index + 1)'s data runs past the end of the file (\(data + compressed) of \(bytes.count) bytes)"
                )
            }
            records.append(
                Record(
                    name: String(decoding: bytes[(record + 46)..<(record + 46 + nameLength)], as: UTF8.self),
                    method: u16(record + 10), localHeader: local, dataStart: data, compressedSize: compressed,
                    uncompressedSize: uncompressed))
            record = next
        }
        let byStart = records.sorted { $0.localHeader < $1.localHeader }
        for (earlier, later) in zip(byStart, byStart.dropFirst())
        where later.localHeader < earlier.dataStart + earlier.compressedSize {
            throw .overlappingEntries(earlier.name, later.name)
        }
        return records
    }

    /// Where the directory starts and how many records it holds; `nil` without an end record.
    static func location(_ bytes: Data) throws(ArtifactError) -> Location? {
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        func u64(_ at: Int) -> Int? {
            let high = u32(at + 4)
            return high < 1 << 30 ? u32(at) | high << 32 : nil
        }
        guard let end = endRecord(bytes) else { return nil }
        let count = u16(end + 10)
        let start = u32(end + 16)
        // A ZIP64 archive marks the count or offset 0xFFFF(FFFF) and keeps the real ones in its ZIP64 end record,
        // which a locator just before the end record points at.
        if count == 0xFFFF || start == 0xFFFF_FFFF || u32(end + 12) == 0xFFFF_FFFF, end >= 20,
            u32(end - 20) == 0x0706_4B50
        {
            guard let record = u64(end - 12), record <= end - 20 - 56, u32(record) == 0x0606_4B50,
                let wide = u64(record + 32), let wideStart = u64(record + 48)
            else { throw .notAnArchive("the ZIP64 end record lies outside the file or is damaged") }
            guard wideStart <= record else {
                throw .notAnArchive("the central directory starts past its ZIP64 end record")
            }
            return Location(start: wideStart, count: wide, end: record)
        }
        guard start <= end else { throw .notAnArchive("the central directory starts past its own end record") }
        return Location(start: start, count: count, end: end)
    }

    /// The 8-byte values of a ZIP64 extended information field (id 0x0001) in `extra`, in order.
    private static func zip64Values(_ bytes: Data, extra: Range<Int>) -> [Int] {
        var at = extra.lowerBound
        while at + 4 <= extra.upperBound {
            let id = Int(bytes[at]) | Int(bytes[at + 1]) << 8
            let size = Int(bytes[at + 2]) | Int(bytes[at + 3]) << 8
            guard at + 4 + size <= extra.upperBound else { return [] }
            if id == 1 {
                return stride(from: at + 4, to: at + 4 + size - 7, by: 8).map { field in
                    (0..<8).reduce(0) { value, byte in value | Int(bytes[field + byte]) << (8 * byte) }
                }.map { $0 < 0 ? Int.max : $0 }
            }
            at += 4 + size
        }
        return []
    }

    /// Where the end of central directory record starts: the last signature within its 64 KB comment window.
    static func endRecord(_ bytes: Data) -> Int? {
        guard bytes.count >= 22 else { return nil }
        return stride(from: bytes.count - 22, through: max(0, bytes.count - 22 - 0xFFFF), by: -1).first {
            bytes[$0] == 0x50 && bytes[$0 + 1] == 0x4B && bytes[$0 + 2] == 0x05 && bytes[$0 + 3] == 0x06
        }
    }

    /// Where the central directory starts (what the APK Signing Block precedes), or `nil` without an end record.
    static func centralDirectoryOffset(_ bytes: Data) -> Int? {
        (try? location(bytes))??.start
    }
}
