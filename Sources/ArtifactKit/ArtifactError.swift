/// Why an artifact could not be read at all. Every case renders as one line that follows the file's name.
public enum ArtifactError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened or is larger than the reading limit.
    case unreadable(String)
    /// Not a ZIP archive, or one whose directory is cut short or corrupt.
    case notAnArchive(String)
    /// An entry name that would leave the extraction folder or is ambiguous across systems.
    case unsafeEntryName(String, reason: String)
    case tooManyEntries(count: Int, limit: Int)
    case entryTooLarge(String, bytes: UInt64, limit: Int)
    case archiveTooLarge(bytes: UInt64, limit: Int)
    /// An entry that expands far more than real files do: a zip bomb.
    case compressionRatio(String, ratio: UInt64, limit: Int)
    /// Two entries whose compressed data share bytes of the file: one stream inflated once per entry.
    case overlappingEntries(String, String)
    /// An entry whose data cannot be read or inflated, or whose checksum does not match.
    case corruptEntry(String, reason: String)
    /// A required entry is missing (the manifest).
    case missingEntry(String)
    /// An entry in Android's binary formats that cannot be parsed.
    case malformed(String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let reason): "cannot be read: \(reason)"
        case .notAnArchive(let reason): "not a ZIP archive (APK or AAB): \(reason)"
        case .unsafeEntryName(let name, let reason):
            "refused before extracting anything: entry '\(name)' \(reason)"
        case .tooManyEntries(let count, let limit):
            "refused before extracting anything: \(count) entries, over the limit of \(limit)"
        case .entryTooLarge(let name, let bytes, let limit):
            "refused: entry '\(name)' expands to \(bytes) bytes, over the per-entry limit of \(limit)"
        case .archiveTooLarge(let bytes, let limit):
            "refused before extracting anything: the entries expand to \(bytes) bytes, over the limit of \(limit)"
        case .compressionRatio(let name, let ratio, let limit):
            "refused before extracting anything: entry '\(name)' expands \(ratio) times, over the limit of "
                + "\(limit) (a zip bomb)"
        case .overlappingEntries(let first, let second):
            "refused before extracting anything: entries '\(first)' and '\(second)' share compressed bytes of the "
                + "file (one stream inflated once per entry: a zip bomb)"
        case .corruptEntry(let name, let reason): "entry '\(name)' is corrupt: \(reason)"
        case .missingEntry(let name): "no \(name): not an APK or AAB"
        case .malformed(let name, let reason): "\(name) is malformed: \(reason)"
        }
    }
}
