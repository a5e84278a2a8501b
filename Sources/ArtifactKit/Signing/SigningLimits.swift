/// The budgets within which an artifact's signatures are read: the APK Signing Block and the JAR signature files
/// are untrusted input like the archive itself (``ArchiveLimits``). ASN.1 nesting is bounded by swift-asn1.
public struct SigningLimits: Sendable, Hashable {
    /// The APK Signing Block, whose size field is checked before anything in it is read.
    public var maxBlockBytes: Int
    /// A `META-INF/*.RSA|DSA|EC` file (a PKCS#7 SignedData).
    public var maxSignatureFileBytes: Int
    /// Signers in one scheme's block, and certificates of one signer.
    public var maxSigners: Int
    public var maxCertificates: Int

    public init(
        maxBlockBytes: Int = 16 << 20, maxSignatureFileBytes: Int = 1 << 20, maxSigners: Int = 16,
        maxCertificates: Int = 16
    ) {
        self.maxBlockBytes = maxBlockBytes
        self.maxSignatureFileBytes = maxSignatureFileBytes
        self.maxSigners = maxSigners
        self.maxCertificates = maxCertificates
    }
}
