/// The budgets within which an untrusted archive is read. Every check runs on the archive's directory before any
/// entry is read, and the byte limits are enforced again while inflating (a directory can lie about sizes).
public struct ArchiveLimits: Sendable, Hashable {
    /// The archive file itself (it is read into memory).
    public var maxArchiveBytes: Int
    public var maxEntries: Int
    /// One entry, uncompressed.
    public var maxEntryBytes: Int
    /// All entries together, uncompressed, as the directory declares them.
    public var maxTotalBytes: Int
    /// Uncompressed size divided by compressed size, for entries of at least ``ratioCheckMinimumBytes``.
    /// Deflate cannot exceed about 1032; real APK content stays far below 100.
    public var maxCompressionRatio: Int
    /// Smaller entries are not judged by their ratio (a few hundred zero bytes compress 100 times).
    public var ratioCheckMinimumBytes: Int

    public init(
        maxArchiveBytes: Int = 1 << 30, maxEntries: Int = 65_536, maxEntryBytes: Int = 256 << 20,
        maxTotalBytes: Int = 2 << 30, maxCompressionRatio: Int = 200, ratioCheckMinimumBytes: Int = 1 << 20
    ) {
        self.maxArchiveBytes = maxArchiveBytes
        self.maxEntries = maxEntries
        self.maxEntryBytes = maxEntryBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxCompressionRatio = maxCompressionRatio
        self.ratioCheckMinimumBytes = ratioCheckMinimumBytes
    }
}
