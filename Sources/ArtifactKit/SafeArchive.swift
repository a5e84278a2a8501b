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
    private let entriesByPath: [String: Entry]
    public let limits: ArchiveLimits
    /// Every file entry, in directory order.
    public let entries: [EntryInfo]
    /// Where each stored (uncompressed) entry's data starts in the archive file, for alignment checks.
    public let storedDataOffsets: [String: Int]
    /// The archive file itself, for what lies outside the entries (the APK Signing Block).
    public let bytes: [UInt8]

    /// Reads the archive at `path` into memory and judges its directory: entry names, count, sizes and
    /// compression ratios. Throws the first refusal.
    public init(path: String, limits: ArchiveLimits = ArchiveLimits()) throws(ArtifactError) {
        let bytes: [UInt8]
        do {
            bytes = try FileReader(maxBytes: limits.maxArchiveBytes).read(path)
        } catch {
            throw .unreadable(error.description)
        }
        try self.init(bytes: bytes, limits: limits)
    }

    /// The archive held in `bytes`.
    public init(bytes: [UInt8], limits: ArchiveLimits = ArchiveLimits()) throws(ArtifactError) {
        guard bytes.count >= 4, bytes[0] == 0x50, bytes[1] == 0x4B else {
            throw .notAnArchive("it does not start with a ZIP local file header")
        }
        // ZIPFoundation trusts the directory's offsets and traps on one past the end: check them first.
        if let reason = ZipDirectory.outOfBoundsReason(bytes) { throw .notAnArchive(reason) }
        let archive: Archive
        do {
            archive = try Archive(data: Data(bytes), accessMode: .read)
        } catch {
            // ZIPFoundation's error names (missingEndOfCentralDirectoryRecord, …) say no more than this.
            throw .notAnArchive("no readable central directory: the file is truncated or corrupt")
        }
        let all = Array(archive)
        guard all.count <= limits.maxEntries else { throw .tooManyEntries(count: all.count, limit: limits.maxEntries) }
        var total: UInt64 = 0
        var infos = [EntryInfo]()
        var byPath = [String: Entry]()
        for entry in all {
            let path = entry.path
            if let reason = Self.unsafeReason(path) { throw .unsafeEntryName(path, reason: reason) }
            guard byPath[path] == nil else { throw .unsafeEntryName(path, reason: "appears twice") }
            let size = entry.uncompressedSize
            if size > UInt64(limits.maxEntryBytes) {
                throw .entryTooLarge(path, bytes: size, limit: limits.maxEntryBytes)
            }
            if size >= UInt64(limits.ratioCheckMinimumBytes) {
                let ratio = size / max(entry.compressedSize, 1)
                if ratio > UInt64(limits.maxCompressionRatio) {
                    throw .compressionRatio(path, ratio: ratio, limit: limits.maxCompressionRatio)
                }
            }
            total += size
            if total > UInt64(limits.maxTotalBytes) {
                throw .archiveTooLarge(bytes: total, limit: limits.maxTotalBytes)
            }
            byPath[path] = entry
            infos.append(
                EntryInfo(
                    path: path, compressedSize: entry.compressedSize, uncompressedSize: size,
                    isCompressed: entry.isCompressed, isFolder: entry.type == .directory))
        }
        self.archive = archive
        self.entriesByPath = byPath
        self.limits = limits
        self.entries = infos.filter { !$0.isFolder }
        self.storedDataOffsets = ZipDirectory.storedDataOffsets(bytes)
        self.bytes = bytes
    }

    /// Whether the archive has an entry named `path`.
    public func contains(_ path: String) -> Bool { entriesByPath[path] != nil }

    /// The bytes of entry `path`, inflated in memory; stops as soon as more bytes arrive than the directory
    /// declared or the per-entry limit allows, and checks the CRC.
    public func read(_ path: String) throws(ArtifactError) -> [UInt8] {
        guard let entry = entriesByPath[path] else { throw .missingEntry(path) }
        let declared = entry.uncompressedSize
        let limit = min(declared, UInt64(limits.maxEntryBytes))
        var data = [UInt8]()
        data.reserveCapacity(Int(limit))
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
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

/// The central directory read directly, for what ZIPFoundation does not expose: where an entry's data starts,
/// and whether every place the directory points at lies inside the file.
enum ZipDirectory {
    /// Why the directory cannot be trusted: a record, a local header or an entry's data that lies past the end of
    /// the file. `nil` when every place is inside the file (or there is no directory to read this way, which
    /// ZIPFoundation then refuses itself).
    static func outOfBoundsReason(_ bytes: [UInt8]) -> String? {
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        guard let end = endRecord(bytes) else { return nil }
        let count = u16(end + 10)
        var record = u32(end + 16)
        guard record <= end else { return "the central directory starts past its own end record" }
        for index in 0..<count {
            guard record + 46 <= bytes.count, u32(record) == 0x0201_4B50 else {
                return "directory record \(index + 1) of \(count) lies outside the file or is damaged"
            }
            let compressed = u32(record + 20)
            let next = record + 46 + u16(record + 28) + u16(record + 30) + u16(record + 32)
            let local = u32(record + 42)
            guard next <= bytes.count, local + 30 <= bytes.count, u32(local) == 0x0403_4B50 else {
                return
                    "entry \(index + 1) points at a local header outside the file (offset \(local) of \(bytes.count) bytes)"
            }
            let data = local + 30 + u16(local + 26) + u16(local + 28)
            // 0xFFFFFFFF marks a ZIP64 size, which no APK or AAB uses; ZIPFoundation judges those itself.
            guard compressed == 0xFFFF_FFFF || data + compressed <= bytes.count else {
                return
                    "entry \(index + 1)'s data runs past the end of the file (\(data + compressed) of \(bytes.count) bytes)"
            }
            record = next
        }
        return nil
    }

    /// Where the end of central directory record starts: the last signature within its 64 KB comment window.
    static func endRecord(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 22 else { return nil }
        return stride(from: bytes.count - 22, through: max(0, bytes.count - 22 - 0xFFFF), by: -1).first {
            bytes[$0] == 0x50 && bytes[$0 + 1] == 0x4B && bytes[$0 + 2] == 0x05 && bytes[$0 + 3] == 0x06
        }
    }

    /// Where the central directory starts (what the APK Signing Block precedes), or `nil` without an end record.
    static func centralDirectoryOffset(_ bytes: [UInt8]) -> Int? {
        guard let end = endRecord(bytes) else { return nil }
        return Int(bytes[end + 16]) | Int(bytes[end + 17]) << 8 | Int(bytes[end + 18]) << 16
            | Int(bytes[end + 19]) << 24
    }

    /// The data offset of every stored (method 0) entry, by name; empty when the directory cannot be read this
    /// way (ZIP64, which no APK uses).
    static func storedDataOffsets(_ bytes: [UInt8]) -> [String: Int] {
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        guard let end = endRecord(bytes) else { return [:] }
        let count = u16(end + 10)
        var record = u32(end + 16)
        var offsets = [String: Int]()
        for _ in 0..<count {
            guard record + 46 <= bytes.count, u32(record) == 0x0201_4B50 else { return offsets }
            let method = u16(record + 10)
            let nameLength = u16(record + 28)
            let next = record + 46 + nameLength + u16(record + 30) + u16(record + 32)
            let local = u32(record + 42)
            guard next <= bytes.count, local + 30 <= bytes.count, u32(local) == 0x0403_4B50 else { return offsets }
            if method == 0 {
                let name = String(decoding: bytes[(record + 46)..<(record + 46 + nameLength)], as: UTF8.self)
                offsets[name] = local + 30 + u16(local + 26) + u16(local + 28)
            }
            record = next
        }
        return offsets
    }
}
